// Importing the package does not load stellar-base (most of its load time); reading an envelope or
// a result code does. Each case runs in a fresh Node process on the built package.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = pathToFileURL(join(root, 'dist', 'index.js')).href;
const transaction = JSON.parse(readFileSync(join(root, 'test/fixtures/horizon/transaction.json'), 'utf8'));

/** Whether stellar-base is in Node's module cache after importing the package and running `code`. */
async function loadsStellarBase(code: string): Promise<boolean> {
  const script = `
    import { createRequire } from 'node:module';
    const pkg = await import(${JSON.stringify(entry)});
    ${code}
    const cache = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify(cache.some((file) => file.includes('stellar-base'))));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  return JSON.parse(stdout.trim()) as boolean;
}

describe('stellar-base loads on first use', { timeout: 60_000 }, () => {
  const cases = [
    { why: 'importing the package', code: '', want: false },
    { why: 'creating a client', code: "pkg.createClient({ baseUrl: 'http://127.0.0.1:1' });", want: false },
    {
      why: 'reading a result code',
      code: `pkg.decodeTransactionResult(${JSON.stringify(transaction.result_xdr)});`,
      want: true,
    },
    {
      why: 'reading an envelope',
      code: `pkg.readEnvelope(${JSON.stringify(transaction.envelope_xdr)});`,
      want: true,
    },
  ];
  it.each(cases)('$why: $want', async ({ code, want }) => {
    expect(await loadsStellarBase(code)).toBe(want);
  });
});
