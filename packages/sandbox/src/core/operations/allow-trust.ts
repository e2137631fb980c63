/** allow_trust, after stellar-core AllowTrustOpFrame: the issuer is the source, the code names the asset. */
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid } from '../assets.js';
import { AUTH_REVOCABLE_FLAG, loadAccount } from '../entries/account.js';
import { AUTHORIZED_TO_MAINTAIN_LIABILITIES_FLAG, isAuthorized } from '../entries/trustline.js';
import { sameAccount } from '../keys.js';
import { failed, type OperationHandler, succeeded } from './operation.js';
import { applyTrustFlags, TRUSTLINE_AUTH_FLAGS, trustLineFlagIsValid } from './trust-flags.js';

type Code = xdr.AllowTrustResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.allowTrust(xdr.AllowTrustResult[code]()));
}

/** stellar-core getAsset(issuer, AssetCode). */
export function assetOf(issuer: xdr.PublicKey, code: xdr.AssetCode): xdr.Asset {
  return code.type === 'assetTypeCreditAlphanum4'
    ? xdr.Asset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode: code.assetCode4.toBytes(), issuer }))
    : xdr.Asset.assetTypeCreditAlphanum12(
        new xdr.AlphaNum12({ assetCode: code.assetCode12.toBytes(), issuer }),
      );
}

export const allowTrust: OperationHandler<xdr.AllowTrustOp> = {
  threshold: () => 'low',

  checkValid(op, sourceId) {
    const malformed =
      op.authorize > AUTHORIZED_TO_MAINTAIN_LIABILITIES_FLAG ||
      !trustLineFlagIsValid(op.authorize) ||
      !isAssetValid(assetOf(sourceId, op.asset)) ||
      sameAccount(op.trustor, sourceId);
    return malformed ? result('allowTrustMalformed') : undefined;
  },

  apply(op, ctx) {
    const source = loadAccount(ctx.ltx, ctx.sourceId);
    if (!source) throw new Error('the source account does not exist');
    const authRevocable = (source.flags & AUTH_REVOCABLE_FLAG) !== 0;
    if (!authRevocable && op.authorize === 0) return failed(result('allowTrustCantRevoke'));

    const failure = applyTrustFlags(
      {
        trustor: op.trustor,
        asset: assetOf(ctx.sourceId, op.asset),
        expectedFlags: (line) => (line.flags & ~TRUSTLINE_AUTH_FLAGS) | op.authorize,
        revocationToMaintainValid: (line, flags) =>
          authRevocable || !(isAuthorized(line) && (flags & AUTHORIZED_TO_MAINTAIN_LIABILITIES_FLAG) !== 0),
      },
      ctx,
    );
    if (failure === 'noTrustLine') return failed(result('allowTrustNoTrustLine'));
    if (failure === 'cantRevoke') return failed(result('allowTrustCantRevoke'));
    if (failure === 'lowReserve') return failed(result('allowTrustLowReserve'));
    if (failure === 'tooManySponsoring') return failed(xdr.OperationResult.opTooManySponsoring());
    return succeeded(result('allowTrustSuccess'));
  },
};
