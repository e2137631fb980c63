/**
 * RestoreFootprint and ExtendFootprintTTL applied with what their simulation said: the rent the
 * apply charges is the rent the simulated fee covers, and a refundable fee below it fails the
 * operation as stellar-core does (INSUFFICIENT_REFUNDABLE_FEE).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { localNetworkSettings } from '../../src/budget/index.js';
import { NO_ADJUSTMENT } from '../../src/invoke/adjustment.js';
import { applyExtendTtl, applyRestore } from '../../src/invoke/footprint-apply.js';
import { simulateExtendTtl, simulateRestore } from '../../src/invoke/footprint-simulation.js';
import { entryKey } from '../../src/storage/index.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { LEDGER as E2E_LEDGER, SEQ, snapshotOf, tempEntry, wasmEntry } from './fixtures.js';

const settings = localNetworkSettings();
/** The ledger's TTL bounds are the network's. */
const LEDGER = {
  ...E2E_LEDGER,
  minPersistentEntryTtl: settings.stateArchival.minPersistentTtl,
  minTempEntryTtl: settings.stateArchival.minTemporaryTtl,
  maxEntryTtl: settings.stateArchival.maxEntryTtl,
};

describe.skipIf(!sorobanData)(`footprint operations applied (${sorobanData ? '' : NO_SOROBAN_DATA})`, () => {
  const addI32 = sorobanData ? readSoroban('wasm/20/example_add_i32.wasm') : Buffer.alloc(0);

  it('restores an archived code entry for the minimum persistent TTL, within the simulated fee', () => {
    const code = wasmEntry(addI32);
    const snapshot = snapshotOf([{ entry: code, liveUntil: SEQ - 1 }]);
    const sim = simulateRestore({
      ledger: LEDGER,
      snapshot,
      settings,
      keys: [entryKey(code)],
      adjustment: NO_ADJUSTMENT,
    });
    if (!sim.ok) throw new Error(sim.error);
    const { resources } = sim.transactionData;
    const applied = applyRestore({
      ledger: LEDGER,
      snapshot,
      settings,
      resources,
      maxRefundableFee: sim.minResourceFee,
    });
    expect(applied.code).toBe('success');
    expect(applied.ttlUpdates.map((u) => u.liveUntilLedger)).toEqual([
      SEQ + settings.stateArchival.minPersistentTtl - 1,
    ]);
    expect(applied.rentFee).toBeGreaterThan(0n);
    expect(applied.rentFee).toBeLessThanOrEqual(sim.minResourceFee);
    const short = applyRestore({
      ledger: LEDGER,
      snapshot,
      settings,
      resources,
      maxRefundableFee: applied.rentFee - 1n,
    });
    expect(short.code).toBe('insufficientRefundableFee');
    const readOnly = new xdr.SorobanResources({
      footprint: new xdr.LedgerFootprint({ readOnly: [entryKey(code)], readWrite: [] }),
      instructions: 0,
      diskReadBytes: resources.diskReadBytes,
      writeBytes: resources.writeBytes,
    });
    expect(applyRestore({ ledger: LEDGER, snapshot, settings, resources: readOnly }).code).toBe('malformed');
  });

  it('extends a live temporary entry; the rent is what the simulation priced', () => {
    const temp = tempEntry(Buffer.from('abc'));
    const snapshot = snapshotOf([{ entry: temp, liveUntil: SEQ + 10 }]);
    const sim = simulateExtendTtl({
      ledger: LEDGER,
      snapshot,
      settings,
      keys: [entryKey(temp)],
      extendTo: 1000,
      adjustment: NO_ADJUSTMENT,
    });
    if (!sim.ok) throw new Error(sim.error);
    const applied = applyExtendTtl({
      ledger: LEDGER,
      snapshot,
      settings,
      resources: sim.transactionData.resources,
      extendTo: 1000,
      maxRefundableFee: sim.minResourceFee,
    });
    expect(applied.code).toBe('success');
    expect(applied.ttlUpdates.map((u) => u.liveUntilLedger)).toEqual([SEQ + 1000]);
    expect(applied.rentChanges).toEqual([
      {
        isPersistent: false,
        isCodeEntry: false,
        oldSizeBytes: temp.toXdr().length,
        newSizeBytes: temp.toXdr().length,
        oldLiveUntilLedger: SEQ + 10,
        newLiveUntilLedger: SEQ + 1000,
      },
    ]);
  });
});
