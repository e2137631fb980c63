// The bundled starspec-sandbox command (dist/cli.js, one esbuild file with the host inside it,
// loaded by a dynamic import on first use) applies a contract upload sent over JSON-RPC and
// closed by POST /_sandbox/close right after it.
import {
  Account,
  hash,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, ready, rpcCall, start } from '../support/cli.js';
import { HAS_SOROBAN_DATA, testWasm } from './support.js';

afterEach(killAll);

const PASSPHRASE = 'Standalone Network ; February 2017';

async function sequenceOf(rpcUrl: string, account: Keypair): Promise<bigint> {
  const key = xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: account.xdrAccountId() }));
  const { entries } = (await rpcCall(rpcUrl, 'getLedgerEntries', { keys: [key.toXdr('base64')] })) as {
    entries: { xdr: string }[];
  };
  const data = xdr.LedgerEntryData.fromXdr((entries[0] as { xdr: string }).xdr, 'base64');
  if (data.type !== 'account') throw new Error(data.type);
  return data.account.seqNum;
}

describe.skipIf(!HAS_SOROBAN_DATA)('starspec-sandbox (the bundle)', () => {
  it('applies an upload sent by sendTransaction and closed at once', async () => {
    const child = start(['--port', '0', '--json', '--close-every', 'manual']);
    const { rpcUrl } = await ready(child);
    const root = Keypair.master(PASSPHRASE);
    const wasm = testWasm('wasm/20/example_add_i32.wasm');
    // Resources declared by hand, generously: the unused refundable part comes back.
    const data = new xdr.SorobanTransactionData({
      ext: xdr.SorobanTransactionDataExt.v0(),
      resources: new xdr.SorobanResources({
        footprint: new xdr.LedgerFootprint({
          readOnly: [],
          readWrite: [xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: hash(wasm) }))],
        }),
        instructions: 10_000_000,
        diskReadBytes: 0,
        writeBytes: wasm.length + 1_000,
      }),
      resourceFee: 50_000_000n,
    });
    const tx = new TransactionBuilder(new Account(root.publicKey(), String(await sequenceOf(rpcUrl, root))), {
      fee: '100',
      networkPassphrase: PASSPHRASE,
    })
      .addOperation(Operation.uploadContractWasm({ wasm }))
      .setSorobanData(data)
      .setTimeout(TimeoutInfinite)
      .build();
    tx.sign(root);

    const sent = await rpcCall(rpcUrl, 'sendTransaction', { transaction: tx.toXdr() });
    expect(sent.status).toBe('PENDING');
    const closed = await fetch(new URL('/_sandbox/close', rpcUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await closed.json()).toMatchObject({ transactionCount: 1 });
    const landed = await rpcCall(rpcUrl, 'getTransaction', { hash: sent.hash });
    expect(landed.status).toBe('SUCCESS');
  });
});
