/**
 * Protocol 26's `extend_ttl_v2` at the storage level, the sequence of the Rust host's
 * `ttl_extension_v2_tests::test_extend_ttl_v2` (soroban-env-host v26.0.0 src/test/storage.rs):
 * each row asks for an extension and says how many ledgers the entry's live-until moved.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import type { HostError } from '../../src/errors/host-error.js';
import {
  Footprint,
  FREE_METER,
  type LedgerInfo,
  maxLiveUntilLedger,
  newStorageMap,
  Storage,
} from '../../src/storage/index.js';
import { dataEntry, dataKey, LEDGER, sym, u64 } from './fixtures.js';

const U32_MAX = 0xffff_ffff;

function setup(durability: 'persistent' | 'temporary') {
  const ledger: LedgerInfo = { ...LEDGER, sequenceNumber: 1000, maxEntryTtl: 100_000 };
  const key = dataKey(sym('key_1'), durability);
  const footprint = Footprint.fromXdr(
    new xdr.LedgerFootprint({ readOnly: [], readWrite: [key] }),
    FREE_METER,
  );
  const map = newStorageMap();
  map.set(key, { entry: dataEntry(sym('key_1'), u64(1234n), durability), liveUntil: 1000 + 15 }, FREE_METER);
  const storage = Storage.enforcing(footprint, map, () => ledger, {});
  const liveUntil = () => storage.getWithLiveUntil(key, FREE_METER).liveUntil as number;
  const currTtl = () => liveUntil() - ledger.sequenceNumber;
  const maxTtl = () => maxLiveUntilLedger(ledger) - ledger.sequenceNumber;
  /** How far the live-until moved, or the error as the host prints it. */
  const extend = (extendTo: number, min: number, max: number): number | string => {
    const before = liveUntil();
    try {
      storage.extendTtlV2(key, extendTo, min, max, FREE_METER);
    } catch (error) {
      return (error as HostError).short;
    }
    return liveUntil() - before;
  };
  return { ledger, currTtl, maxTtl, extend };
}

const INVALID_INPUT = 'Error(Storage, InvalidInput)';
const INVALID_ACTION = 'Error(Storage, InvalidAction)';

describe.each(['persistent', 'temporary'] as const)('extend_ttl_v2 on a %s entry', (durability) => {
  it('refuses max_extension < min_extension', () => {
    const { extend } = setup(durability);
    expect(extend(5000, 1000, 500)).toBe(INVALID_INPUT);
    expect(extend(1, 3, 2)).toBe(INVALID_INPUT);
    expect(extend(100, 100, 99)).toBe(INVALID_INPUT);
    expect(extend(100, U32_MAX, U32_MAX - 1)).toBe(INVALID_INPUT);
  });

  it('extends between min and max, not at all below min, at most max', () => {
    const { currTtl, extend } = setup(durability);
    const rows: [() => number, number, number, number][] = [
      // regular extension, between min and max
      [() => currTtl() + 500, 100, 1000, 500],
      [() => currTtl() + 1, 0, 1, 1],
      [() => currTtl() + 10, 10, 10, 10],
      [() => currTtl() + 99, 99, 100, 99],
      [() => currTtl() + 90, 40, U32_MAX, 90],
      // no-op when extend_to is already satisfied
      [() => currTtl() - 10, 0, 1000, 0],
      [() => currTtl() - 1, 0, 1000, 0],
      [() => currTtl(), 0, 10000, 0],
      // no-op when the extension is below min_extension
      [() => currTtl() + 50, 100, 200, 0],
      [() => currTtl(), 1, 10000, 0],
      [() => currTtl() + 99, 100, 10000, 0],
      // capped by max_extension
      [() => currTtl() + 4999, 4999, 4999, 4999],
      [() => currTtl() + 3000, 199, 200, 200],
      [() => currTtl() + 7000, 0, 1, 1],
    ];
    for (const [extendTo, min, max, moved] of rows) expect(extend(extendTo(), min, max)).toBe(moved);
  });

  it('extends exactly to the maximum TTL, then treats asks past it by durability', () => {
    const { ledger, currTtl, maxTtl, extend } = setup(durability);
    const max = maxTtl();
    const toMax = max - currTtl();
    expect(extend(max, 0, 100_000)).toBe(toMax);
    for (let round = 0; round < 2; round++) {
      if (durability === 'temporary') {
        expect(extend(max + 1, 0, max + 100)).toBe(INVALID_ACTION);
        expect(extend(max + 100, max, max + 10000)).toBe(INVALID_ACTION);
        expect(extend(max + 100, 0, 1)).toBe(INVALID_ACTION);
        ledger.sequenceNumber += 1000;
      } else if (round === 0) {
        expect(extend(max + 1, 0, max + 100)).toBe(0);
        expect(extend(max + 1000, 0, U32_MAX)).toBe(0);
        expect(extend(max + 1000, max + 10000, U32_MAX)).toBe(0);
        ledger.sequenceNumber += 1000;
      } else {
        expect(extend(max + 1, 0, 1)).toBe(1);
        expect(extend(max + 100, max, max + 1000)).toBe(0);
        expect(extend(max + 1000, 0, max + 100)).toBe(999);
      }
    }
  });
});
