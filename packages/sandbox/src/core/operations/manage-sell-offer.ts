/**
 * manage_sell_offer and create_passive_sell_offer, after stellar-core ManageSellOfferOpFrame and
 * CreatePassiveSellOfferOpFrame: the amount is what to sell.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { min, offerLiabilities } from '../dex/exchange.js';
import { applyOffer, checkOfferValid, type OfferFailure, type OfferOp } from './manage-offer.js';
import type { OperationHandler } from './operation.js';

function sellOffer(
  selling: xdr.Asset,
  buying: xdr.Asset,
  amount: bigint,
  price: xdr.Price,
  offerId: bigint,
  passive: boolean,
): OfferOp {
  const tr = (r: xdr.ManageSellOfferResult) =>
    xdr.OperationResult.opInner(
      passive ? xdr.OperationResultTr.createPassiveSellOffer(r) : xdr.OperationResultTr.manageSellOffer(r),
    );
  const p = { n: price.n, d: price.d };
  return {
    sheep: selling,
    wheat: buying,
    offerId,
    price: p,
    passiveOnCreate: passive,
    amount,
    liabilities:
      p.n > 0 && p.d > 0 && amount >= 0n ? offerLiabilities(p, amount) : { buying: 0n, selling: 0n },
    limit: (maxSheepSend, sheepSent, maxWheatReceive) => {
      const left = amount - sheepSent;
      return [min(left, maxSheepSend), maxWheatReceive];
    },
    failure: (code: OfferFailure) => tr(xdr.ManageSellOfferResult[`manageSellOffer${code}`]()),
    success: (result) => tr(xdr.ManageSellOfferResult.manageSellOfferSuccess(result)),
  };
}

export const manageSellOffer: OperationHandler<xdr.ManageSellOfferOp> = {
  checkValid: (op) =>
    checkOfferValid(sellOffer(op.selling, op.buying, op.amount, op.price, op.offerId, false)),
  apply: (op, ctx) =>
    applyOffer(sellOffer(op.selling, op.buying, op.amount, op.price, op.offerId, false), ctx),
};

export const createPassiveSellOffer: OperationHandler<xdr.CreatePassiveSellOfferOp> = {
  checkValid: (op) => checkOfferValid(sellOffer(op.selling, op.buying, op.amount, op.price, 0n, true)),
  apply: (op, ctx) => applyOffer(sellOffer(op.selling, op.buying, op.amount, op.price, 0n, true), ctx),
};
