/**
 * clawback_claimable_balance, after stellar-core ClawbackClaimableBalanceOpFrame (CAP-35): the
 * issuer removes a clawback-enabled claimable balance of its asset; its reserve goes back to
 * its sponsor.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isIssuer } from '../assets.js';
import { loadAccount, storeAccount } from '../entries/account.js';
import {
  claimableBalanceReserve,
  isClawbackEnabledOnClaimableBalance,
  loadClaimableBalance,
} from '../entries/claimable-balance.js';
import { claimableBalanceAddress } from '../events.js';
import { claimableBalanceKey } from '../keys.js';
import { removeEntryWithPossibleSponsorship } from '../sponsorship.js';
import { failed, type OperationHandler, succeeded } from './operation.js';

type Code = xdr.ClawbackClaimableBalanceResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.clawbackClaimableBalance(xdr.ClawbackClaimableBalanceResult[code]()),
  );
}

export const clawbackClaimableBalance: OperationHandler<xdr.ClawbackClaimableBalanceOp> = {
  checkValid: () => undefined,

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    const balance = loadClaimableBalance(ltx, op.balanceId);
    if (!balance) return failed(result('clawbackClaimableBalanceDoesNotExist'));
    if (!isIssuer(sourceId, balance.asset)) return failed(result('clawbackClaimableBalanceNotIssuer'));
    if (!isClawbackEnabledOnClaimableBalance(balance)) {
      return failed(result('clawbackClaimableBalanceNotClawbackEnabled'));
    }
    const source = loadAccount(ltx, sourceId);
    if (!source) throw new Error('the source account does not exist');
    removeEntryWithPossibleSponsorship(ltx, claimableBalanceReserve(balance), source);
    storeAccount(ltx, source);
    ctx.events.clawback(balance.asset, claimableBalanceAddress(op.balanceId), balance.amount);
    ltx.erase(claimableBalanceKey(op.balanceId));
    return succeeded(result('clawbackClaimableBalanceSuccess'));
  },
};
