// An archived entry brought back with the official SDK. The network's minimum persistent TTL is a
// few ledgers (stellar-core's TESTING_MINIMUM_PERSISTENT_ENTRY_LIFETIME, as stellar-rpc's own
// integration tests run it), so the counter's entry expires once those ledgers close. At protocol
// 23 simulation answers no restore preamble: it marks the archived entry for automatic restoration
// (the transaction data's archivedSorobanEntries; stellar-rpc #463), and the call restores it and
// counts on from the old value. An explicit RestoreFootprint restores it as well.
import {
  Address,
  type contract,
  hash,
  Keypair,
  Operation,
  rpc,
  SorobanDataBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/index.js';
import { COUNTER_KEY, counterWasm } from '../support/contracts/index.js';
import {
  clientFor,
  deploy,
  landNow,
  type SdkSandbox,
  sdkSandbox,
  sendOperation,
  stopSandbox,
  upload,
} from './support.js';

const MIN_PERSISTENT_TTL = 16;

interface Counter {
  inc: (options?: contract.MethodOptions) => Promise<contract.AssembledTransaction<number>>;
  get: () => Promise<contract.AssembledTransaction<number>>;
}

let t: SdkSandbox;
const alice = Keypair.random();
let counter: contract.Client & Counter;
let countKey: xdr.LedgerKey;

const dataKey = (id: string, key: xdr.ScVal) =>
  xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({
      contract: new Address(id).toScAddress(),
      key,
      durability: xdr.ContractDataDurability.persistent,
    }),
  );

async function liveUntil(key: xdr.LedgerKey): Promise<number | undefined> {
  return (await t.server.getLedgerEntries(key)).entries[0]?.liveUntilLedgerSeq;
}

/** Closes ledgers until the entry's live-until ledger is behind the next one: it is archived. */
async function expire(key: xdr.LedgerKey): Promise<void> {
  const until = (await liveUntil(key)) ?? 0;
  if (until - t.net.ledger.latestSequence > MIN_PERSISTENT_TTL)
    throw new Error(`the entry lives until ledger ${until}: more than ${MIN_PERSISTENT_TTL} ledgers away`);
  while (t.net.ledger.latestSequence <= until) t.net.closeLedger();
}

beforeAll(async () => {
  t = await sdkSandbox([alice], { minPersistentTtl: MIN_PERSISTENT_TTL });
  const wasm = counterWasm();
  const id = await deploy(t, alice, await upload(t, alice, wasm));
  // The code and the instance live on: only the count expires.
  const codeKey = xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: hash(wasm) }));
  await sendOperation(
    t,
    alice,
    Operation.extendFootprintTtl({ extendTo: 10_000 }),
    new SorobanDataBuilder()
      .setReadOnly([codeKey, dataKey(id, xdr.ScVal.scvLedgerKeyContractInstance())])
      .build(),
  );
  counter = await clientFor<Counter>(t, alice, id);
  countKey = dataKey(id, xdr.ScVal.scvSymbol(COUNTER_KEY));
  await (await counter.inc()).signAndSend({ watcher: landNow(t) });
});
afterAll(() => stopSandbox(t));

/** The kinds of the operation's ledger changes in a transaction's meta, as `type entry` pairs. */
function restoreMeta(meta: xdr.TransactionMeta | undefined): string[] {
  const changes = meta?.type === 'v4' ? (meta.v4.operations[0]?.changes ?? []) : [];
  return changes
    .map((change) => {
      const entry =
        change.type === 'ledgerEntryRestored'
          ? change.restored
          : change.type === 'ledgerEntryUpdated'
            ? change.updated
            : undefined;
      return `${change.type} ${entry?.data.type ?? ''}`.trim();
    })
    .sort();
}

describe('the minimum persistent TTL option', () => {
  it('is a whole number of ledgers from 1', async () => {
    for (const minPersistentTtl of [0, 1.5])
      await expect(startSandbox({ minPersistentTtl, closeEvery: 'manual' })).rejects.toThrow(RangeError);
  });
});

describe('an archived counter', () => {
  it('a new entry lives the minimum persistent TTL', async () => {
    const written = t.net.ledger.latestSequence;
    expect(await liveUntil(countKey)).toBe(written + MIN_PERSISTENT_TTL - 1);
  });

  it('simulation marks it for automatic restoration, and the call counts on from the old value', async () => {
    await expire(countKey);
    // getLedgerEntries still answers an archived persistent entry, with its past ledger.
    expect(await liveUntil(countKey)).toBeLessThan(t.net.ledger.latestSequence);
    const tx = await counter.inc({ restore: true });
    expect(tx.simulation && rpc.Api.isSimulationRestore(tx.simulation)).toBe(false);
    const data = tx.simulationData.transactionData;
    const readWrite = data.resources.footprint.readWrite.map((key) => key.toXDR('base64'));
    const archived = data.ext.type === 'resourceExt' ? data.ext.resourceExt.archivedSorobanEntries : [];
    expect(archived).toEqual([readWrite.indexOf(countKey.toXDR('base64'))]);
    const sent = await tx.signAndSend({ watcher: landNow(t) });
    expect(sent.result).toBe(2);
    // The meta says RESTORED, as stellar-core's from protocol 23: the count restored then changed.
    const landed = sent.getTransactionResponse;
    expect(restoreMeta(landed?.status === 'SUCCESS' ? landed.resultMetaXdr : undefined)).toEqual([
      'ledgerEntryRestored contractData',
      'ledgerEntryRestored ttl',
      'ledgerEntryUpdated contractData',
    ]);
    expect(await liveUntil(countKey)).toBe(t.net.ledger.latestSequence + MIN_PERSISTENT_TTL - 1);
  });

  it('an explicit RestoreFootprint brings it back too', async () => {
    await expire(countKey);
    const restored = await sendOperation(
      t,
      alice,
      Operation.restoreFootprint({}),
      new SorobanDataBuilder().setReadWrite([countKey]).build(),
    );
    expect(restoreMeta(restored.resultMetaXdr)).toEqual([
      'ledgerEntryRestored contractData',
      'ledgerEntryRestored ttl',
    ]);
    expect(await liveUntil(countKey)).toBe(t.net.ledger.latestSequence + MIN_PERSISTENT_TTL - 1);
    const tx = await counter.inc();
    expect(tx.simulationData.transactionData.ext.type).toBe('v0');
    expect((await tx.signAndSend({ watcher: landNow(t) })).result).toBe(3);
  });
});
