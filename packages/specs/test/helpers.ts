import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The contracts in specs/, by name, as the bundler finds them. */
export function sourceContracts(): { name: string; kind: 'openapi' | 'openrpc'; file: string }[] {
  const found: { name: string; kind: 'openapi' | 'openrpc'; file: string }[] = [];
  for (const file of readdirSync(join(repoRoot, 'specs')).sort()) {
    const openapi = /^(.+)\.openapi\.yaml$/.exec(file);
    const openrpc = /^(.+)\.openrpc\.json$/.exec(file);
    if (openapi?.[1]) found.push({ name: openapi[1], kind: 'openapi', file: join(repoRoot, 'specs', file) });
    if (openrpc?.[1]) found.push({ name: openrpc[1], kind: 'openrpc', file: join(repoRoot, 'specs', file) });
  }
  return found;
}

type Json = Record<string, unknown>;

/** Reads a hand-written source file and, for a path item given as `$ref` to another file, that file's part. */
function readSource(file: string): Json {
  const text = readFileSync(file, 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : parse(text)) as Json;
}

/** The part of another file a `$ref` points at (`./parts/x.json#/Name`), relative to `from`. */
export function followFileRef(from: string, ref: string): Json {
  const [relative = '', pointer = ''] = ref.split('#');
  const target = join(dirname(from), relative);
  let value: unknown = readSource(target);
  for (const segment of pointer.split('/').filter(Boolean)) value = (value as Json)[segment];
  return value as Json;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
}

/** `method path operationId summary` of every operation of an OpenAPI document. */
export function operationsOf(document: Json, file?: string): Operation[] {
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    const item =
      typeof rawItem.$ref === 'string' && file ? followFileRef(file, rawItem.$ref as string) : rawItem;
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      operations.push({
        method,
        path,
        operationId: String(operation.operationId),
        summary: String(operation.summary),
      });
    }
  }
  return operations;
}

/** The operations of a hand-written OpenAPI source (following path items split into other files). */
export function sourceOperations(file: string): Operation[] {
  return operationsOf(readSource(file), file);
}

/** The `info` and the method names of a hand-written source. */
export function sourceDocument(file: string): Json & { info: { title: string; version: string } } {
  return readSource(file) as Json & { info: { title: string; version: string } };
}

/** Every `$ref` value anywhere in `value`. */
export function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/** Follows an internal JSON pointer. */
export function resolve(document: unknown, ref: string): unknown {
  let target = document;
  for (const segment of ref.slice(2).split('/')) {
    const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    target = (target as Json | undefined)?.[key];
  }
  return target;
}
