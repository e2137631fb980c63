/**
 * manage_buy_offer, after stellar-core ManageBuyOfferOpFrame: the amount is what to buy, the
 * price is of the asset bought; the offer stored sells at the inverse price.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { INT64_MAX } from '../balances.js';
import { exchangeWithoutThresholds, min } from '../dex/exchange.js';
import { applyOffer, checkOfferValid, type OfferFailure, type OfferOp } from './manage-offer.js';
import type { OperationHandler } from './operation.js';

function buyOffer(op: xdr.ManageBuyOfferOp): OfferOp {
  const tr = (r: xdr.ManageBuyOfferResult) =>
    xdr.OperationResult.opInner(xdr.OperationResultTr.manageBuyOffer(r));
  const price = { n: op.price.d, d: op.price.n };
  const valid = price.n > 0 && price.d > 0 && op.buyAmount >= 0n;
  const liabilities = valid
    ? exchangeWithoutThresholds(price, INT64_MAX, INT64_MAX, INT64_MAX, op.buyAmount, 'normal')
    : undefined;
  return {
    sheep: op.selling,
    wheat: op.buying,
    offerId: op.offerId,
    price,
    passiveOnCreate: false,
    amount: op.buyAmount,
    liabilities: liabilities
      ? { buying: liabilities.numSheepSend, selling: liabilities.numWheatReceived }
      : { buying: 0n, selling: 0n },
    limit: (maxSheepSend, _sheepSent, maxWheatReceive, wheatReceived) => {
      const left = op.buyAmount - wheatReceived;
      return [maxSheepSend, min(left, maxWheatReceive)];
    },
    failure: (code: OfferFailure) => tr(xdr.ManageBuyOfferResult[`manageBuyOffer${code}`]()),
    success: (result) => tr(xdr.ManageBuyOfferResult.manageBuyOfferSuccess(result)),
  };
}

export const manageBuyOffer: OperationHandler<xdr.ManageBuyOfferOp> = {
  checkValid: (op) => checkOfferValid(buyOffer(op)),
  apply: (op, ctx) => applyOffer(buyOffer(op), ctx),
};
