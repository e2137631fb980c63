// The Soroban host loads on the first Soroban submission, not at start: a network of classic
// transactions never loads it, and a Soroban transaction waits in the queue until it has loaded.
// (Its own file: the host, once loaded, stays loaded for the file's modules.)
import { Asset, hash, Keypair, Operation, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { sorobanHost } from '../../src/soroban/host.js';
import { Harness, hashOf, recordsOf } from '../harness.js';
import { sorobanTx } from './support.js';

const alice = Keypair.random();
const bob = Keypair.random();
const wasm = Buffer.from('never valid Wasm');

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

describe('the Soroban host, loaded on first use', () => {
  it('is not loaded by a network that only closes classic ledgers', () => {
    const h = Harness.funded('1000', alice, bob);
    h.apply(
      h.tx(alice, [Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' })]),
    );
    expect(sorobanHost()).toBeUndefined();
  });

  it('keeps a Soroban transaction queued until it has loaded, then applies it', async () => {
    const h = Harness.funded('1000', alice);
    const tx = upload(h);
    expect(h.submit(tx).status).toBe('PENDING');
    // The import the submission started cannot have finished: this close leaves the transaction queued.
    expect(recordsOf(h.close()).has(hashOf(tx))).toBe(false);
    expect(h.ledger.pending()).toEqual([hashOf(tx)]);

    await h.ledger.sorobanReady();
    expect(sorobanHost()).toBeDefined();
    const record = recordsOf(h.close()).get(hashOf(tx));
    // Not Wasm: the host refuses the upload, in the ledger.
    expect(record?.result.result.type).toBe('txFailed');
    expect(h.ledger.pending()).toEqual([]);
  });
});
