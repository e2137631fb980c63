/**
 * Claim predicates of claimable balances (CAP-23), after stellar-core
 * CreateClaimableBalanceOpFrame (validatePredicate, updatePredicatesForApply) and
 * ClaimClaimableBalanceOpFrame (validatePredicate at the ledger's close time).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { INT64_MAX } from './balances.js';

/** stellar-core's maximum predicate depth: the claimant's predicate is depth 1. */
const MAX_PREDICATE_DEPTH = 4;

/** stellar-core validatePredicate (create): well formed and not nested deeper than four levels. */
export function isPredicateValid(pred: xdr.ClaimPredicate, depth = 1): boolean {
  if (depth > MAX_PREDICATE_DEPTH) return false;
  switch (pred.type) {
    case 'claimPredicateUnconditional':
      return true;
    case 'claimPredicateAnd':
    case 'claimPredicateOr': {
      const pair = pred.type === 'claimPredicateAnd' ? pred.andPredicates : pred.orPredicates;
      return pair.length === 2 && pair.every((p) => isPredicateValid(p, depth + 1));
    }
    case 'claimPredicateNot':
      return pred.notPredicate !== null && isPredicateValid(pred.notPredicate, depth + 1);
    case 'claimPredicateBeforeAbsoluteTime':
      return BigInt(pred.absBefore) >= 0n;
    case 'claimPredicateBeforeRelativeTime':
      return BigInt(pred.relBefore) >= 0n;
    default:
      throw new Error('Invalid ClaimPredicate');
  }
}

/** stellar-core relativeToAbsolute: saturates at INT64_MAX. */
function relativeToAbsolute(closeTime: bigint, relative: bigint): bigint {
  return closeTime > INT64_MAX - relative ? INT64_MAX : closeTime + relative;
}

/** stellar-core updatePredicatesForApply: relative times become absolute from the close time. */
export function toAbsolutePredicate(pred: xdr.ClaimPredicate, closeTime: bigint): xdr.ClaimPredicate {
  switch (pred.type) {
    case 'claimPredicateAnd':
      return xdr.ClaimPredicate.claimPredicateAnd(
        pred.andPredicates.map((p) => toAbsolutePredicate(p, closeTime)),
      );
    case 'claimPredicateOr':
      return xdr.ClaimPredicate.claimPredicateOr(
        pred.orPredicates.map((p) => toAbsolutePredicate(p, closeTime)),
      );
    case 'claimPredicateNot':
      if (!pred.notPredicate) throw new Error('Invalid ClaimPredicate');
      return xdr.ClaimPredicate.claimPredicateNot(toAbsolutePredicate(pred.notPredicate, closeTime));
    case 'claimPredicateBeforeRelativeTime':
      return xdr.ClaimPredicate.claimPredicateBeforeAbsoluteTime(
        relativeToAbsolute(closeTime, BigInt(pred.relBefore)),
      );
    case 'claimPredicateBeforeAbsoluteTime':
    case 'claimPredicateUnconditional':
      return pred;
    default:
      throw new Error('Invalid ClaimPredicate');
  }
}

/** stellar-core validatePredicate (claim): whether the predicate holds at the close time. */
export function predicateHolds(pred: xdr.ClaimPredicate, closeTime: bigint): boolean {
  switch (pred.type) {
    case 'claimPredicateUnconditional':
      return true;
    case 'claimPredicateAnd':
      return pred.andPredicates.every((p) => predicateHolds(p, closeTime));
    case 'claimPredicateOr':
      return pred.orPredicates.some((p) => predicateHolds(p, closeTime));
    case 'claimPredicateNot':
      if (!pred.notPredicate) throw new Error('Invalid ClaimPredicate');
      return !predicateHolds(pred.notPredicate, closeTime);
    case 'claimPredicateBeforeAbsoluteTime':
      // stellar-core compares as uint64: a negative time never comes this far (create refuses it).
      return BigInt.asUintN(64, BigInt(pred.absBefore)) > closeTime;
    default:
      throw new Error('Invalid ClaimPredicate');
  }
}
