/**
 * The Soroban resource fee and rent, as soroban-env-host/src/fees.rs computes them at v23.0.0
 * (shared by stellar-core and stellar-rpc): pure functions of the resources and the fee-related
 * settings. Resource counts are u32 (numbers), fee rates and fees i64 (bigints); every sum and
 * product saturates and every division by an increment rounds up, as there.
 */
import { clampFee, divCeil, satI64, satI128, satU32 } from './int64.js';

/** Estimated size of any transaction's result in history, on top of the transaction itself. */
export const TX_BASE_RESULT_SIZE = 300n;
/** Size of a TTL ledger entry's XDR, what every TTL extension writes. */
export const TTL_ENTRY_SIZE = 48n;
export const INSTRUCTIONS_INCREMENT = 10_000n;
export const DATA_SIZE_1KB_INCREMENT = 1024n;
/** The floor of the rent write fee per KB. */
export const MINIMUM_RENT_WRITE_FEE_PER_1KB = 1000n;
/** Contract code pays a third of the rent. */
export const CODE_ENTRY_RENT_DISCOUNT_FACTOR = 3n;

/** A transaction's declared resources (all u32). */
export interface TransactionResources {
  readonly instructions: number;
  readonly diskReadEntries: number;
  readonly writeEntries: number;
  readonly diskReadBytes: number;
  readonly writeBytes: number;
  readonly contractEventsSizeBytes: number;
  readonly transactionSizeBytes: number;
}

/** Fee rates (i64): per 10,000 instructions, per entry, or per KB. */
export interface FeeConfiguration {
  readonly feePerInstructionIncrement: bigint;
  readonly feePerDiskReadEntry: bigint;
  readonly feePerWriteEntry: bigint;
  readonly feePerDiskRead1Kb: bigint;
  readonly feePerWrite1Kb: bigint;
  readonly feePerHistorical1Kb: bigint;
  readonly feePerContractEvent1Kb: bigint;
  readonly feePerTransactionSize1Kb: bigint;
}

/** What sets the rent write fee per KB from the Soroban state size. */
export interface RentWriteFeeConfiguration {
  readonly stateTargetSizeBytes: bigint;
  readonly rentFee1KbStateSizeLow: bigint;
  readonly rentFee1KbStateSizeHigh: bigint;
  readonly stateSizeRentFeeGrowthFactor: number;
}

export interface RentFeeConfiguration {
  readonly feePerWrite1Kb: bigint;
  /** From `computeRentWriteFeePer1Kb`. */
  readonly feePerRent1Kb: bigint;
  readonly feePerWriteEntry: bigint;
  readonly persistentRentRateDenominator: bigint;
  readonly temporaryRentRateDenominator: bigint;
}

/** One ledger entry before and after a transaction (sizes in bytes; 0 old values: a new entry). */
export interface LedgerEntryRentChange {
  readonly isPersistent: boolean;
  readonly isCodeEntry: boolean;
  readonly oldSizeBytes: number;
  readonly newSizeBytes: number;
  readonly oldLiveUntilLedger: number;
  readonly newLiveUntilLedger: number;
}

export interface ResourceFee {
  readonly nonRefundable: bigint;
  /** Events alone here; the transaction's refundable fee adds rent (`computeRentFee`). */
  readonly refundable: bigint;
}

function feePerIncrement(resource: bigint, rate: bigint, increment: bigint): bigint {
  return divCeil(satI64(resource * rate), increment > 1n ? increment : 1n);
}

/** The non-refundable and refundable (events) parts of the resource fee (`compute_transaction_resource_fee`). */
export function computeTransactionResourceFee(
  resources: TransactionResources,
  config: FeeConfiguration,
): ResourceFee {
  const txSize = BigInt(resources.transactionSizeBytes);
  const parts = [
    feePerIncrement(
      BigInt(resources.instructions),
      config.feePerInstructionIncrement,
      INSTRUCTIONS_INCREMENT,
    ),
    satI64(config.feePerDiskReadEntry * BigInt(resources.diskReadEntries)),
    satI64(config.feePerWriteEntry * BigInt(resources.writeEntries)),
    feePerIncrement(BigInt(resources.diskReadBytes), config.feePerDiskRead1Kb, DATA_SIZE_1KB_INCREMENT),
    feePerIncrement(BigInt(resources.writeBytes), config.feePerWrite1Kb, DATA_SIZE_1KB_INCREMENT),
    feePerIncrement(
      satU32(txSize + TX_BASE_RESULT_SIZE),
      config.feePerHistorical1Kb,
      DATA_SIZE_1KB_INCREMENT,
    ),
    feePerIncrement(txSize, config.feePerTransactionSize1Kb, DATA_SIZE_1KB_INCREMENT),
  ];
  const nonRefundable = parts.reduce((sum, part) => satI64(sum + part), 0n);
  const refundable = feePerIncrement(
    BigInt(resources.contractEventsSizeBytes),
    config.feePerContractEvent1Kb,
    DATA_SIZE_1KB_INCREMENT,
  );
  return { nonRefundable, refundable };
}

