/**
 * claim_claimable_balance, after stellar-core ClaimClaimableBalanceOpFrame: a claimant whose
 * predicate holds at the ledger's close time takes the whole balance; the entry's reserve goes
 * back to its sponsor.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isIssuer, isNative, toTrustLineAsset } from '../assets.js';
import { addAccountBalance, addTrustLineBalance } from '../balances.js';
import { predicateHolds } from '../claim-predicates.js';
import { loadAccount, storeAccount } from '../entries/account.js';
import { claimableBalanceReserve, loadClaimableBalance } from '../entries/claimable-balance.js';
import { isAuthorized, loadTrustLine, storeTrustLine } from '../entries/trustline.js';
import { claimableBalanceAddress, muxedAddress } from '../events.js';
import { closeTime } from '../header.js';
import { claimableBalanceKey, sameAccount } from '../keys.js';
import { removeEntryWithPossibleSponsorship } from '../sponsorship.js';
import { failed, type OperationHandler, succeeded } from './operation.js';

type Code = xdr.ClaimClaimableBalanceResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.claimClaimableBalance(xdr.ClaimClaimableBalanceResult[code]()),
  );
}

export const claimClaimableBalance: OperationHandler<xdr.ClaimClaimableBalanceOp> = {
  threshold: () => 'low',

  checkValid: () => undefined,

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    const balance = loadClaimableBalance(ltx, op.balanceId);
    if (!balance) return failed(result('claimClaimableBalanceDoesNotExist'));
    const claimant = balance.claimants.find((c) => sameAccount(c.v0.destination, sourceId));
    if (!claimant || !predicateHolds(claimant.v0.predicate, closeTime(ltx.header))) {
      return failed(result('claimClaimableBalanceCannotClaim'));
    }
    // CAP-77: the claimant's holding of the asset must not be frozen (accessesFrozenKeyAtApplyTime).
    if (ctx.frozen?.holding(sourceId, balance.asset))
      return failed(result('claimClaimableBalanceTrustlineFrozen'));

    if (isNative(balance.asset)) {
      const source = loadAccount(ltx, sourceId);
      if (!source) throw new Error('the source account does not exist');
      if (!addAccountBalance(ltx.header, source, balance.amount)) {
        return failed(result('claimClaimableBalanceLineFull'));
      }
      storeAccount(ltx, source);
    } else if (!isIssuer(sourceId, balance.asset)) {
      // The issuer takes its own asset back without a line (stellar-core TrustLineWrapper).
      const line = loadTrustLine(ltx, sourceId, toTrustLineAsset(balance.asset));
      if (!line) return failed(result('claimClaimableBalanceNoTrust'));
      if (!isAuthorized(line)) return failed(result('claimClaimableBalanceNotAuthorized'));
      if (!addTrustLineBalance(line, balance.amount)) return failed(result('claimClaimableBalanceLineFull'));
      storeTrustLine(ltx, line);
    }

    const source = loadAccount(ltx, sourceId);
    if (!source) throw new Error('the source account does not exist');
    removeEntryWithPossibleSponsorship(ltx, claimableBalanceReserve(balance), source);
    storeAccount(ltx, source);
    ctx.events.transferWithIssuerCheck(
      balance.asset,
      claimableBalanceAddress(op.balanceId),
      muxedAddress(ctx.sourceMuxed),
      balance.amount,
      true,
    );
    ltx.erase(claimableBalanceKey(op.balanceId));
    return succeeded(result('claimClaimableBalanceSuccess'));
  },
};
