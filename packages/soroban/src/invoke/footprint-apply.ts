/**
 * Applying RestoreFootprintOp and ExtendFootprintTTLOp as stellar-core v23 does
 * (RestoreFootprintOpFrame.cpp, ExtendFootprintTTLOpFrame.cpp): the storage layer's op semantics
 * over the ledger, the rent they owe under the network's settings, and that rent checked against
 * the transaction's refundable fee.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { Budget, computeRentFee, type LedgerEntryRentChange, rentFeeConfiguration } from '../budget/index.js';
import {
  extendFootprintTtl,
  type FootprintOpContext,
  type FootprintOpResult,
  restoreFootprint,
} from '../storage/index.js';
import { entrySizeForRent } from './entry-size.js';
import type { LedgerContext } from './types.js';

export interface FootprintApplyInput extends LedgerContext {
  resources: xdr.SorobanResources;
  /** The transaction's resource fee minus its non-refundable part; unchecked when absent. */
  maxRefundableFee?: bigint;
}

export type FootprintApplyCode =
  | 'success'
  | 'malformed'
  | 'resourceLimitExceeded'
  | 'insufficientRefundableFee';

export interface FootprintApplyResult {
  code: FootprintApplyCode;
  detail?: string;
  /** The entries whose TTL the operation sets, with their new live-until ledger. */
  ttlUpdates: Array<{ key: xdr.LedgerKey; entry: xdr.LedgerEntry; liveUntilLedger: number }>;
  rentChanges: LedgerEntryRentChange[];
  rentFee: bigint;
}

function context(input: FootprintApplyInput): FootprintOpContext {
  const { settings, resources } = input;
  return {
    snapshot: input.snapshot,
    ledgerSequence: input.ledger.sequenceNumber,
    protocolVersion: input.ledger.protocolVersion,
    settings: {
      minPersistentTtl: settings.stateArchival.minPersistentTtl,
      maxEntryTtl: settings.stateArchival.maxEntryTtl,
      maxContractSizeBytes: settings.contractMaxSizeBytes,
      maxContractDataEntrySizeBytes: settings.contractDataEntrySizeBytes,
    },
    resources: {
      footprint: resources.footprint,
      diskReadBytes: resources.diskReadBytes,
      writeBytes: resources.writeBytes,
    },
    entrySizeForRent: entrySizeForRent(Budget.fromSettings(settings)),
  };
}

function charge(input: FootprintApplyInput, done: FootprintOpResult): FootprintApplyResult {
  if (done.code !== 'success')
    return { code: done.code, detail: done.detail, ttlUpdates: [], rentChanges: [], rentFee: 0n };
  const rentFee = computeRentFee(
    done.rentChanges,
    rentFeeConfiguration(input.settings),
    input.ledger.sequenceNumber,
  );
  if (input.maxRefundableFee !== undefined && input.maxRefundableFee < rentFee) {
    return {
      code: 'insufficientRefundableFee',
      detail: 'refundable resource fee was not sufficient to cover the ledger storage rent',
      ttlUpdates: [],
      rentChanges: [],
      rentFee: 0n,
    };
  }
  return { code: 'success', ttlUpdates: done.newLiveUntil, rentChanges: done.rentChanges, rentFee };
}

export function applyRestore(input: FootprintApplyInput): FootprintApplyResult {
  return charge(input, restoreFootprint(context(input)));
}

export function applyExtendTtl(input: FootprintApplyInput & { extendTo: number }): FootprintApplyResult {
  return charge(input, extendFootprintTtl(context(input), input.extendTo));
}
