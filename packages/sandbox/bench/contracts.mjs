// The test contracts (test/support/contracts, WAT assembled with wabt) for the benchmark, which runs
// plain .mjs: their TypeScript is bundled once per run with esbuild into node_modules/.cache, where
// the imports it leaves out (wabt, @stellar/stellar-sdk, @starspec/soroban) resolve from this
// package, and loaded from there.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const entry = fileURLToPath(new URL('../test/support/contracts/index.ts', import.meta.url));
const cacheDir = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));

/** The contracts module: `counterWasm()`, `tokenWasm()` and their specs. */
export async function loadContracts() {
  const bundled = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    write: false,
  });
  mkdirSync(cacheDir, { recursive: true });
  const file = `${cacheDir}bench-contracts.mjs`;
  writeFileSync(file, bundled.outputFiles[0].contents);
  return import(pathToFileURL(file).href);
}
