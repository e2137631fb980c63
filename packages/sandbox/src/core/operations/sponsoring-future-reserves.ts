/**
 * begin_sponsoring_future_reserves and end_sponsoring_future_reserves, after stellar-core
 * BeginSponsoringFutureReservesOpFrame and EndSponsoringFutureReservesOpFrame: they open and
 * close the sponsorship the transaction's later operations create entries under.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { sameAccount } from '../keys.js';
import { setSponsoringCount, setSponsorOf, sponsoringCount, sponsorOf } from '../sponsorship.js';
import { failed, type OperationHandler, succeeded } from './operation.js';

type BeginCode = xdr.BeginSponsoringFutureReservesResult['type'];
type EndCode = xdr.EndSponsoringFutureReservesResult['type'];

function beginResult(code: BeginCode): xdr.OperationResult {
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.beginSponsoringFutureReserves(xdr.BeginSponsoringFutureReservesResult[code]()),
  );
}

function endResult(code: EndCode): xdr.OperationResult {
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.endSponsoringFutureReserves(xdr.EndSponsoringFutureReservesResult[code]()),
  );
}

export const beginSponsoringFutureReserves: OperationHandler<xdr.BeginSponsoringFutureReservesOp> = {
  checkValid(op, sourceId) {
    return sameAccount(op.sponsoredId, sourceId)
      ? beginResult('beginSponsoringFutureReservesMalformed')
      : undefined;
  },

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    if (sponsorOf(ltx, op.sponsoredId))
      return failed(beginResult('beginSponsoringFutureReservesAlreadySponsored'));
    if (sponsorOf(ltx, sourceId) || sponsoringCount(ltx, op.sponsoredId) > 0) {
      return failed(beginResult('beginSponsoringFutureReservesRecursive'));
    }
    setSponsorOf(ltx, op.sponsoredId, sourceId);
    setSponsoringCount(ltx, sourceId, sponsoringCount(ltx, sourceId) + 1);
    return succeeded(beginResult('beginSponsoringFutureReservesSuccess'));
  },
};

export const endSponsoringFutureReserves: OperationHandler<null> = {
  checkValid() {
    return undefined;
  },

  apply(_op, ctx) {
    const { ltx, sourceId } = ctx;
    const sponsor = sponsorOf(ltx, sourceId);
    if (!sponsor) return failed(endResult('endSponsoringFutureReservesNotSponsored'));
    const count = sponsoringCount(ltx, sponsor);
    if (count === 0) throw new Error('no sponsorship counter');
    setSponsoringCount(ltx, sponsor, count - 1);
    setSponsorOf(ltx, sourceId, undefined);
    return succeeded(endResult('endSponsoringFutureReservesSuccess'));
  },
};
