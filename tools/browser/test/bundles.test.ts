// Every client and validator entry bundles for browsers with no `node:` module in its import graph,
// and the validators stay out of what a client loads at start.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleForBrowser,
  CLIENT_ENTRIES,
  entryFiles,
  nodeImports,
  resolveEntry,
  VALIDATE_ENTRIES,
} from '../src/index.mjs';

let outdir: string;
beforeAll(async () => {
  outdir = await mkdtemp(join(tmpdir(), 'starspec-bundles-'));
});
afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

async function bundle(specifier: string) {
  const file = resolveEntry(specifier);
  const result = await bundleForBrowser({ entryPoints: [file], outdir, write: false });
  return { result, files: entryFiles(result, file) };
}

describe('the import graph of an entry', () => {
  it.each([...CLIENT_ENTRIES, ...VALIDATE_ENTRIES])('%s reaches no node: module', async (specifier) => {
    const { result } = await bundle(specifier);
    expect(nodeImports(result.metafile)).toEqual([]);
  });

  // The same check finds them where they are: the main entries hold the servers.
  it.each([
    ['@starspec/callbacks', 'node:http'],
    ['@starspec/ledger-api', 'node:http'],
    ['@starspec/ledger-rpc', 'node:http'],
  ])('%s (the main entry) reaches %s', async (specifier, module) => {
    const { result } = await bundle(specifier);
    expect(nodeImports(result.metafile).map((found) => found.module)).toContain(module);
  });
});

describe('what a client loads', () => {
  it.each(CLIENT_ENTRIES)('%s loads its validators only on demand', async (specifier) => {
    const { files } = await bundle(specifier);
    const validators = files.filter((f) =>
      f.inputs.some((input) => /generated\/validators\.gen\.js$/.test(input)),
    );
    expect(validators.length).toBeGreaterThan(0);
    expect(validators.map((f) => f.loaded)).toEqual(validators.map(() => 'on demand'));
  });

  it('@starspec/callbacks/client with its validators stays under 15 kB after gzip', async () => {
    const { files } = await bundle('@starspec/callbacks/client');
    const gzipped = files.reduce((total, f) => total + (f.gzipBytes ?? 0), 0);
    expect(gzipped).toBeGreaterThan(0);
    expect(gzipped).toBeLessThan(15_000);
  });
});
