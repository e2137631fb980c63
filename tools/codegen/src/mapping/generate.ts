import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDocument } from '../openapi/load.js';
import { buildModel } from '../openapi/model.js';
import { load as loadOpenRpc } from '../openrpc/load.js';
import { findRoot, type GeneratedFile, slashed } from '../shared/files.js';
import { emitMappingMarkdown } from './markdown.js';

export interface MappingOptions {
  /** The OpenAPI contract whose operations carry `x-rpc`. */
  spec: string;
  /** The OpenRPC contract; when given, every method an `x-rpc` names must be one of its methods. */
  rpc?: string;
  /** The Markdown file to write. */
  out: string;
}

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'starspec-codegen.mjs');

/** The method names of an OpenRPC document (inline or `#/components/...` references). */
export function openRpcMethodNames(document: { methods: unknown[]; [key: string]: unknown }): string[] {
  return document.methods.map((raw) => {
    let method = raw as { name?: unknown; $ref?: unknown };
    if (typeof method.$ref === 'string' && method.$ref.startsWith('#/')) {
      let target: unknown = document;
      for (const key of method.$ref.slice(2).split('/')) target = (target as Record<string, unknown>)?.[key];
      method = (target ?? {}) as typeof method;
    }
    if (typeof method.name !== 'string') throw new Error('an OpenRPC method has no name');
    return method.name;
  });
}

/**
 * `MAPPING.md` in memory: the table of every operation's `x-rpc`, paths in its header relative to the
 * repository root so that the same inputs always give the same bytes.
 */
export async function generateMapping(options: MappingOptions): Promise<GeneratedFile> {
  const specPath = resolve(options.spec);
  const outPath = resolve(options.out);
  const root = await findRoot(dirname(specPath));
  const name = (path: string) => slashed(relative(root, path));
  const model = buildModel(await loadDocument(specPath));

  let rpc: { name: string; title: string; version: string } | undefined;
  const rpcPath = options.rpc === undefined ? undefined : resolve(options.rpc);
  if (rpcPath !== undefined) {
    const document = await loadOpenRpc(rpcPath);
    const known = new Set(openRpcMethodNames(document as unknown as { methods: unknown[] }));
    const unknown = model.operations.flatMap((o) =>
      (o.rpc?.methods ?? [])
        .filter((m) => !known.has(m))
        .map((m) => `${o.meta.operationId}: x-rpc names '${m}', which ${name(rpcPath)} does not define`),
    );
    if (unknown.length > 0) throw new Error(unknown.join('; '));
    rpc = { name: name(rpcPath), title: document.info.title, version: document.info.version };
  }

  const command = [
    'node',
    name(bin),
    'mapping',
    '--spec',
    name(specPath),
    ...(rpcPath === undefined ? [] : ['--rpc', name(rpcPath)]),
    '--out',
    name(outPath),
  ].join(' ');
  const contents = emitMappingMarkdown(model, { specName: name(specPath), command, ...(rpc ? { rpc } : {}) });
  return { path: outPath, contents };
}
