import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { inlineFileRefs } from '../shared/file-refs.js';

/** Minimal OpenRPC 1.x shapes the generator reads. */
export interface ContentDescriptor {
  name: string;
  required?: boolean;
  summary?: string;
  description?: string;
  schema: unknown;
}

export interface ErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

type Ref = { $ref: string };

export interface MethodObject {
  name: string;
  summary?: string;
  description?: string;
  paramStructure?: 'by-name' | 'by-position' | 'either';
  params: Array<ContentDescriptor | Ref>;
  result?: ContentDescriptor | Ref;
  errors?: Array<ErrorObject | Ref>;
}

export interface OpenRpcDocument {
  openrpc: string;
  info: { title: string; version: string };
  methods: Array<MethodObject | Ref>;
  components?: {
    schemas?: Record<string, unknown>;
    contentDescriptors?: Record<string, ContentDescriptor>;
    errors?: Record<string, ErrorObject>;
    [key: string]: unknown;
  };
}

/**
 * Loads an OpenRPC document (JSON, or YAML by extension), with the parts it references in other
 * files inlined, and checks its version: every reader of an OpenRPC contract (the generator, the
 * mapping check, the bundler, the mock) goes through here.
 */
export async function load(path: string): Promise<OpenRpcDocument> {
  const source = await readFile(path, 'utf8');
  const parsed: unknown = /\.ya?ml$/i.test(path) ? parseYaml(source) : JSON.parse(source);
  const document = (await inlineFileRefs(parsed, path)) as OpenRpcDocument;
  if (typeof document?.openrpc !== 'string' || !/^1\./.test(document.openrpc)) {
    throw new Error(`${path}: only OpenRPC 1.x documents are supported`);
  }
  if (!Array.isArray(document.methods)) throw new Error(`${path}: the document has no methods`);
  return document;
}

/** Follows internal `$ref`s (`#/components/...`) until a value that is not a reference. */
export function deref<T>(document: OpenRpcDocument, value: unknown): T {
  let current = value as { $ref?: unknown };
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`unsupported reference ${ref}: only #/ references are`);
    if (seen.has(ref)) throw new Error(`circular reference ${ref}`);
    seen.add(ref);
    let target: unknown = document;
    for (const segment of ref.slice(2).split('/')) {
      const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
      target = (target as Record<string, unknown> | undefined)?.[key];
    }
    if (target === undefined) throw new Error(`unresolved reference ${ref}`);
    current = target as { $ref?: unknown };
  }
  return current as T;
}
