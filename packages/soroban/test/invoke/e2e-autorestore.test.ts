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
  const persistentEntry = ledgerEntry(
    xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract: contractAddress(cd.contractId),
        key,
        durability: xdr.ContractDataDurability.persistent,
        val: xdr.ScVal.scvU64(xdr.Uint64.fromString('18446744073709551615')),
      }),
    ),
  );

  it('test_auto_restore_with_extension_in_recording_mode', () => {
    const ttl = 5 * LEDGER.minPersistentEntryTtl;
    const hostFunction = xdr.HostFunction.hostFunctionTypeInvokeContract(
      new xdr.InvokeContractArgs({
        contractAddress: contractAddress(cd.contractId),
        functionName: 'extend_persistent',
        args: [key, xdr.ScVal.scvU32(ttl), xdr.ScVal.scvU32(ttl)],
      }),
    );
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
    const size = [persistentEntry, wasm, cd.contractEntry].reduce((n, e) => n + e.toXdr().length, 0);
    expect({
      readOnly: resources.footprint.readOnly.length,
      readWrite: resources.footprint.readWrite.map(b64),
      diskReadBytes: resources.diskReadBytes,
      writeBytes: resources.writeBytes,
      instructions: resources.instructions,
    }).toEqual({
      readOnly: 0,
      readWrite: [entryKey(persistentEntry), cd.contractKey, wasmKey(storage)].map(b64),
      diskReadBytes: size,
      writeBytes: size,
      instructions: 1_562_621,
    });
  });
});
