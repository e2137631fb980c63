/**
 * What every operation provides (stellar-core OperationFrame): the signature threshold it needs,
 * whether the protocol supports it, its stateless checks (doCheckValid) and its apply (doApply).
 * Each operation lives in its own file and returns its result codes as stellar-core does.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { SorobanOpContext } from '../../soroban/context.js';
import type { NetworkSettings } from '../../soroban/settings.js';
import type { OpEvents } from '../events.js';
import type { FrozenKeys } from '../frozen-keys.js';
import type { HeaderState } from '../header.js';
import type { LedgerTxn } from '../ledger-txn.js';
import type { SponsorshipResult } from '../sponsorship.js';
import type { TransactionFrame } from '../tx/frame.js';

export type ThresholdLevel = 'low' | 'medium' | 'high';

/** What an operation's apply sees. */
export interface OpApplyContext {
  /** The operation's own ledger view: committed when it succeeds. */
  ltx: LedgerTxn;
  /** The (inner) transaction the operation belongs to. */
  tx: TransactionFrame;
  index: number;
  /** The operation's source (the transaction's when it names none). */
  sourceId: xdr.PublicKey;
  sourceMuxed: xdr.MuxedAccount;
  events: OpEvents;
  /** A Soroban operation's host, settings, seed and fee (absent for classic operations). */
  soroban?: SorobanOpContext;
  /** The network's frozen ledger keys (CAP-77), when any is frozen. */
  frozen?: FrozenKeys;
}

export interface OpOutcome {
  success: boolean;
  result: xdr.OperationResult;
}

export interface OperationHandler<Body> {
  /** The threshold the source account's signers must reach (default medium). */
  threshold?(body: Body): ThresholdLevel;
  /** stellar-core isOpSupported (default: supported). */
  isSupported?(header: HeaderState): boolean;
  /**
   * stellar-core doCheckValid (doCheckValidForSoroban with the network's settings): the failing
   * result, or undefined when well formed.
   */
  checkValid(
    body: Body,
    sourceId: xdr.PublicKey,
    header: HeaderState,
    settings: NetworkSettings,
  ): xdr.OperationResult | undefined;
  /** stellar-core doApply. */
  apply(body: Body, ctx: OpApplyContext): OpOutcome;
}

export function succeeded(result: xdr.OperationResult): OpOutcome {
  return { success: true, result };
}

export function failed(result: xdr.OperationResult): OpOutcome {
  return { success: false, result };
}

/**
 * A failed createEntryWithPossibleSponsorship as stellar-core reports it: the operation's own
 * low-reserve result, or opTOO_MANY_SUBENTRIES / opTOO_MANY_SPONSORING; undefined on success.
 */
export function sponsorshipFailure(
  outcome: SponsorshipResult,
  lowReserve: xdr.OperationResult,
): OpOutcome | undefined {
  switch (outcome) {
    case 'success':
      return undefined;
    case 'lowReserve':
      return failed(lowReserve);
    case 'tooManySubentries':
      return failed(xdr.OperationResult.opTooManySubentries());
    case 'tooManySponsoring':
      return failed(xdr.OperationResult.opTooManySponsoring());
    default:
      throw new Error(`unexpected result from createEntryWithPossibleSponsorship: ${outcome}`);
  }
}
