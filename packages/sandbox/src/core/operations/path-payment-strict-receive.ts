/** path_payment_strict_receive, after stellar-core PathPaymentStrictReceiveOpFrame. */
import { xdr } from '@stellar/stellar-sdk/base';
import { INT64_MAX } from '../balances.js';
import { MAX_OFFERS_TO_CROSS } from '../dex/convert.js';
import { loadAccount } from '../entries/account.js';
import { muxedAddress } from '../events.js';
import { muxedToAccountId } from '../keys.js';
import { creditDestination, debitSource } from './balance-moves.js';
import { claimEvents } from './manage-offer.js';
import { failed, type OperationHandler, succeeded } from './operation.js';
import { bypassesIssuerCheck, convertHop, MOVE_CODES, pathAssetsValid } from './path-payment-base.js';

type VoidCode = Exclude<
  xdr.PathPaymentStrictReceiveResult['type'],
  'pathPaymentStrictReceiveSuccess' | 'pathPaymentStrictReceiveNoIssuer'
>;

function result(r: xdr.PathPaymentStrictReceiveResult): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.pathPaymentStrictReceive(r));
}

function fail(suffix: string) {
  return failed(
    result(xdr.PathPaymentStrictReceiveResult[`pathPaymentStrictReceive${suffix}` as VoidCode]()),
  );
}

export const pathPaymentStrictReceive: OperationHandler<xdr.PathPaymentStrictReceiveOp> = {
  checkValid(op) {
    const malformed =
      op.destAmount <= 0n || op.sendMax <= 0n || !pathAssetsValid(op.sendAsset, op.destAsset, op.path);
    return malformed
      ? result(xdr.PathPaymentStrictReceiveResult.pathPaymentStrictReceiveMalformed())
      : undefined;
  },

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    const destId = muxedToAccountId(op.destination);
    const bypass = bypassesIssuerCheck(op.sendAsset, op.destAsset, op.path, destId);
    if (!bypass && !loadAccount(ltx, destId)) return fail('NoDestination');
    const credited = creditDestination(ltx, destId, op.destAsset, op.destAmount);
    if (credited) return fail(MOVE_CODES[credited]);

    // Walk the path backwards from the destination asset, as stellar-core does.
    const fullPath = [...op.path].reverse().concat([op.sendAsset]);
    let recvAsset = op.destAsset;
    let maxAmountRecv = op.destAmount;
    const budget = { offers: MAX_OFFERS_TO_CROSS };
    const offers: xdr.ClaimAtom[] = [];
    for (const sendAsset of fullPath) {
      if (sendAsset.equals(recvAsset)) continue;
      const hop = convertHop(
        ltx,
        sourceId,
        sendAsset,
        INT64_MAX,
        recvAsset,
        maxAmountRecv,
        'pathPaymentStrictReceive',
        budget,
        ctx.frozen,
      );
      if (hop === 'ExceededWorkLimit') return failed(xdr.OperationResult.opExceededWorkLimit());
      if (typeof hop === 'string') return fail(hop);
      maxAmountRecv = hop.sent;
      recvAsset = sendAsset;
      offers.unshift(...hop.trail);
    }
    if (maxAmountRecv > op.sendMax) return fail('OverSendmax');
    const debited = debitSource(ltx, sourceId, op.sendAsset, maxAmountRecv);
    if (debited) return fail(MOVE_CODES[debited]);

    claimEvents(ctx, offers);
    ctx.events.transferWithIssuerCheck(
      op.destAsset,
      muxedAddress(ctx.sourceMuxed),
      muxedAddress(op.destination),
      op.destAmount,
      true,
    );
    const last = new xdr.SimplePaymentResult({
      destination: destId,
      asset: op.destAsset,
      amount: op.destAmount,
    });
    return succeeded(
      result(
        xdr.PathPaymentStrictReceiveResult.pathPaymentStrictReceiveSuccess(
          new xdr.PathPaymentStrictReceiveResultSuccess({ offers, last }),
        ),
      ),
    );
  },
};
