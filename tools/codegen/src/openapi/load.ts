import { readFile } from 'node:fs/promises';
import { bundle, createConfig } from '@redocly/openapi-core';

/** Minimal OpenAPI 3.1 shapes the generator reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, unknown>;
    parameters?: Record<string, unknown>;
    responses?: Record<string, unknown>;
    requestBodies?: Record<string, unknown>;
    securitySchemes?: Record<string, unknown>;
  };
  security?: Array<Record<string, string[]>>;
}

export type PathItem = Record<string, unknown> & { parameters?: unknown[] };

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Loads a contract and inlines references to other files, keeping internal `#/components/...` references. */
export async function loadDocument(specPath: string): Promise<OpenApiDocument> {
  const source = await readFile(specPath, 'utf8');
  if (!/^openapi:\s*['"]?3\.1/m.test(source) && !/"openapi"\s*:\s*"3\.1/.test(source)) {
    throw new Error(`${specPath}: only OpenAPI 3.1 documents are supported`);
  }
  const config = await createConfig({});
  const result = await bundle({ ref: specPath, config, dereference: false });
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`${specPath}: ${errors.map((p) => p.message).join('; ')}`);
  }
  return result.bundle.parsed as OpenApiDocument;
}

/** Follows one internal `$ref` (`#/components/...`). */
export function resolveRef<T>(document: OpenApiDocument, value: unknown): T {
  let current = value as { $ref?: string };
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`unsupported reference ${ref}`);
    if (seen.has(ref)) throw new Error(`circular reference ${ref}`);
    seen.add(ref);
    let target: unknown = document;
    for (const segment of ref.slice(2).split('/')) {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      target = (target as Record<string, unknown> | undefined)?.[key];
    }
    if (target === undefined) throw new Error(`unresolved reference ${ref}`);
    current = target as { $ref?: string };
  }
  return current as T;
}
