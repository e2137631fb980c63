// The Soroban host loads on the first Soroban submission, not at start: a process whose network
// closes only classic ledgers never imports it (a module resolve hook in a child process logs
// every import of '@starspec/soroban'), and a Soroban transaction waits in the queue until the
// ledger's load has finished.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash, Keypair, Operation, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Harness, hashOf, recordsOf } from '../harness.js';
import { sorobanTx } from './support.js';

const alice = Keypair.random();
const wasm = Buffer.from('never valid Wasm');
const distIndex = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

function upload(h: Harness) {
  const data = new xdr.SorobanTransactionData({
    ext: xdr.SorobanTransactionDataExt.v0(),
    resources: new xdr.SorobanResources({
      footprint: new xdr.LedgerFootprint({
        readOnly: [],
        readWrite: [xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: hash(wasm) }))],
      }),
      instructions: 1_000_000,
      diskReadBytes: 0,
      writeBytes: 1_000,
    }),
    resourceFee: 10_000_000n,
  });
  return sorobanTx(h, alice, Operation.uploadContractWasm({ wasm }), data);
}

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (specifier === '@starspec/soroban') appendFileSync(process.env.IMPORT_LOG, specifier + '\\n');
  return next(specifier, context);
}`;

/** Runs `body` in a child process after `createLedger()`; the host imports it made, in order. */
function hostImports(body: string): string[] {
  const log = join(mkdtempSync(join(tmpdir(), 'sandbox-host-')), 'imports.log');
  const script = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));
const { createLedger } = await import(${JSON.stringify(distIndex)});
const ledger = createLedger();
${body}`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, IMPORT_LOG: log },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
}

describe('the Soroban host, loaded on first use', () => {
  it.each([
    { given: 'classic ledgers closed', body: 'ledger.close(); ledger.close();', want: [] },
    { given: 'the host asked for', body: 'await ledger.sorobanReady();', want: ['@starspec/soroban'] },
  ])('$given: imports $want', ({ body, want }) => {
    expect(hostImports(body)).toEqual(want);
  });

  it('keeps a Soroban transaction queued until the ledger has loaded it, then applies it', async () => {
    const h = Harness.funded('1000', alice);
    const tx = upload(h);
    expect(h.submit(tx).status).toBe('PENDING');
    // The load the submission started resolves later: this close leaves the transaction queued.
    expect(recordsOf(h.close()).has(hashOf(tx))).toBe(false);
    expect(h.ledger.pending()).toEqual([hashOf(tx)]);

    await h.ledger.sorobanReady();
    const record = recordsOf(h.close()).get(hashOf(tx));
    // Not Wasm: the host refuses the upload, in the ledger.
    expect(record?.result.result.type).toBe('txFailed');
    expect(h.ledger.pending()).toEqual([]);
  });
});
