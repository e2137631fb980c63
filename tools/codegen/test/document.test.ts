// The emitted contract document: its JSON text survives the string literal (quotes, backslashes,
// line separators) and reads like the parsed JSON. Written beside the tests, where the runtime resolves.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { emitLazyDocument } from '../src/shared/lazy-document.js';

const here = dirname(fileURLToPath(import.meta.url));

const contract = {
  openapi: '3.1.0',
  info: { title: "Quotes 'n' slashes \\ and \u2028", version: '1.0.0' },
  paths: { '/a': { get: { operationId: 'a', description: 'é 😀 </script>' } } },
};

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function load(source: string): Promise<{ document: Record<string, unknown> }> {
  const dir = await mkdtemp(join(here, '.tmp-document-'));
  dirs.push(dir);
  await writeFile(join(dir, 'document.ts'), source);
  return import(join(dir, 'document.ts'));
}

describe('emitLazyDocument', () => {
  it('reads like the parsed JSON: members, keys, JSON, spread and structured clone', async () => {
    const { document } = await load(emitLazyDocument(contract, 'The contract.'));
    expect(document.info).toEqual(contract.info);
    expect(Object.keys(document)).toEqual(['openapi', 'info', 'paths']);
    expect(JSON.parse(JSON.stringify(document))).toEqual(contract);
    expect({ ...document }).toEqual(contract);
    expect(structuredClone(document)).toEqual(contract);
  });

  it('is one parse: every read returns the same objects', async () => {
    const { document } = await load(emitLazyDocument(contract, 'The contract.'));
    expect(document.paths).toBe(document.paths);
  });
});
