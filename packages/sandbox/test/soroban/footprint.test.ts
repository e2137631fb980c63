// extend_footprint_ttl and restore_footprint applied by the sandbox as stellar-core v23 does,
// and an archived entry refusing an invocation (INVOKE_HOST_FUNCTION_ENTRY_ARCHIVED) until it is
// restored. The ledger's store is the test's, so an entry's TTL can be made to run out without
// closing the 120,960 ledgers it takes.
import { hash, Keypair, Operation, xdr } from '@stellar/stellar-sdk/base';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyId } from '../../src/core/keys.js';
import { MemoryEntryStore } from '../../src/core/store.js';
import { Harness, type TxRecord } from '../harness.js';
import {
  callFunction,
  type Deployed,
  deploy,
  footprintData,
  HAS_SOROBAN_DATA,
  invokeTx,
  SETTINGS,
  sorobanTx,
  testWasm,
  ttlKey,
} from './support.js';

const alice = Keypair.random();
const ADD = [xdr.ScVal.scvI32(2), xdr.ScVal.scvI32(3)];

function liveUntil(h: Harness, key: xdr.LedgerKey): number | undefined {
  const ttl = h.ledger.entry(ttlKey(key));
  return ttl?.data.type === 'ttl' ? ttl.data.ttl.liveUntilLedgerSeq : undefined;
}

function rentCharged(record: TxRecord | undefined): bigint {
  const ext = record?.meta.sorobanMeta?.ext;
  return ext?.type === 'v1' ? ext.v1.rentFeeCharged : -1n;
}

describe.skipIf(!HAS_SOROBAN_DATA)('TTLs: extended, run out, restored', () => {
  const store = new MemoryEntryStore();
  let h: Harness;
  let add: Deployed;

  beforeAll(async () => {
    h = new Harness({ store });
    h.fund('1000', alice);
    await h.ledger.sorobanReady();
    add = deploy(h, alice, testWasm('wasm/20/example_add_i32.wasm'));
  });

  it('extends the code and the instance to extendTo ledgers from now, paying rent', () => {
    const keys = [add.codeKey, add.instanceKey];
    const extendTo = 200_000;
    const tx = sorobanTx(
      h,
      alice,
      Operation.extendFootprintTtl({ extendTo }),
      footprintData(h, keys, extendTo),
    );
    const outcome = h.outcome(tx);
    expect([outcome.code, outcome.ops]).toEqual(['txSuccess', ['extendFootprintTtlSuccess']]);
    for (const key of keys) expect(liveUntil(h, key)).toBe(h.ledger.latestSequence + extendTo);
    expect(rentCharged(outcome.record)).toBeGreaterThan(0n);
  });

  it('refuses a call once the code is archived, until a restore brings it back for minPersistentTtl ledgers', () => {
    // Simulated while the code lives: the transaction does not mark it for restoration.
    const { tx: call } = invokeTx(h, alice, callFunction(add.contract, 'add', ADD));
    // The code's TTL runs out: its live-until ledger is now behind the next one.
    const expired = new xdr.LedgerEntry({
      lastModifiedLedgerSeq: h.ledger.latestSequence,
      data: xdr.LedgerEntryData.ttl(
        new xdr.TtlEntry({
          keyHash: hash(add.codeKey.toXdr()),
          liveUntilLedgerSeq: h.ledger.latestSequence,
        }),
      ),
      ext: xdr.LedgerEntryExt.v0(),
    });
    store.write([{ id: keyId(ttlKey(add.codeKey)), key: ttlKey(add.codeKey), entry: expired }]);

    const refused = h.outcome(call);
    expect([refused.code, refused.ops]).toEqual(['txFailed', ['invokeHostFunctionEntryArchived']]);

    const restore = sorobanTx(h, alice, Operation.restoreFootprint({}), footprintData(h, [add.codeKey]));
    const restored = h.outcome(restore);
    expect([restored.code, restored.ops]).toEqual(['txSuccess', ['restoreFootprintSuccess']]);
    expect(liveUntil(h, add.codeKey)).toBe(
      h.ledger.latestSequence + SETTINGS.stateArchival.minPersistentTtl - 1,
    );
    expect(rentCharged(restored.record)).toBeGreaterThan(0n);

    const again = h.outcome(invokeTx(h, alice, callFunction(add.contract, 'add', ADD)).tx);
    expect([again.code, again.record?.meta.sorobanMeta?.returnValue?.toXdr('base64')]).toEqual([
      'txSuccess',
      xdr.ScVal.scvI32(5).toXdr('base64'),
    ]);
  });
});
