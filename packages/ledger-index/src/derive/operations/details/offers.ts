/**
 * Offer operations (stellar-horizon `OperationDetails`): the offer as the operation states it.
 * `offer_id` is the operation's own (0 for a new offer), as Horizon records it; the id a new
 * offer got is in the trades (`counter_offer_id`) and the offer's effects.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { prefixedAssetFields } from '../../assets.js';
import { amount, price } from '../../format.js';
import { type DetailTable, detail } from '../context.js';

function offerFields(op: { selling: xdr.Asset; buying: xdr.Asset; price: xdr.Price }, offered: bigint) {
  return {
    amount: amount(offered),
    price: price(op.price.n, op.price.d),
    price_r: { n: op.price.n, d: op.price.d },
    ...prefixedAssetFields('buying', op.buying),
    ...prefixedAssetFields('selling', op.selling),
  };
}

export const OFFER_DETAILS: DetailTable = {
  manageSellOffer: (_ctx, op) =>
    detail('manage_sell_offer', { ...offerFields(op, op.amount), offer_id: op.offerId.toString() }),

  manageBuyOffer: (_ctx, op) =>
    detail('manage_buy_offer', { ...offerFields(op, op.buyAmount), offer_id: op.offerId.toString() }),

  createPassiveSellOffer: (_ctx, op) => detail('create_passive_sell_offer', offerFields(op, op.amount)),
};
