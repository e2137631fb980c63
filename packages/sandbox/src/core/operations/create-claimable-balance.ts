/**
 * create_claimable_balance, after stellar-core CreateClaimableBalanceOpFrame: moves the amount
 * out of the source into a new claimable balance (CAP-23) whose reserve the source (or its
 * sponsor) pays, one base reserve per claimant.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid, isIssuer, isNative, toTrustLineAsset } from '../assets.js';
import { accountAvailableBalance, addAccountBalance, addTrustLineBalance } from '../balances.js';
import { isPredicateValid, toAbsolutePredicate } from '../claim-predicates.js';
import { AUTH_CLAWBACK_ENABLED_FLAG, loadAccount, storeAccount } from '../entries/account.js';
import {
  balanceIdOf,
  claimableBalanceEntry,
  claimableBalanceReserve,
  newClaimableBalance,
  setClawbackEnabled,
} from '../entries/claimable-balance.js';
import {
  isAuthorized,
  isClawbackEnabledOnTrustLine,
  loadTrustLine,
  storeTrustLine,
} from '../entries/trustline.js';
import { claimableBalanceAddress, muxedAddress } from '../events.js';
import { closeTime } from '../header.js';
import { createEntryWithPossibleSponsorship } from '../sponsorship.js';
import { failed, type OperationHandler, sponsorshipFailure, succeeded } from './operation.js';

type VoidCode = Exclude<xdr.CreateClaimableBalanceResult['type'], 'createClaimableBalanceSuccess'>;

function result(r: xdr.CreateClaimableBalanceResult): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.createClaimableBalance(r));
}

const fail = (code: VoidCode) => failed(result(xdr.CreateClaimableBalanceResult[code]()));

/** stellar-core getBalanceID: SHA-256 of the operation id (transaction source, sequence, index). */
export function createdBalanceId(sourceAccount: xdr.PublicKey, seqNum: bigint, opNum: number) {
  return balanceIdOf(
    xdr.HashIdPreimage.envelopeTypeOpId(new xdr.HashIdPreimageOperationId({ sourceAccount, seqNum, opNum })),
  );
}

export const createClaimableBalance: OperationHandler<xdr.CreateClaimableBalanceOp> = {
  checkValid(op) {
    const destinations = op.claimants.map((c) => c.v0.destination.toXdr('base64'));
    const malformed =
      !isAssetValid(op.asset) ||
      op.amount <= 0n ||
      op.claimants.length === 0 ||
      new Set(destinations).size !== destinations.length ||
      !op.claimants.every((c) => isPredicateValid(c.v0.predicate));
    return malformed ? result(xdr.CreateClaimableBalanceResult.createClaimableBalanceMalformed()) : undefined;
  },

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    const source = loadAccount(ltx, sourceId);
    if (!source) throw new Error('the source account does not exist');
    const balanceId = createdBalanceId(ctx.tx.sourceId, ctx.tx.seqNum, ctx.index);
    const now = closeTime(ltx.header);
    const claimants = op.claimants.map((c) =>
      xdr.Claimant.claimantTypeV0(
        new xdr.ClaimantV0({
          destination: c.v0.destination,
          predicate: toAbsolutePredicate(c.v0.predicate, now),
        }),
      ),
    );
    const balance = newClaimableBalance(balanceId, claimants, op.asset, op.amount);

    if (isNative(op.asset)) {
      if (accountAvailableBalance(ltx.header, source) < op.amount)
        return fail('createClaimableBalanceUnderfunded');
      if (!addAccountBalance(ltx.header, source, -op.amount)) throw new Error('could not debit the source');
    } else if (isIssuer(sourceId, op.asset)) {
      // An issuer holds its own asset without a line: nothing to debit (stellar-core TrustLineWrapper).
      if ((source.flags & AUTH_CLAWBACK_ENABLED_FLAG) !== 0) setClawbackEnabled(balance);
    } else {
      const line = loadTrustLine(ltx, sourceId, toTrustLineAsset(op.asset));
      if (!line) return fail('createClaimableBalanceNoTrust');
      if (!isAuthorized(line)) return fail('createClaimableBalanceNotAuthorized');
      if (!addTrustLineBalance(line, -op.amount)) return fail('createClaimableBalanceUnderfunded');
      storeTrustLine(ltx, line);
      if (isClawbackEnabledOnTrustLine(line)) setClawbackEnabled(balance);
    }

    const sponsorship = sponsorshipFailure(
      createEntryWithPossibleSponsorship(ltx, claimableBalanceReserve(balance), source),
      result(xdr.CreateClaimableBalanceResult.createClaimableBalanceLowReserve()),
    );
    if (sponsorship) return sponsorship;
    storeAccount(ltx, source);
    ltx.create(claimableBalanceEntry(balance));

    ctx.events.transferWithIssuerCheck(
      op.asset,
      muxedAddress(ctx.sourceMuxed),
      claimableBalanceAddress(balanceId),
      op.amount,
      true,
    );
    return succeeded(result(xdr.CreateClaimableBalanceResult.createClaimableBalanceSuccess(balanceId)));
  },
};
