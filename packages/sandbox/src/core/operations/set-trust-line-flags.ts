/** set_trust_line_flags, after stellar-core SetTrustLineFlagsOpFrame. */
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid, isIssuer } from '../assets.js';
import { AUTH_REVOCABLE_FLAG, loadAccount } from '../entries/account.js';
import { AUTHORIZED_FLAG, TRUSTLINE_CLAWBACK_ENABLED_FLAG } from '../entries/trustline.js';
import { sameAccount } from '../keys.js';
import { failed, type OperationHandler, succeeded } from './operation.js';
import {
  applyTrustFlags,
  TRUSTLINE_AUTH_FLAGS,
  trustLineFlagAuthIsValid,
  trustLineFlagIsValid,
  trustLineFlagMaskIsValid,
} from './trust-flags.js';

type Code = xdr.SetTrustLineFlagsResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.setTrustLineFlags(xdr.SetTrustLineFlagsResult[code]()),
  );
}

export const setTrustLineFlags: OperationHandler<xdr.SetTrustLineFlagsOp> = {
  threshold: () => 'low',

  checkValid(op, sourceId) {
    const malformed =
      op.asset.type === 'assetTypeNative' ||
      !isAssetValid(op.asset) ||
      !isIssuer(sourceId, op.asset) ||
      sameAccount(op.trustor, sourceId) ||
      (op.setFlags & op.clearFlags) !== 0 ||
      !trustLineFlagIsValid(op.setFlags) ||
      (op.setFlags & TRUSTLINE_CLAWBACK_ENABLED_FLAG) !== 0 ||
      !trustLineFlagMaskIsValid(op.clearFlags);
    return malformed ? result('setTrustLineFlagsMalformed') : undefined;
  },

  apply(op, ctx) {
    // stellar-core isAuthRevocationValid: without AUTH_REVOCABLE, only (re)authorizing is allowed.
    const source = loadAccount(ctx.ltx, ctx.sourceId);
    if (!source) throw new Error('the source account does not exist');
    if ((source.flags & AUTH_REVOCABLE_FLAG) === 0) {
      const clearingAnyAuth = (op.clearFlags & TRUSTLINE_AUTH_FLAGS) !== 0;
      const settingAuthorized = (op.setFlags & AUTHORIZED_FLAG) !== 0;
      if (clearingAnyAuth && !settingAuthorized) return failed(result('setTrustLineFlagsCantRevoke'));
    }
    const failure = applyTrustFlags(
      {
        trustor: op.trustor,
        asset: op.asset,
        expectedFlags(line) {
          const flags = (line.flags & ~op.clearFlags) | op.setFlags;
          return trustLineFlagAuthIsValid(flags) ? flags : 'invalidState';
        },
        revocationToMaintainValid: () => true,
      },
      ctx,
    );
    if (failure === 'noTrustLine') return failed(result('setTrustLineFlagsNoTrustLine'));
    if (failure === 'invalidState') return failed(result('setTrustLineFlagsInvalidState'));
    if (failure === 'cantRevoke') return failed(result('setTrustLineFlagsCantRevoke'));
    if (failure === 'lowReserve') return failed(result('setTrustLineFlagsLowReserve'));
    if (failure === 'tooManySponsoring') return failed(xdr.OperationResult.opTooManySponsoring());
    return succeeded(result('setTrustLineFlagsSuccess'));
  },
};
