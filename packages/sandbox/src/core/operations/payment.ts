/**
 * payment, after stellar-core PaymentOpFrame: a path payment strict receive with no path
 * (PathPaymentStrictReceiveOpFrame::doApply), its codes mapped back to payment's.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid, isIssuer, isNative } from '../assets.js';
import { loadAccount } from '../entries/account.js';
import { muxedAddress } from '../events.js';
import { muxedToAccountId, sameAccount } from '../keys.js';
import { creditDestination, debitSource, type MoveFailure } from './balance-moves.js';
import { failed, type OperationHandler, succeeded } from './operation.js';

type Code = xdr.PaymentResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.payment(xdr.PaymentResult[code]()));
}

const FAILURE_CODES: Record<MoveFailure, Code> = {
  malformed: 'paymentMalformed',
  underfunded: 'paymentUnderfunded',
  srcNoTrust: 'paymentSrcNoTrust',
  srcNotAuthorized: 'paymentSrcNotAuthorized',
  noTrust: 'paymentNoTrust',
  notAuthorized: 'paymentNotAuthorized',
  lineFull: 'paymentLineFull',
};

export const payment: OperationHandler<xdr.PaymentOp> = {
  checkValid(op) {
    if (op.amount <= 0n || !isAssetValid(op.asset)) return result('paymentMalformed');
    return undefined;
  },

  apply(op, ctx) {
    const { ltx } = ctx;
    const destId = muxedToAccountId(op.destination);
    const emit = () =>
      ctx.events.transferWithIssuerCheck(
        op.asset,
        muxedAddress(ctx.sourceMuxed),
        muxedAddress(op.destination),
        op.amount,
        true,
      );

    if (sameAccount(destId, ctx.sourceId) && isNative(op.asset)) {
      emit();
      return succeeded(result('paymentSuccess'));
    }
    // stellar-core shouldBypassIssuerCheck: paying an asset to its issuer skips the existence check.
    const toIssuer = !isNative(op.asset) && isIssuer(destId, op.asset);
    if (!toIssuer && !loadAccount(ltx, destId)) return failed(result('paymentNoDestination'));

    const failure =
      creditDestination(ltx, destId, op.asset, op.amount) ??
      debitSource(ltx, ctx.sourceId, op.asset, op.amount);
    if (failure) return failed(result(FAILURE_CODES[failure]));
    emit();
    return succeeded(result('paymentSuccess'));
  },
};
