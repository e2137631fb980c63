/**
 * The fee configurations of `fees.ts` taken from the network settings, as soroban-simulation's
 * `NetworkConfig::load_from_snapshot` and stellar-core's `SorobanNetworkConfig` take them; and the
 * whole resource fee of a transaction (refundable = events + rent).
 */
import {
  computeRentFee,
  computeRentWriteFeePer1Kb,
  computeTransactionResourceFee,
  type FeeConfiguration,
  type LedgerEntryRentChange,
  type RentFeeConfiguration,
  type RentWriteFeeConfiguration,
  type TransactionResources,
} from './fees.js';
import { satI64 } from './int64.js';
import { saturatingAddU64 } from './model.js';
import type { NetworkSettings } from './settings.js';

export function feeConfiguration(settings: NetworkSettings): FeeConfiguration {
  return {
    feePerInstructionIncrement: settings.compute.feeRatePerInstructionsIncrement,
    feePerDiskReadEntry: settings.ledgerCost.feeDiskReadLedgerEntry,
    feePerWriteEntry: settings.ledgerCost.feeWriteLedgerEntry,
    feePerDiskRead1Kb: settings.ledgerCost.feeDiskRead1Kb,
    feePerWrite1Kb: settings.ledgerCostExt.feeWrite1Kb,
    feePerHistorical1Kb: settings.historicalData.feeHistorical1Kb,
    feePerContractEvent1Kb: settings.events.feeContractEvents1Kb,
    feePerTransactionSize1Kb: settings.bandwidth.feeTxSize1Kb,
  };
}

export function rentWriteFeeConfiguration(settings: NetworkSettings): RentWriteFeeConfiguration {
  return {
    stateTargetSizeBytes: settings.ledgerCost.sorobanStateTargetSizeBytes,
    rentFee1KbStateSizeLow: settings.ledgerCost.rentFee1KbSorobanStateSizeLow,
    rentFee1KbStateSizeHigh: settings.ledgerCost.rentFee1KbSorobanStateSizeHigh,
    stateSizeRentFeeGrowthFactor: settings.ledgerCost.sorobanStateRentFeeGrowthFactor,
  };
}

/** The mean of the state size window, as stellar-core keeps it (saturating sum, integer division). */
export function averageSorobanStateSize(window: readonly bigint[]): bigint {
  if (window.length === 0) return 0n;
  const sum = window.reduce(saturatingAddU64, 0n);
  return sum / BigInt(window.length);
}

/**
 * The rent configuration; the rent write fee comes from the Soroban state size given, by default
 * the mean of the settings' window (what stellar-core's `computeRentWriteFee` uses).
 */
export function rentFeeConfiguration(
  settings: NetworkSettings,
  sorobanStateSizeBytes: bigint = averageSorobanStateSize(settings.liveSorobanStateSizeWindow),
): RentFeeConfiguration {
  return {
    feePerWrite1Kb: settings.ledgerCostExt.feeWrite1Kb,
    feePerRent1Kb: computeRentWriteFeePer1Kb(sorobanStateSizeBytes, rentWriteFeeConfiguration(settings)),
    feePerWriteEntry: settings.ledgerCost.feeWriteLedgerEntry,
    persistentRentRateDenominator: settings.stateArchival.persistentRentRateDenominator,
    temporaryRentRateDenominator: settings.stateArchival.tempRentRateDenominator,
  };
}

export interface TransactionFee {
  readonly nonRefundable: bigint;
  /** Events plus rent. */
  readonly refundable: bigint;
  readonly rent: bigint;
  readonly total: bigint;
}

/** A transaction's whole resource fee under the network settings. */
export function transactionResourceFee(
  settings: NetworkSettings,
  resources: TransactionResources,
  rentChanges: readonly LedgerEntryRentChange[],
  currentLedgerSeq: number,
): TransactionFee {
  const { nonRefundable, refundable: events } = computeTransactionResourceFee(
    resources,
    feeConfiguration(settings),
  );
  const rent = computeRentFee(rentChanges, rentFeeConfiguration(settings), currentLedgerSeq);
  const refundable = satI64(events + rent);
  return { nonRefundable, refundable, rent, total: satI64(nonRefundable + refundable) };
}
