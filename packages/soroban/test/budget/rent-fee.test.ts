/**
 * Rent against the host's own rent tests, with their literal expectations (soroban-env-host/tests/fees.rs
 * at v23.0.0: test_rent_extend_fees_with_only_extend, ..._with_only_size_change,
 * test_rent_extend_with_size_change_and_extend, test_rent_extend_without_old_entry).
 */
import { describe, expect, it } from 'vitest';
import {
  computeRentFee,
  type LedgerEntryRentChange,
  type RentFeeConfiguration,
} from '../../src/budget/fees.js';

const change = (
  isPersistent: boolean,
  isCodeEntry: boolean,
  [oldSizeBytes, newSizeBytes]: [number, number],
  [oldLiveUntilLedger, newLiveUntilLedger]: [number, number],
): LedgerEntryRentChange => ({
  isPersistent,
  isCodeEntry,
  oldSizeBytes,
  newSizeBytes,
  oldLiveUntilLedger,
  newLiveUntilLedger,
});
const KB10: [number, number] = [10 * 1024, 10 * 1024];
const rentConfig = (feePerWriteEntry: bigint): RentFeeConfiguration => ({
  feePerWriteEntry,
  feePerRent1Kb: 1000n,
  feePerWrite1Kb: 500n,
  persistentRentRateDenominator: 10_000n,
  temporaryRentRateDenominator: 100_000n,
});

describe('computeRentFee', () => {
  const cases: {
    name: string;
    fee: bigint;
    changes: LedgerEntryRentChange[];
    ledger: number;
    want: bigint;
  }[] = [
    // test_rent_extend_fees_with_only_extend
    {
      name: 'extend: minimal size',
      fee: 10n,
      changes: [change(true, false, [1, 1], [100_000, 300_000])],
      ledger: 50_000,
      want: 20n + 24n + 10n,
    },
    {
      name: 'extend: minimal ledgers',
      fee: 10n,
      changes: [change(true, false, KB10, [100_000, 100_001])],
      ledger: 50_000,
      want: 1n + 34n,
    },
    {
      name: 'extend: minimal ledgers and size',
      fee: 10n,
      changes: [change(true, false, [1, 1], [100_000, 100_001])],
      ledger: 50_000,
      want: 1n + 34n,
    },
    {
      name: 'extend: no size change',
      fee: 10n,
      changes: [change(true, false, KB10, [100_000, 300_000])],
      ledger: 50_000,
      want: 200_000n + 34n,
    },
    {
      name: 'extend: code entry',
      fee: 10n,
      changes: [change(true, true, KB10, [100_000, 300_000])],
      ledger: 50_000,
      want: 66_666n + 34n,
    },
    {
      name: 'extend: size decrease',
      fee: 10n,
      changes: [change(true, false, [10 * 1024, 5 * 1024], [100_000, 300_000])],
      ledger: 50_000,
      want: 100_000n + 34n,
    },
    {
      name: 'extend: temporary',
      fee: 10n,
      changes: [change(false, false, KB10, [100_000, 300_000])],
      ledger: 50_000,
      want: 20_000n + 34n,
    },
    {
      name: 'extend: several entries',
      fee: 10n,
      changes: [
        change(false, false, KB10, [100_000, 300_000]),
        change(true, false, KB10, [100_000, 300_000]),
        change(true, true, KB10, [100_000, 300_000]),
        change(true, false, [1, 1], [100_000, 100_001]),
        change(true, false, [1, 1], [100_000, 300_000]),
        change(true, false, KB10, [100_000, 300_000]),
        change(false, false, KB10, [100_000, 300_000]),
      ],
      ledger: 50_000,
      want: 506_687n + 165n + 70n,
    },
    // test_rent_extend_fees_with_only_size_change
    {
      name: 'size: large increase',
      fee: 100n,
      changes: [change(true, false, [1, 100_000], [100_000, 100_000])],
      ledger: 25_000,
      want: 732_425n,
    },
    {
      name: 'size: large increase, code',
      fee: 100n,
      changes: [change(true, true, [1, 100_000], [100_000, 100_000])],
      ledger: 25_000,
      want: 732_425n / 3n,
    },
    {
      name: 'size: large increase, temporary',
      fee: 100n,
      changes: [change(false, false, [1, 100_000], [100_000, 100_000])],
      ledger: 25_000,
      want: 73_243n,
    },
    {
      name: 'size: small increase',
      fee: 100n,
      changes: [change(true, false, [99_999, 100_000], [100_000, 100_000])],
      ledger: 25_000,
      want: 8n,
    },
    {
      name: 'size: small ledger difference',
      fee: 100n,
      changes: [change(true, false, [1, 100_000], [100_000, 100_000])],
      ledger: 99_999,
      want: 20n,
    },
    {
      name: 'size: several entries',
      fee: 100n,
      changes: [
        change(true, false, [1, 100_000], [100_000, 100_000]),
        change(true, true, [1, 100_000], [100_000, 100_000]),
        change(false, false, [1, 100_000], [100_000, 100_000]),
      ],
      ledger: 25_000,
      want: 1_049_809n,
    },
    // test_rent_extend_with_size_change_and_extend
    {
      name: 'both: persistent',
      fee: 10n,
      changes: [change(true, false, [1, 100_000], [100_000, 300_000])],
      ledger: 25_000,
      want: 2_685_550n + 34n,
    },
    {
      name: 'both: code',
      fee: 10n,
      changes: [change(true, true, [1, 100_000], [100_000, 300_000])],
      ledger: 25_000,
      want: 2_685_550n / 3n + 34n,
    },
    {
      name: 'both: temporary',
      fee: 10n,
      changes: [change(false, false, [1, 100_000], [100_000, 300_000])],
      ledger: 25_000,
      want: 268_556n + 34n,
    },
    {
      name: 'both: several entries',
      fee: 10n,
      changes: [
        change(true, false, [1, 100_000], [100_000, 300_000]),
        change(true, true, [1, 100_000], [100_000, 300_000]),
        change(false, false, [1, 100_000], [100_000, 300_000]),
      ],
      ledger: 25_000,
      want: 3_849_289n + 71n + 30n,
    },
    {
      name: 'both: small increments',
      fee: 10n,
      changes: [change(true, false, [1, 2], [100_000, 100_001])],
      ledger: 99_999,
      want: 2n + 34n,
    },
    // test_rent_extend_without_old_entry
    {
      name: 'new: persistent',
      fee: 10n,
      changes: [change(true, false, [0, 100_000], [0, 100_000])],
      ledger: 25_000,
      want: 732_432n + 34n,
    },
    {
      name: 'new: temporary',
      fee: 10n,
      changes: [change(false, false, [0, 100_000], [0, 100_000])],
      ledger: 25_000,
      want: 73_244n + 34n,
    },
  ];
  it.each(cases)('$name', ({ fee, changes, ledger, want }) => {
    expect(computeRentFee(changes, rentConfig(fee), ledger)).toBe(want);
  });
});