/**
 * The rent write fee per KB for a Soroban state of this size (`compute_rent_write_fee_per_1kb`):
 * rising linearly from the low to the high fee up to the target size, then growing `growth factor`
 * times faster, never under MINIMUM_RENT_WRITE_FEE_PER_1KB.
 */
export function computeRentWriteFeePer1Kb(
  sorobanStateSizeBytes: bigint,
  config: RentWriteFeeConfiguration,
): bigint {
  const multiplier = clampFee(satI64(config.rentFee1KbStateSizeHigh - config.rentFee1KbStateSizeLow));
  const target = config.stateTargetSizeBytes > 1n ? config.stateTargetSizeBytes : 1n;
  let fee: bigint;
  if (sorobanStateSizeBytes < config.stateTargetSizeBytes) {
    fee = clampFee(divCeil(satI128(multiplier * sorobanStateSizeBytes), target));
    fee = satI64(fee + config.rentFee1KbStateSizeLow);
  } else {
    const pastTarget = satI64(sorobanStateSizeBytes - config.stateTargetSizeBytes);
    const growth = BigInt(config.stateSizeRentFeeGrowthFactor);
    const postTarget = clampFee(divCeil(satI128(satI128(multiplier * pastTarget) * growth), target));
    fee = satI64(config.rentFee1KbStateSizeHigh + postTarget);
  }
  return fee > MINIMUM_RENT_WRITE_FEE_PER_1KB ? fee : MINIMUM_RENT_WRITE_FEE_PER_1KB;
}

function rentForSizeAndLedgers(
  persistent: boolean,
  size: bigint,
  ledgers: bigint,
  config: RentFeeConfiguration,
): bigint {
  const numerator = satI64(satI64(size * config.feePerRent1Kb) * ledgers);
  const rate = persistent ? config.persistentRentRateDenominator : config.temporaryRentRateDenominator;
  const denominator = satI64(DATA_SIZE_1KB_INCREMENT * rate);
  return divCeil(numerator, denominator > 1n ? denominator : 1n);
}

function rentForEntryChange(
  change: LedgerEntryRentChange,
  config: RentFeeConfiguration,
  currentLedger: bigint,
): bigint {
  const isNew = change.oldSizeBytes === 0 && change.oldLiveUntilLedger === 0;
  const oldLiveUntil = BigInt(change.oldLiveUntilLedger);
  const newLiveUntil = BigInt(change.newLiveUntilLedger);
  let fee = 0n;
  // The new ledgers, at the new size: (last paid ledger, new live-until].
  const lastPaid = isNew ? (currentLedger > 0n ? currentLedger - 1n : 0n) : oldLiveUntil;
  if (newLiveUntil >= lastPaid) {
    fee = satI64(
      fee +
        rentForSizeAndLedgers(
          change.isPersistent,
          BigInt(change.newSizeBytes),
          newLiveUntil - lastPaid,
          config,
        ),
    );
  }
  // Growth of an existing entry pays for the ledgers already paid for: [current, old live-until].
  if (!isNew && oldLiveUntil >= currentLedger && change.newSizeBytes >= change.oldSizeBytes) {
    const prepaid = satU32(oldLiveUntil - currentLedger + 1n);
    const growth = BigInt(change.newSizeBytes - change.oldSizeBytes);
    fee = satI64(fee + rentForSizeAndLedgers(change.isPersistent, growth, prepaid, config));
  }
  return change.isCodeEntry ? fee / CODE_ENTRY_RENT_DISCOUNT_FACTOR : fee;
}

/** The rent of a transaction's ledger changes, with the TTL entries its extensions write (`compute_rent_fee`). */
export function computeRentFee(
  changes: readonly LedgerEntryRentChange[],
  config: RentFeeConfiguration,
  currentLedgerSeq: number,
): bigint {
  const currentLedger = BigInt(currentLedgerSeq);
  let fee = 0n;
  let extended = 0n;
  let ttlBytes = 0n;
  for (const change of changes) {
    fee = satI64(fee + rentForEntryChange(change, config, currentLedger));
    if (change.oldLiveUntilLedger < change.newLiveUntilLedger) {
      extended += 1n;
      ttlBytes = satU32(ttlBytes + TTL_ENTRY_SIZE);
    }
  }
  fee = satI64(fee + satI64(config.feePerWriteEntry * extended));
  return satI64(fee + feePerIncrement(ttlBytes, config.feePerWrite1Kb, DATA_SIZE_1KB_INCREMENT));
}
