/** path_payment_strict_send, after stellar-core PathPaymentStrictSendOpFrame. */
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
  xdr.PathPaymentStrictSendResult['type'],
  'pathPaymentStrictSendSuccess' | 'pathPaymentStrictSendNoIssuer'
>;

function result(r: xdr.PathPaymentStrictSendResult): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.pathPaymentStrictSend(r));
}

function fail(suffix: string) {
  return failed(result(xdr.PathPaymentStrictSendResult[`pathPaymentStrictSend${suffix}` as VoidCode]()));
}

export const pathPaymentStrictSend: OperationHandler<xdr.PathPaymentStrictSendOp> = {
  checkValid(op) {
    const malformed =
      op.sendAmount <= 0n || op.destMin <= 0n || !pathAssetsValid(op.sendAsset, op.destAsset, op.path);
    return malformed ? result(xdr.PathPaymentStrictSendResult.pathPaymentStrictSendMalformed()) : undefined;
  },

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    const destId = muxedToAccountId(op.destination);
    const bypass = bypassesIssuerCheck(op.sendAsset, op.destAsset, op.path, destId);
    if (!bypass && !loadAccount(ltx, destId)) return fail('NoDestination');
    const debited = debitSource(ltx, sourceId, op.sendAsset, op.sendAmount);
    if (debited) return fail(MOVE_CODES[debited]);

    let sendAsset = op.sendAsset;
    let maxAmountSend = op.sendAmount;
    const budget = { offers: MAX_OFFERS_TO_CROSS };
    const offers: xdr.ClaimAtom[] = [];
    for (const recvAsset of [...op.path, op.destAsset]) {
      if (recvAsset.equals(sendAsset)) continue;
      const hop = convertHop(
        ltx,
        sourceId,
        sendAsset,
        maxAmountSend,
        recvAsset,
        INT64_MAX,
        'pathPaymentStrictSend',
        budget,
        ctx.frozen,
      );
      if (hop === 'ExceededWorkLimit') return failed(xdr.OperationResult.opExceededWorkLimit());
      if (typeof hop === 'string') return fail(hop);
      maxAmountSend = hop.received;
      sendAsset = recvAsset;
      offers.push(...hop.trail);
    }
    if (maxAmountSend < op.destMin) return fail('UnderDestmin');
    const credited = creditDestination(ltx, destId, op.destAsset, maxAmountSend);
    if (credited) return fail(MOVE_CODES[credited]);

    claimEvents(ctx, offers);
    ctx.events.transferWithIssuerCheck(
      op.destAsset,
      muxedAddress(ctx.sourceMuxed),
      muxedAddress(op.destination),
      maxAmountSend,
      true,
    );
    const last = new xdr.SimplePaymentResult({
      destination: destId,
      asset: op.destAsset,
      amount: maxAmountSend,
    });
    return succeeded(
      result(
        xdr.PathPaymentStrictSendResult.pathPaymentStrictSendSuccess(
          new xdr.PathPaymentStrictSendResultSuccess({ offers, last }),
        ),
      ),
    );
  },
};
