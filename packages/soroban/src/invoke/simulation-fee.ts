/**
 * From simulated resources to the transaction data a client signs (soroban-simulation
 * resources.rs `compute_adjusted_transaction_resources`, `compute_resource_fee`, simulation.rs
 * `create_transaction_data`): the resources with their margins, the entry counts and transaction
 * size the fee is charged on, and the fee with the refundable part's margin.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import {
  computeRentFee,
  computeTransactionResourceFee,
  type FeeConfiguration,
  feeConfiguration,
  type LedgerEntryRentChange,
  type NetworkSettings,
  type RentFeeConfiguration,
  rentFeeConfiguration,
  type TransactionResources,
} from '../budget/index.js';
import { entryCounts } from '../storage/index.js';
import { type AdjustmentConfig, adjustI64, adjustU32 } from './adjustment.js';
import { maxTransactionSize } from './transaction-size.js';

/** The fee rates a simulation prices with (soroban-simulation NetworkConfig's two fee configurations). */
export interface NetworkFees {
  fee: FeeConfiguration;
  rent: RentFeeConfiguration;
}

/** The rates the settings give, the rent write fee at this Soroban state size (the window mean by default). */
export function networkFees(settings: NetworkSettings, sorobanStateSizeBytes?: bigint): NetworkFees {
  return { fee: feeConfiguration(settings), rent: rentFeeConfiguration(settings, sorobanStateSizeBytes) };
}

export interface FeeInputs {
  settings: NetworkSettings;
  /** Rates to price with instead of the settings' own. */
  fees?: NetworkFees;
  ledgerSequence: number;
  protocolVersion: number;
  adjustment: AdjustmentConfig;
  /** The Soroban state size the rent write fee is priced at; the settings' window mean by default. */
  sorobanStateSizeBytes?: bigint;
}

export interface SimulatedTransactionData {
  transactionData: xdr.SorobanTransactionData;
  /** The resources the fee was charged on (adjusted). */
  feeResources: TransactionResources;
  minResourceFee: bigint;
}

export function transactionData(
  operation: xdr.OperationBody,
  simulated: xdr.SorobanResources,
  restoredRwEntryIndices: readonly number[],
  rentChanges: readonly LedgerEntryRentChange[],
  contractEventsAndReturnValueSize: number,
  inputs: FeeInputs,
): SimulatedTransactionData {
  const { adjustment, settings } = inputs;
  const resources = new xdr.SorobanResources({
    footprint: simulated.footprint,
    instructions: adjustU32(simulated.instructions, adjustment.instructions),
    diskReadBytes: adjustU32(simulated.diskReadBytes, adjustment.readBytes),
    writeBytes: adjustU32(simulated.writeBytes, adjustment.writeBytes),
  });
  // Before protocol 23 every footprint entry is a read; entryCounts knows which count when.
  const counts = entryCounts(resources.footprint, restoredRwEntryIndices.length, inputs.protocolVersion);
  const feeResources: TransactionResources = {
    instructions: resources.instructions,
    diskReadEntries: counts.diskReadEntries,
    writeEntries: counts.writeEntries,
    diskReadBytes: resources.diskReadBytes,
    writeBytes: resources.writeBytes,
    transactionSizeBytes: adjustU32(
      maxTransactionSize(operation, resources.footprint, restoredRwEntryIndices),
      adjustment.txSize,
    ),
    contractEventsSizeBytes: contractEventsAndReturnValueSize,
  };
  const fees = inputs.fees ?? networkFees(settings, inputs.sorobanStateSizeBytes);
  const { nonRefundable, refundable } = computeTransactionResourceFee(feeResources, fees.fee);
  const rent = computeRentFee(rentChanges, fees.rent, inputs.ledgerSequence);
  const minResourceFee = nonRefundable + adjustI64(refundable + rent, adjustment.refundableFee);
  const ext =
    restoredRwEntryIndices.length === 0
      ? xdr.SorobanTransactionDataExt.v0()
      : xdr.SorobanTransactionDataExt.resourceExt(
          new xdr.SorobanResourcesExtV0({ archivedSorobanEntries: [...restoredRwEntryIndices] }),
        );
  return {
    transactionData: new xdr.SorobanTransactionData({ ext, resources, resourceFee: minResourceFee }),
    feeResources,
    minResourceFee,
  };
}
