#!/usr/bin/env node
// Bundles every contract in specs/ into dist/contracts/: for each one a single self-contained file
// as YAML and as JSON (internal `#/...` references kept), a dereferenced JSON copy in which each
// operation or method stands alone, and index.json listing them all. Output is byte-for-byte stable.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDocument, loadOpenRpc } from '@starspec/codegen';
import { stringify } from 'yaml';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const specsDir = join(packageRoot, '..', '..', 'specs');
const outDir = join(packageRoot, 'dist', 'contracts');

/** @typedef {{ name: string, kind: 'openapi' | 'openrpc', source: string }} Source */

/** The contracts: every `*.openapi.yaml` and `*.openrpc.json` at the top of specs/, by name. */
async function findContracts() {
  /** @type {Source[]} */
  const found = [];
  for (const file of (await readdir(specsDir)).sort()) {
    const match = /^(.+)\.(openapi)\.yaml$|^(.+)\.(openrpc)\.json$/.exec(file);
    if (!match) continue;
    const name = /** @type {string} */ (match[1] ?? match[3]);
    const kind = /** @type {'openapi' | 'openrpc'} */ (match[2] ?? match[4]);
    found.push({ name, kind, source: `specs/${file}` });
  }
  return found;
}

const SCHEMAS = '#/components/schemas/';

/**
 * Follows a JSON pointer (`#/a/b`) inside `document`.
 * @param {unknown} document
 * @param {string} ref
 */
function resolvePointer(document, ref) {
  /** @type {unknown} */
  let target = document;
  for (const segment of ref.slice(2).split('/')) {
    const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    target =
      target && typeof target === 'object' ? /** @type {Record<string, unknown>} */ (target)[key] : undefined;
  }
  if (target === undefined) throw new Error(`unresolved reference ${ref}`);
  return target;
}

/**
 * A copy of `document` with each internal `$ref` replaced by what it points to, except references
 * to `#/components/schemas/`: parameters, responses, request bodies, headers, examples, content
 * descriptors and errors are inlined, so every operation or method can be read on its own, while
 * schemas stay shared (inlining them too turns the 0.6 MB ledger contract into 33 MB, and some are
 * recursive). Any other reference met again while it is being inlined stays a `$ref`.
 * @param {unknown} document
 */
export function inlineReferences(document) {
  /** @param {unknown} value @param {string[]} stack @returns {unknown} */
  const visit = (value, stack) => {
    if (Array.isArray(value)) return value.map((item) => visit(item, stack));
    if (!value || typeof value !== 'object') return value;
    const object = /** @type {Record<string, unknown>} */ (value);
    if (typeof object.$ref === 'string' && object.$ref.startsWith('#/') && !object.$ref.startsWith(SCHEMAS)) {
      const { $ref, ...siblings } = object;
      if (stack.includes($ref)) return { ...object };
      const resolved = visit(resolvePointer(document, $ref), [...stack, $ref]);
      if (Object.keys(siblings).length === 0 || !resolved || typeof resolved !== 'object') return resolved;
      return { ...resolved, .../** @type {object} */ (visit(siblings, stack)) };
    }
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, visit(item, stack)]));
  };
  return visit(document, []);
}

/**
 * Every `$ref` in `value` that points outside the document.
 * @param {unknown} value
 * @param {Set<string>} found
 */
function externalReferences(value, found = new Set()) {
  if (Array.isArray(value)) for (const item of value) externalReferences(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && !item.startsWith('#')) found.add(item);
      else externalReferences(item, found);
    }
  }
  return found;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * How many operations (OpenAPI) or methods (OpenRPC) a contract has.
 * @param {'openapi' | 'openrpc'} kind
 * @param {Record<string, any>} document
 */
function countOperations(kind, document) {
  if (kind === 'openrpc') return Array.isArray(document.methods) ? document.methods.length : 0;
  let count = 0;
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of HTTP_METHODS) if (item && typeof item === 'object' && method in item) count++;
  }
  return count;
}

/** @param {unknown} value */
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const index = [];
for (const contract of await findContracts()) {
  const path = join(specsDir, '..', contract.source);
  const document = contract.kind === 'openapi' ? await loadDocument(path) : await loadOpenRpc(path);
  const external = [...externalReferences(document)];
  if (external.length > 0)
    throw new Error(`${contract.source}: references left outside the bundle: ${external}`);
  const base = `${contract.name}.${contract.kind}`;
  const files = { yaml: `${base}.yaml`, json: `${base}.json`, dereferenced: `${base}.dereferenced.json` };
  await writeFile(
    join(outDir, files.yaml),
    stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }),
  );
  await writeFile(join(outDir, files.json), json(document));
  await writeFile(join(outDir, files.dereferenced), json(inlineReferences(document)));
  const info = /** @type {{ title: string, version: string, summary?: string }} */ (document.info);
  index.push({
    name: contract.name,
    kind: contract.kind,
    title: info.title,
    version: info.version,
    ...(info.summary ? { summary: info.summary } : {}),
    source: contract.source,
    operations: countOperations(contract.kind, document),
    files,
  });
}
await writeFile(join(outDir, 'index.json'), json(index));
console.log(`bundled ${index.map((c) => `${c.name} ${c.version}`).join(', ')} into dist/contracts/`);
