/**
 * RestoreFootprint and ExtendFootprintTTL simulation, with the literal expectations of
 * soroban-simulation's own tests (src/test/simulation.rs test_simulate_extend_ttl_op and
 * test_simulate_restore_op at v23.0.0).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { NO_ADJUSTMENT } from '../../src/invoke/adjustment.js';
import { simulateExtendTtl, simulateRestore } from '../../src/invoke/footprint-simulation.js';
import { compareLedgerKeys, entryKey, FREE_METER } from '../../src/storage/index.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import {
  createContractData,
  LEDGER,
  SEQ,
  SIMULATION_TEST_FEES,
  simulationTestSettings,
  snapshotOf,
  TEST_ADJUSTMENT,
  tempEntry,
  wasmEntry,
  wasmEntryNonValidated,
  wasmKey,
} from './fixtures.js';

const sorted = (keys: xdr.LedgerKey[]) =>
  [...keys].sort((a, b) => compareLedgerKeys(a, b, FREE_METER)).map((k) => k.toXdr('base64'));

function view(result: ReturnType<typeof simulateRestore>) {
  if (!result.ok) throw new Error(result.error);
  const { resources } = result.transactionData;
  return {
    readOnly: resources.footprint.readOnly.map((k) => k.toXdr('base64')),
    readWrite: resources.footprint.readWrite.map((k) => k.toXdr('base64')),
    instructions: resources.instructions,
    diskReadBytes: resources.diskReadBytes,
    writeBytes: resources.writeBytes,
    resourceFee: result.transactionData.resourceFee,
    ext: result.transactionData.ext.type,
  };
}

const empty = { readOnly: [], readWrite: [], instructions: 0, diskReadBytes: 0, writeBytes: 0, ext: 'v0' };

describe.skipIf(!sorobanData)(
  `soroban-simulation footprint operations (${sorobanData ? '' : NO_SOROBAN_DATA})`,
  () => {
    const addI32 = sorobanData ? readSoroban('wasm/20/example_add_i32.wasm') : Buffer.alloc(0);
    const authTest = sorobanData ? readSoroban('wasm/20/auth_test_contract.wasm') : Buffer.alloc(0);
    const settings = simulationTestSettings();
    const common = { settings, fees: SIMULATION_TEST_FEES, adjustment: NO_ADJUSTMENT };

    it('test_simulate_extend_ttl_op', () => {
      const entries = [
        { entry: wasmEntry(addI32), liveUntil: SEQ + 100_000 },
        { entry: wasmEntry(authTest), liveUntil: SEQ + 100 },
        { entry: createContractData(111, addI32).contractEntry, liveUntil: SEQ + 500_000 },
        { entry: wasmEntryNonValidated(Buffer.from('123')), liveUntil: SEQ + 1_000_000 },
        { entry: tempEntry(Buffer.from('321')), liveUntil: SEQ + 100 },
        { entry: tempEntry(Buffer.from('123')), liveUntil: SEQ + 100_000 },
        { entry: tempEntry(Buffer.from('456')), liveUntil: SEQ + 1_000_000 },
      ];
      const keys = entries.map(({ entry }) => entryKey(entry));
      const snapshot = snapshotOf(entries);
      const extend = (extendTo: number, extra: object = {}, ledger = LEDGER, keyList = keys) =>
        simulateExtendTtl({ ...common, ledger, snapshot, keys: keyList, extendTo, ...extra });

      const given: [string, number, object, object][] = [
        ['no entry needs it', 100, {}, { ...empty, resourceFee: 280n }],
        [
          'some entries',
          100_001,
          {},
          {
            ...empty,
            readOnly: sorted([keys[0], keys[1], keys[4], keys[5]] as xdr.LedgerKey[]),
            resourceFee: 6_204_121n,
          },
        ],
        ['every entry', 1_000_001, {}, { ...empty, readOnly: sorted(keys), resourceFee: 104_563_088n }],
        [
          'every entry, adjusted',
          1_000_001,
          { adjustment: TEST_ADJUSTMENT },
          { ...empty, readOnly: sorted(keys), resourceFee: 156_844_607n },
        ],
      ];
      for (const [, extendTo, extra, want] of given) expect(view(extend(extendTo, extra))).toEqual(want);
      // A missing entry is skipped.
      const withMissing = [...keys, wasmKey(Buffer.from('abc'))];
      expect(view(extend(1_000_001, {}, LEDGER, withMissing))).toEqual(view(extend(1_000_001)));
      // An expired entry must be restored first.
      expect(extend(100_001, {}, { ...LEDGER, sequenceNumber: SEQ + 101 }).ok).toBe(false);
    });

    it('test_simulate_restore_op', () => {
      const entries = [
        { entry: wasmEntry(addI32), liveUntil: SEQ + 100_000 },
        { entry: wasmEntry(authTest), liveUntil: SEQ + 100 },
        { entry: createContractData(111, addI32).contractEntry, liveUntil: SEQ + 500_000 },
        { entry: wasmEntryNonValidated(Buffer.from('123')), liveUntil: SEQ + 1_000_000 },
      ];
      const keys = entries.map(({ entry }) => entryKey(entry));
      const snapshot = snapshotOf(entries);
      const restore = (sequence: number, extra: object = {}) =>
        simulateRestore({
          ...common,
          ledger: { ...LEDGER, sequenceNumber: sequence },
          snapshot,
          keys,
          ...extra,
        });

      expect(view(restore(SEQ))).toEqual({ ...empty, resourceFee: 280n });
      const some = 7664;
      expect(view(restore(SEQ + 100_001))).toEqual({
        ...empty,
        readWrite: sorted([keys[0], keys[1]] as xdr.LedgerKey[]),
        diskReadBytes: some,
        writeBytes: some,
        resourceFee: 10_922_801n,
      });
      const all = 7824;
      expect(view(restore(SEQ + 1_000_001))).toEqual({
        ...empty,
        readWrite: sorted(keys),
        diskReadBytes: all,
        writeBytes: all,
        resourceFee: 11_130_765n,
      });
      expect(view(restore(SEQ + 1_000_001, { adjustment: TEST_ADJUSTMENT }))).toEqual({
        ...empty,
        readWrite: sorted(keys),
        diskReadBytes: Math.floor(all * 1.2),
        writeBytes: Math.floor(all * 1.3),
        resourceFee: 16_695_904n,
      });
    });

    it('refuses temporary and missing entries (returns_error_for_temp_entries / non_existent_entry)', () => {
      const temp = tempEntry(Buffer.from('321'));
      const snapshot = snapshotOf([{ entry: temp, liveUntil: SEQ - 1 }]);
      const restore = (key: xdr.LedgerKey) =>
        simulateRestore({ ...common, ledger: LEDGER, snapshot, keys: [key] });
      expect(restore(entryKey(temp)).ok).toBe(false);
      expect(restore(wasmKey(Buffer.from('nothing'))).ok).toBe(false);
    });
  },
);
