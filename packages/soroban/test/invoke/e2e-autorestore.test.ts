/**
 * Recording runs over archived entries, as e2e_tests.rs (v25.0.0) runs them: the entries a call
 * reads are restored in its footprint (read-write, counted as disk reads and writes) and the
 * ledger changes, the resources and the instructions are the Rust host's.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { contractAddress, entryKey, minLiveUntilLedger } from '../../src/storage/index.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { recordLikeE2e } from './e2e-record.js';
import { createContractData, LEDGER, ledgerEntry, SEQ, snapshotOf, wasmEntry, wasmKey } from './fixtures.js';

const b64 = (value: { toXdr(format: 'base64'): string }) => value.toXdr('base64');

describe.skipIf(!sorobanData)(`e2e_tests.rs auto-restore (${sorobanData ? '' : NO_SOROBAN_DATA})`, () => {
  const storage = sorobanData ? readSoroban('wasm/20/example_contract_data.wasm') : Buffer.alloc(0);
  const cd = createContractData(111, storage);
  const key = xdr.ScVal.scvSymbol('key');
  const u64 = (value: string) => xdr.ScVal.scvU64(xdr.Uint64.fromString(value));
  const U64_MAX = '18446744073709551615';
  /** e2e_testutils `contract_data_entry` of the contract's `key`. */
  const dataEntry = (val: xdr.ScVal, durability: 'persistent' | 'temporary') =>
    ledgerEntry(
      xdr.LedgerEntryData.contractData(
        new xdr.ContractDataEntry({
          ext: xdr.ExtensionPoint.v0(),
          contract: contractAddress(cd.contractId),
          key,
          durability: xdr.ContractDataDurability[durability],
          val,
        }),
      ),
    );
  const persistentEntry = dataEntry(u64(U64_MAX), 'persistent');
  const invoke = (functionName: string, args: xdr.ScVal[]) =>
    xdr.HostFunction.hostFunctionTypeInvokeContract(
      new xdr.InvokeContractArgs({ contractAddress: contractAddress(cd.contractId), functionName, args }),
    );
  const size = (...entries: xdr.LedgerEntry[]) => entries.reduce((n, e) => n + e.toXdr().length, 0);

  it('test_auto_restore_with_extension_in_recording_mode', () => {
    const ttl = 5 * LEDGER.minPersistentEntryTtl;
    const hostFunction = invoke('extend_persistent', [key, xdr.ScVal.scvU32(ttl), xdr.ScVal.scvU32(ttl)]);
    const wasm = wasmEntry(storage);
    const snapshot = snapshotOf([
      { entry: wasm, liveUntil: SEQ - 100_000 },
      { entry: cd.contractEntry, liveUntil: SEQ - 1 },
      { entry: persistentEntry, liveUntil: SEQ - 10 },
    ]);
    const result = recordLikeE2e(hostFunction, true, snapshot);
    if (!result.result.ok) throw result.result.error;
    expect(result.restoredRwEntryIndices).toEqual([0, 1, 2]);
    const restoredUntil = minLiveUntilLedger(LEDGER, 'persistent');
    expect(
      result.changes.map((c) => [
        c.readOnly,
        b64(c.key),
        c.oldEntrySizeBytesForRent,
        c.newValue && b64(c.newValue),
        c.ttlChange?.oldLiveUntilLedger,
        c.ttlChange?.newLiveUntilLedger,
      ]),
    ).toEqual([
      [false, b64(entryKey(persistentEntry)), 0, b64(persistentEntry), 0, SEQ + ttl],
      [false, b64(cd.contractKey), 0, b64(cd.contractEntry), 0, restoredUntil],
      [false, b64(wasmKey(storage)), 0, b64(wasm), 0, restoredUntil],
    ]);
    const resources = result.resources as xdr.SorobanResources;
    expect({
      readOnly: resources.footprint.readOnly.length,
      readWrite: resources.footprint.readWrite.map(b64),
      diskReadBytes: resources.diskReadBytes,
      writeBytes: resources.writeBytes,
      instructions: resources.instructions,
    }).toEqual({
      readOnly: 0,
      readWrite: [entryKey(persistentEntry), cd.contractKey, wasmKey(storage)].map(b64),
      diskReadBytes: size(persistentEntry, wasm, cd.contractEntry),
      writeBytes: size(persistentEntry, wasm, cd.contractEntry),
      instructions: 1_562_621,
    });
  });

  // Each case: the call and the entries' TTLs relative to the ledger; what the Rust test asserts.
  const cases = () => {
    const wasm = wasmEntry(storage);
    const old321 = dataEntry(u64('321'), 'persistent');
    const temp0 = dataEntry(u64('0'), 'temporary');
    const temp123 = dataEntry(u64('123'), 'temporary');
    const put = [key, u64(U64_MAX)];
    return [
      {
        name: 'test_auto_restore_with_overwrite_in_recording_mode',
        call: invoke('put_persistent', put),
        entries: [
          { entry: wasm, liveUntil: SEQ + 100_000 },
          { entry: cd.contractEntry, liveUntil: SEQ - 100 },
          { entry: old321, liveUntil: SEQ - 1 },
        ],
        want: {
          value: xdr.ScVal.scvVoid(),
          restored: 2,
          readOnly: [wasmKey(storage)],
          readWrite: [entryKey(old321), cd.contractKey],
          diskReadBytes: size(old321, cd.contractEntry),
          writeBytes: size(persistentEntry, cd.contractEntry),
          instructions: 921_385,
        },
      },
      {
        name: 'test_auto_restore_with_new_entry_in_recording_mode',
        call: invoke('put_persistent', put),
        entries: [
          { entry: wasm, liveUntil: SEQ - 100_000 },
          { entry: cd.contractEntry, liveUntil: SEQ - 100 },
        ],
        want: {
          value: xdr.ScVal.scvVoid(),
          restored: 2,
          readOnly: [],
          readWrite: [entryKey(persistentEntry), cd.contractKey, wasmKey(storage)],
          diskReadBytes: size(wasm, cd.contractEntry),
          writeBytes: size(persistentEntry, wasm, cd.contractEntry),
          instructions: 1_444_181,
        },
      },
      {
        name: 'test_auto_restore_with_expired_temp_entry_in_recording_mode',
        call: invoke('has_temporary', [key]),
        entries: [
          { entry: wasm, liveUntil: SEQ - 100_000 },
          { entry: cd.contractEntry, liveUntil: SEQ - 100 },
          { entry: temp0, liveUntil: SEQ - 1 },
        ],
        want: {
          value: xdr.ScVal.scvBool(false),
          restored: 2,
          readOnly: [entryKey(temp0)],
          readWrite: [cd.contractKey, wasmKey(storage)],
          diskReadBytes: size(wasm, cd.contractEntry),
          writeBytes: size(wasm, cd.contractEntry),
          instructions: 1_561_476,
        },
      },
      {
        name: 'test_auto_restore_with_recreated_temp_entry_in_recording_mode',
        call: invoke('put_temporary', [key, u64('0')]),
        entries: [
          { entry: wasm, liveUntil: SEQ - 100_000 },
          { entry: cd.contractEntry, liveUntil: SEQ + 100 },
          { entry: temp123, liveUntil: SEQ - 1000 },
        ],
        want: {
          value: xdr.ScVal.scvVoid(),
          restored: 1,
          readOnly: [cd.contractKey],
          readWrite: [entryKey(temp0), wasmKey(storage)],
          diskReadBytes: size(wasm),
          writeBytes: size(wasm, temp0),
          instructions: 1_563_649,
        },
      },
    ];
  };

  for (const { name } of sorobanData ? cases() : []) {
    it(name, () => {
      const given = cases().find((c) => c.name === name);
      if (!given) throw new Error(name);
      const result = recordLikeE2e(given.call, true, snapshotOf(given.entries));
      if (!result.result.ok) throw result.result.error;
      const resources = result.resources as xdr.SorobanResources;
      expect({
        value: b64(result.result.value),
        restored: result.restoredRwEntryIndices.length,
        readOnly: resources.footprint.readOnly.map(b64),
        readWrite: resources.footprint.readWrite.map(b64),
        diskReadBytes: resources.diskReadBytes,
        writeBytes: resources.writeBytes,
        instructions: resources.instructions,
      }).toEqual({
        ...given.want,
        value: b64(given.want.value),
        readOnly: given.want.readOnly.map(b64),
        readWrite: given.want.readWrite.map(b64),
      });
    });
  }
});
