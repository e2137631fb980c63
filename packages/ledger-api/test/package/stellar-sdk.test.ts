// Importing the package does not load the Stellar SDK (most of its load time); reading an envelope
// or a result code does. Each case runs in a fresh Node process on the built package, which records
// every SDK module it loads, through `import` (a module hook) or `require` (the module cache).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = pathToFileURL(join(root, 'dist', 'index.js')).href;
const transaction = JSON.parse(await readFile(join(root, 'test/fixtures/horizon/transaction.json'), 'utf8'));

const dataUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;
const hooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.includes('/@stellar/stellar-sdk/')) appendFileSync(process.env.SDK_LOG, url + '\\n');
  return next(url, context);
}`;
const preload = `import { register } from 'node:module'; register(${JSON.stringify(dataUrl(hooks))});`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledger-api-sdk-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Whether any SDK module is loaded after importing the package and running `code`. */
async function loadsStellarSdk(code: string, log: string): Promise<boolean> {
  const script = `
    import { createRequire } from 'node:module';
    const pkg = await import(${JSON.stringify(entry)});
    ${code}
    const cache = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify(cache.some((file) => file.includes('/@stellar/stellar-sdk/'))));`;
  const { stdout } = await run(
    process.execPath,
    ['--import', dataUrl(preload), '--input-type=module', '-e', script],
    { cwd: root, env: { ...process.env, SDK_LOG: log } },
  );
  const imported = await readFile(log, 'utf8').catch(() => '');
  return (JSON.parse(stdout.trim()) as boolean) || imported !== '';
}

describe('the Stellar SDK loads on first use', () => {
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
    {
      why: 'importing the SDK the way an application does',
      code: "await import('@stellar/stellar-sdk/base');",
      want: true,
    },
  ];
  it.each(cases)('$why: $want', async ({ why, code, want }) => {
    expect(await loadsStellarSdk(code, join(dir, `${why.replace(/\W+/g, '-')}.log`))).toBe(want);
  });
});
