/**
 * Effects of crossing offers and pools: the order book operations and path payments
 * (stellar-horizon `effects_processor.go`: `addManageSellOfferEffects`,
 * `addManageBuyOfferEffects`, `addCreatePassiveSellOfferEffect`,
 * `pathPaymentStrictReceiveEffects`, `addPathPaymentStrictSendEffects`,
 * `addIngestTradeEffects`, `tradeDetails`, `addClaimLiquidityPoolTradeEffect`). Offers resting on
 * the book make no effect: Horizon's offer effects (30-32) are never emitted.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset, prefixedAssetFields } from '../assets.js';
import { amount, type MuxedParts, muxedParts } from '../format.js';
import { type EffectContext, plain, resultOf } from './context.js';
import { assetAmount } from './fields.js';
import { poolDelta, poolDetails } from './pools.js';

/** One side of an order book trade: what the account sold and bought, and from whom. */
function tradeFields(
  seller: MuxedParts,
  offerId: bigint,
  sold: [xdr.Asset, bigint],
  bought: [xdr.Asset, bigint],
): Record<string, unknown> {
  return {
    seller: seller.account,
    ...(seller.muxed ? { seller_muxed: seller.muxed, seller_muxed_id: seller.muxedId } : {}),
    offer_id: offerId.toString(),
    sold_amount: amount(sold[1]),
    ...prefixedAssetFields('sold', sold[0]),
    bought_amount: amount(bought[1]),
    ...prefixedAssetFields('bought', bought[0]),
  };
}

function offerTradeEffects(
  ctx: EffectContext,
  buyer: MuxedParts,
  claim: xdr.ClaimOfferAtom | xdr.ClaimOfferAtomV0,
) {
  const sellerKey =
    'sellerId' in claim ? claim.sellerId : xdr.PublicKey.publicKeyTypeEd25519(claim.sellerEd25519.value);
  const seller = plain(sellerKey);
  const offerSold: [xdr.Asset, bigint] = [claim.assetSold, claim.amountSold];
  const offerBought: [xdr.Asset, bigint] = [claim.assetBought, claim.amountBought];
  // The taker bought what the offer sold; the offer's owner sees the trade the other way round.
  ctx.effects.add(buyer, 'trade', tradeFields(seller, claim.offerId, offerBought, offerSold));
  ctx.effects.add(seller, 'trade', tradeFields(buyer, claim.offerId, offerSold, offerBought));
}

function poolTradeEffect(ctx: EffectContext, claim: xdr.ClaimLiquidityAtom): void {
  const delta = poolDelta(ctx, claim.liquidityPoolId);
  if (!delta)
    throw new Error(`operation ${ctx.index + 1} of ${ctx.tx.hash} traded with a pool it did not change`);
  ctx.effects.add(ctx.source, 'liquidity_pool_trade', {
    liquidity_pool: poolDetails(delta.pool),
    sold: { asset: canonicalAsset(claim.assetSold), amount: amount(claim.amountSold) },
    bought: { asset: canonicalAsset(claim.assetBought), amount: amount(claim.amountBought) },
  });
}

/** Trades of the claims the operation made (claims that moved nothing are skipped). */
export function tradeEffects(ctx: EffectContext, claims: readonly xdr.ClaimAtom[]): void {
  for (const claim of claims) {
    const atom = claim.value;
    if (atom.amountSold === 0n && atom.amountBought === 0n) continue;
    if (claim.type === 'claimAtomTypeLiquidityPool') poolTradeEffect(ctx, claim.liquidityPool);
    else
      offerTradeEffects(
        ctx,
        ctx.source,
        claim.type === 'claimAtomTypeOrderBook' ? claim.orderBook : claim.v0,
      );
  }
}

function offersClaimed(result: xdr.ManageSellOfferResult | xdr.ManageBuyOfferResult): xdr.ClaimAtom[] {
  if (result.type !== 'manageSellOfferSuccess' && result.type !== 'manageBuyOfferSuccess')
    throw new Error(`offer operation without a success result: ${result.type}`);
  return result.success.offersClaimed;
}

export function manageSellOfferEffects(ctx: EffectContext): void {
  tradeEffects(ctx, offersClaimed(resultOf(ctx, 'manageSellOffer').manageSellOfferResult));
}

export function manageBuyOfferEffects(ctx: EffectContext): void {
  tradeEffects(ctx, offersClaimed(resultOf(ctx, 'manageBuyOffer').manageBuyOfferResult));
}

/** stellar-core has written passive offers' results under the manage-sell-offer arm too. */
export function createPassiveSellOfferEffects(ctx: EffectContext): void {
  const result = ctx.result;
  if (result.type === 'manageSellOffer') tradeEffects(ctx, offersClaimed(result.manageSellOfferResult));
  else tradeEffects(ctx, offersClaimed(resultOf(ctx, 'createPassiveSellOffer').createPassiveSellOfferResult));
}

/**
 * What the source sent on a strict-receive path payment (stellar/go
 * `PathPaymentStrictReceiveResult.SendAmount`): the first claims' bought amounts while they
 * bought the same asset, or the amount paid when nothing was crossed.
 */
function sentAmount(success: xdr.PathPaymentStrictReceiveResultSuccess): bigint {
  const [first] = success.offers;
  if (!first) return success.last.amount;
  let sent = 0n;
  for (const claim of success.offers) {
    if (!claim.value.assetBought.equals(first.value.assetBought)) break;
    sent += claim.value.amountBought;
  }
  return sent;
}

export function pathPaymentStrictReceiveEffects(
  ctx: EffectContext,
  op: xdr.PathPaymentStrictReceiveOp,
): void {
  const result = resultOf(ctx, 'pathPaymentStrictReceive').pathPaymentStrictReceiveResult;
  if (result.type !== 'pathPaymentStrictReceiveSuccess')
    throw new Error('path payment without a success result');
  ctx.effects.add(muxedParts(op.destination), 'account_credited', assetAmount(op.destAsset, op.destAmount));
  ctx.effects.add(ctx.source, 'account_debited', assetAmount(op.sendAsset, sentAmount(result.success)));
  tradeEffects(ctx, result.success.offers);
}

export function pathPaymentStrictSendEffects(ctx: EffectContext, op: xdr.PathPaymentStrictSendOp): void {
  const result = resultOf(ctx, 'pathPaymentStrictSend').pathPaymentStrictSendResult;
  if (result.type !== 'pathPaymentStrictSendSuccess')
    throw new Error('path payment without a success result');
  ctx.effects.add(
    muxedParts(op.destination),
    'account_credited',
    assetAmount(op.destAsset, result.success.last.amount),
  );
  ctx.effects.add(ctx.source, 'account_debited', assetAmount(op.sendAsset, op.sendAmount));
  tradeEffects(ctx, result.success.offers);
}
