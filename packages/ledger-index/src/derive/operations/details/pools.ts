/**
 * Liquidity pool operations (stellar-horizon `OperationDetails`): what moved is the change of
 * the pool's reserves and shares in the operation's meta. When the transaction failed there is
 * none: Horizon writes 0 amounts and leaves the assets out.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset } from '../../assets.js';
import type { EntryChange } from '../../changes.js';
import { amount, price } from '../../format.js';
import { type DetailTable, detail, type OperationContext } from '../context.js';

interface PoolDelta {
  assets: [string, string] | undefined;
  reserveA: bigint;
  reserveB: bigint;
  shares: bigint;
}

const NO_DELTA: PoolDelta = { assets: undefined, reserveA: 0n, reserveB: 0n, shares: 0n };

function constantProduct(entry: xdr.LedgerEntry | undefined) {
  return entry?.data.type === 'liquidityPool' ? entry.data.liquidityPool.body.constantProduct : undefined;
}

/** stellar-horizon `getLiquidityPoolAndProductDelta`: the first change of the pool, after minus before. */
function poolDelta(ctx: OperationContext, poolId: xdr.PoolId): PoolDelta {
  if (!ctx.tx.successful) return NO_DELTA;
  const id = poolId.toString();
  const change = ctx.changes.find(
    (c: EntryChange) =>
      c.key?.type === 'liquidityPool' && c.key.liquidityPool.liquidityPoolId.toString() === id,
  );
  if (!change) throw new Error(`operation ${ctx.index} of ${ctx.tx.hash} changed no pool ${id}`);
  const pre = constantProduct(change.pre);
  const post = constantProduct(change.post);
  const params = (post ?? pre)?.params;
  if (!params) throw new Error(`pool ${id} is not a constant product pool`);
  return {
    assets: [canonicalAsset(params.assetA), canonicalAsset(params.assetB)],
    reserveA: (post?.reserveA ?? 0n) - (pre?.reserveA ?? 0n),
    reserveB: (post?.reserveB ?? 0n) - (pre?.reserveB ?? 0n),
    shares: (post?.totalPoolShares ?? 0n) - (pre?.totalPoolShares ?? 0n),
  };
}

/**
 * Two amounts of the pool's assets (go-stellar-sdk `base.AssetAmount`: `asset` is `omitempty`,
 * so a failed transaction's record has none).
 */
function assetAmounts(delta: PoolDelta, a: bigint, b: bigint) {
  const [assetA, assetB] = delta.assets ?? [];
  return [
    { ...(assetA ? { asset: assetA } : {}), amount: amount(a) },
    { ...(assetB ? { asset: assetB } : {}), amount: amount(b) },
  ];
}

export const POOL_DETAILS: DetailTable = {
  liquidityPoolDeposit: (ctx, op) => {
    const delta = poolDelta(ctx, op.liquidityPoolId);
    return detail('liquidity_pool_deposit', {
      liquidity_pool_id: op.liquidityPoolId.toString(),
      reserves_max: assetAmounts(delta, op.maxAmountA, op.maxAmountB),
      min_price: price(op.minPrice.n, op.minPrice.d),
      min_price_r: { n: op.minPrice.n, d: op.minPrice.d },
      max_price: price(op.maxPrice.n, op.maxPrice.d),
      max_price_r: { n: op.maxPrice.n, d: op.maxPrice.d },
      reserves_deposited: assetAmounts(delta, delta.reserveA, delta.reserveB),
      shares_received: amount(delta.shares),
    });
  },

  liquidityPoolWithdraw: (ctx, op) => {
    const delta = poolDelta(ctx, op.liquidityPoolId);
    return detail('liquidity_pool_withdraw', {
      liquidity_pool_id: op.liquidityPoolId.toString(),
      reserves_min: assetAmounts(delta, op.minAmountA, op.minAmountB),
      shares: amount(op.amount),
      reserves_received: assetAmounts(delta, -delta.reserveA, -delta.reserveB),
    });
  },
};
