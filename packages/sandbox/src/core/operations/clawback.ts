/**
 * clawback, after stellar-core ClawbackOpFrame (CAP-35): the issuer takes an amount of its asset
 * back from a holder's clawback-enabled trust line, authorized or not, and burns it.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid, isIssuer, toTrustLineAsset } from '../assets.js';
import { addTrustLineBalanceSkipAuthorization } from '../balances.js';
import { isClawbackEnabledOnTrustLine, loadTrustLine, storeTrustLine } from '../entries/trustline.js';
import { muxedAddress } from '../events.js';
import { muxedToAccountId } from '../keys.js';
import { failed, type OperationHandler, succeeded } from './operation.js';

type Code = xdr.ClawbackResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.clawback(xdr.ClawbackResult[code]()));
}

export const clawback: OperationHandler<xdr.ClawbackOp> = {
  checkValid(op, sourceId) {
    // stellar-core compares the muxed account: a muxed `from` of the source's own key passes here.
    const fromSelf =
      op.from.toXdr('base64') === xdr.MuxedAccount.keyTypeEd25519(sourceId.ed25519.toBytes()).toXdr('base64');
    const malformed =
      fromSelf ||
      op.amount < 1n ||
      op.asset.type === 'assetTypeNative' ||
      !isAssetValid(op.asset) ||
      !isIssuer(sourceId, op.asset);
    return malformed ? result('clawbackMalformed') : undefined;
  },

  apply(op, ctx) {
    const line = loadTrustLine(ctx.ltx, muxedToAccountId(op.from), toTrustLineAsset(op.asset));
    if (!line) return failed(result('clawbackNoTrust'));
    if (!isClawbackEnabledOnTrustLine(line)) return failed(result('clawbackNotClawbackEnabled'));
    if (!addTrustLineBalanceSkipAuthorization(line, -op.amount)) return failed(result('clawbackUnderfunded'));
    storeTrustLine(ctx.ltx, line);
    ctx.events.clawback(op.asset, muxedAddress(op.from), op.amount);
    return succeeded(result('clawbackSuccess'));
  },
};
