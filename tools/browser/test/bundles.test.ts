// Every client and validator entry bundles for browsers with no `node:` module in its import graph,
// and the validators stay out of what a client loads at start: an application that imports only
// `createClient` loads at most 15 kB (gzip) until it checks an answer. That checking still works,
// the validators' chunk loading then, is browser.test.ts's (in Chromium).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleForBrowser,
  bundleImport,
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

  it.each(CLIENT_ENTRIES)(
    'an application importing only createClient from %s loads at most 15 kB (gzip) until it checks an answer',
    async (specifier) => {
      const { files } = await bundleImport({ specifier, names: ['createClient'], outdir });
      const atStart = files.filter((f) => f.loaded === 'at start');
      const gzipped = atStart.reduce((total, f) => total + (f.gzipBytes ?? 0), 0);
      expect(atStart.flatMap((f) => f.inputs).filter((input) => input.includes('validators.gen'))).toEqual(
        [],
      );
      expect(gzipped).toBeGreaterThan(0);
      expect(gzipped).toBeLessThanOrEqual(15_000);
      // The validators are still there, for a client that checks answers.
      expect(
        files.some((f) => f.loaded === 'on demand' && f.inputs.some((i) => i.includes('validators.gen'))),
      ).toBe(true);
    },
  );

  it('@starspec/callbacks/client with its validators stays under 15 kB after gzip', async () => {
    const { files } = await bundle('@starspec/callbacks/client');
    const gzipped = files.reduce((total, f) => total + (f.gzipBytes ?? 0), 0);
    expect(gzipped).toBeGreaterThan(0);
    expect(gzipped).toBeLessThan(15_000);
  });
});
