/**
 * The resource fee and the rent write fee against the host's own fee tests, with their literal expectations
 * (soroban-env-host/tests/fees.rs at v23.0.0).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  computeRentWriteFeePer1Kb,
  computeTransactionResourceFee,
  type FeeConfiguration,
  MINIMUM_RENT_WRITE_FEE_PER_1KB,
  type RentWriteFeeConfiguration,
  type TransactionResources,
  TTL_ENTRY_SIZE,
} from '../../src/budget/fees.js';
import { I64_MAX } from '../../src/budget/int64.js';

const U32_MAX = 0xffff_ffff;
const NO_RESOURCES: TransactionResources = {
  instructions: 0,
  diskReadEntries: 0,
  writeEntries: 0,
  diskReadBytes: 0,
  writeBytes: 0,
  contractEventsSizeBytes: 0,
  transactionSizeBytes: 0,
};
const uniformFees = (fee: bigint): FeeConfiguration => ({
  feePerInstructionIncrement: fee,
  feePerDiskReadEntry: fee,
  feePerWriteEntry: fee,
  feePerDiskRead1Kb: fee,
  feePerWrite1Kb: fee,
  feePerHistorical1Kb: fee,
  feePerContractEvent1Kb: fee,
  feePerTransactionSize1Kb: fee,
});

it('TTL_ENTRY_SIZE is the XDR size of a TTL ledger entry (ttl_entry_size)', () => {
  const entry = new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.ttl(new xdr.TtlEntry({ keyHash: Buffer.alloc(32), liveUntilLedgerSeq: 0 })),
    ext: xdr.LedgerEntryExt.v0(),
  });
  expect(BigInt(entry.toXDR().length)).toBe(TTL_ENTRY_SIZE);
});

describe('computeTransactionResourceFee (resource_fee_computation_with_single_resource)', () => {
  const config: FeeConfiguration = {
    feePerInstructionIncrement: 1000n,
    feePerDiskReadEntry: 2000n,
    feePerWriteEntry: 3000n,
    feePerDiskRead1Kb: 4000n,
    feePerWrite1Kb: 5000n,
    feePerHistorical1Kb: 6000n,
    feePerContractEvent1Kb: 7000n,
    feePerTransactionSize1Kb: 8000n,
  };
  // The historical fee always covers the 300-byte result: ceil(6000 * 300 / 1024).
  const BASE = 1758n;
  const cases: { given: Partial<TransactionResources>; want: [bigint, bigint] }[] = [
    { given: { instructions: 1 }, want: [1n + BASE, 0n] },
    { given: { instructions: 10_000 }, want: [1000n + BASE, 0n] },
    { given: { instructions: 123_451_234 }, want: [12_345_124n + BASE, 0n] },
    { given: { instructions: U32_MAX }, want: [429_496_730n + BASE, 0n] },
    { given: { diskReadEntries: 1 }, want: [2000n + BASE, 0n] },
    { given: { diskReadEntries: 5 }, want: [10_000n + BASE, 0n] },
    { given: { diskReadEntries: U32_MAX }, want: [8_589_934_590_000n + BASE, 0n] },
    { given: { writeEntries: 1 }, want: [3000n + BASE, 0n] },
    { given: { writeEntries: 5 }, want: [15_000n + BASE, 0n] },
    { given: { writeEntries: 1, diskReadEntries: 1 }, want: [5000n + BASE, 0n] },
    { given: { writeEntries: U32_MAX }, want: [12_884_901_885_000n + BASE, 0n] },
    { given: { diskReadBytes: 1 }, want: [4n + BASE, 0n] },
    { given: { diskReadBytes: 5 * 1024 }, want: [20_000n + BASE, 0n] },
    { given: { diskReadBytes: 5 * 1024 + 1 }, want: [20_004n + BASE, 0n] },
    { given: { diskReadBytes: U32_MAX }, want: [16_777_215_997n + BASE, 0n] },
    { given: { writeBytes: 1 }, want: [5n + BASE, 0n] },
    { given: { writeBytes: 5 * 1024 }, want: [25_000n + BASE, 0n] },
    { given: { writeBytes: 5 * 1024 + 1 }, want: [25_005n + BASE, 0n] },
    { given: { writeBytes: U32_MAX }, want: [20_971_519_996n + BASE, 0n] },
    { given: { transactionSizeBytes: 1 }, want: [6n + 8n + BASE, 0n] },
    { given: { transactionSizeBytes: 5 * 1024 }, want: [70_000n + BASE, 0n] },
    { given: { transactionSizeBytes: 5 * 1024 + 1 }, want: [30_006n + 40_008n + BASE, 0n] },
    // The 300 result bytes saturate with the size at u32::MAX.
    { given: { transactionSizeBytes: U32_MAX }, want: [25_165_823_995n + 33_554_431_993n, 0n] },
    { given: { contractEventsSizeBytes: 1 }, want: [BASE, 7n] },
    { given: { contractEventsSizeBytes: 5 * 1024 }, want: [BASE, 35_000n] },
    { given: { contractEventsSizeBytes: 5 * 1024 + 1 }, want: [BASE, 35_007n] },
    { given: { contractEventsSizeBytes: U32_MAX }, want: [BASE, 29_360_127_994n] },
  ];
  it.each(cases)('$given -> $want', ({ given, want }) => {
    const fee = computeTransactionResourceFee({ ...NO_RESOURCES, ...given }, config);
    expect([fee.nonRefundable, fee.refundable]).toEqual(want);
  });
});

describe('computeTransactionResourceFee (resource_fee_computation)', () => {
  const ones: TransactionResources = {
    instructions: 1,
    diskReadEntries: 1,
    writeEntries: 1,
    diskReadBytes: 1,
    writeBytes: 1,
    contractEventsSizeBytes: 1,
    transactionSizeBytes: 1,
  };
  const maxes: TransactionResources = Object.fromEntries(
    Object.keys(ones).map((key) => [key, U32_MAX]),
  ) as never;
  const cases: {
    name: string;
    resources: TransactionResources;
    config: FeeConfiguration;
    want: [bigint, bigint];
  }[] = [
    { name: 'no resources', resources: NO_RESOURCES, config: uniformFees(100n), want: [30n, 0n] },
    { name: 'minimal resources', resources: ones, config: uniformFees(100n), want: [234n, 1n] },
    {
      name: 'different resources and fees',
      resources: {
        instructions: 10_123_456,
        diskReadEntries: 30,
        writeEntries: 10,
        diskReadBytes: 25_600,
        writeBytes: 10_340,
        contractEventsSizeBytes: 321_654,
        transactionSizeBytes: 35_721,
      },
      config: {
        feePerInstructionIncrement: 1000n,
        feePerDiskReadEntry: 2000n,
        feePerWriteEntry: 4000n,
        feePerDiskRead1Kb: 1500n,
        feePerWrite1Kb: 3000n,
        feePerHistorical1Kb: 300n,
        feePerContractEvent1Kb: 200n,
        feePerTransactionSize1Kb: 900n,
      },
      want: [1_222_089n, 62_824n],
    },
    {
      name: 'integer limits',
      resources: maxes,
      config: uniformFees(I64_MAX),
      want: [I64_MAX, 9_007_199_254_740_992n],
    },
  ];
  it.each(cases)('$name', ({ resources, config, want }) => {
    const fee = computeTransactionResourceFee(resources, config);
    expect([fee.nonRefundable, fee.refundable]).toEqual(want);
  });
});

describe('computeRentWriteFeePer1Kb', () => {
  const config: RentWriteFeeConfiguration = {
    stateTargetSizeBytes: 100_000n,
    rentFee1KbStateSizeLow: 100n,
    rentFee1KbStateSizeHigh: 10_000n,
    stateSizeRentFeeGrowthFactor: 50,
  };
  const large: RentWriteFeeConfiguration = {
    stateTargetSizeBytes: 100_000_000_000_000n,
    rentFee1KbStateSizeLow: 1_000_000n,
    rentFee1KbStateSizeHigh: 1_000_000_000n,
    stateSizeRentFeeGrowthFactor: 50,
  };
  const negativeLow: RentWriteFeeConfiguration = { ...config, rentFee1KbStateSizeLow: -1000n };
  const narrow: RentWriteFeeConfiguration = {
    ...config,
    rentFee1KbStateSizeLow: 10n,
    rentFee1KbStateSizeHigh: 20n,
  };
  const cases: { name: string; size: bigint; config: RentWriteFeeConfiguration; want: bigint }[] = [
    // test_compute_rent_write_fee
    { name: 'empty state', size: 0n, config, want: MINIMUM_RENT_WRITE_FEE_PER_1KB },
    { name: 'half the target', size: 50_000n, config, want: 100n + (10_000n - 100n) / 2n },
    { name: 'below the target', size: 56_789n, config, want: 5723n },
    { name: 'at the target', size: 100_000n, config, want: 10_000n },
    { name: 'past the target', size: 150_000n, config, want: 10_000n + (50n * (10_000n - 100n)) / 2n },
    { name: 'far past the target', size: 580_000n, config, want: 10_000n + 2_376_000n },
    {
      name: 'large, half the target',
      size: 50_000_000_000_000n,
      config: large,
      want: 1_000_000n + (1_000_000_000n - 1_000_000n) / 2n,
    },
    {
      name: 'large, past the target',
      size: 150_000_000_000_000n,
      config: large,
      want: 1_000_000_000n + (50n * (1_000_000_000n - 1_000_000n)) / 2n,
    },
    // test_compute_write_fee_with_negative_low
    {
      name: 'negative low, clamped',
      size: 18_181n,
      config: negativeLow,
      want: MINIMUM_RENT_WRITE_FEE_PER_1KB,
    },
    {
      name: 'negative low, just over',
      size: 18_182n,
      config: negativeLow,
      want: MINIMUM_RENT_WRITE_FEE_PER_1KB + 1n,
    },
    {
      name: 'negative low, past the target',
      size: 150_000n,
      config: negativeLow,
      want: 10_000n + (50n * (10_000n + 1000n)) / 2n,
    },
    // test_compute_write_fee_clamp_after_target
    { name: 'clamped past the target', size: 100_001n, config: narrow, want: MINIMUM_RENT_WRITE_FEE_PER_1KB },
  ];
  it.each(cases)('$name', ({ size, config, want }) => {
    expect(computeRentWriteFeePer1Kb(size, config)).toBe(want);
  });
});
