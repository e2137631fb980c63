/**
 * Liquidity pool effects (stellar-horizon `effects_processor.go`: `liquidityPoolDetails`,
 * `addLiquidityPoolDepositEffect`, `addLiquidityPoolWithdrawEffect`,
 * `addLiquidityPoolRevokedEffect`, `addLedgerEntryLiquidityPoolEffects`; the pool and its
 * change from `operations_processor.go` `getLiquidityPoolAndProductDelta`).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset } from '../assets.js';
import { data } from '../entry.js';
import { amount, claimableBalanceId } from '../format.js';
import { balanceCreatedEffects } from './claimable-balances.js';
import type { EffectContext } from './context.js';
import { poolIdHex } from './fields.js';

/** The pool as the effect shows it (its state after the operation, or before its removal). */
export function poolDetails(pool: xdr.LiquidityPoolEntry): Record<string, unknown> {
  const cp = pool.body.constantProduct;
  return {
    id: poolIdHex(pool.liquidityPoolId),
    fee_bp: cp.params.fee,
    type: 'constant_product',
    total_trustlines: cp.poolSharesTrustLineCount.toString(),
    total_shares: amount(cp.totalPoolShares),
    reserves: reserves(pool, cp.reserveA, cp.reserveB),
  };
}

interface PoolDelta {
  pool: xdr.LiquidityPoolEntry;
  reserveA: bigint;
  reserveB: bigint;
  shares: bigint;
}

function constantProduct(entry: xdr.LedgerEntry | undefined) {
  return data(entry, 'liquidityPool')?.liquidityPool;
}

/** The first pool change (of that pool, when given) and how much its reserves and shares moved. */
export function poolDelta(ctx: EffectContext, id?: xdr.PoolId): PoolDelta | undefined {
  const wanted = id && poolIdHex(id);
  for (const change of ctx.changes) {
    const pre = constantProduct(change.pre);
    const post = constantProduct(change.post);
    const pool = post ?? pre;
    if (!pool || (wanted && poolIdHex(pool.liquidityPoolId) !== wanted)) continue;
    const before = pre?.body.constantProduct;
    const after = post?.body.constantProduct;
    return {
      pool,
      reserveA: (after?.reserveA ?? 0n) - (before?.reserveA ?? 0n),
      reserveB: (after?.reserveB ?? 0n) - (before?.reserveB ?? 0n),
      shares: (after?.totalPoolShares ?? 0n) - (before?.totalPoolShares ?? 0n),
    };
  }
  return undefined;
}

function requiredDelta(ctx: EffectContext, id: xdr.PoolId): PoolDelta {
  const delta = poolDelta(ctx, id);
  if (!delta)
    throw new Error(`operation ${ctx.index + 1} of ${ctx.tx.hash} changed no pool ${poolIdHex(id)}`);
  return delta;
}

/** The pool's two reserves, each with an amount (signed as the delta wants). */
function reserves(pool: xdr.LiquidityPoolEntry, a: bigint, b: bigint): { asset: string; amount: string }[] {
  const { params } = pool.body.constantProduct;
  return [
    { asset: canonicalAsset(params.assetA), amount: amount(a) },
    { asset: canonicalAsset(params.assetB), amount: amount(b) },
  ];
}

export function poolDepositEffects(ctx: EffectContext, op: xdr.LiquidityPoolDepositOp): void {
  const { pool, reserveA, reserveB, shares } = requiredDelta(ctx, op.liquidityPoolId);
  ctx.effects.add(ctx.source, 'liquidity_pool_deposited', {
    liquidity_pool: poolDetails(pool),
    reserves_deposited: reserves(pool, reserveA, reserveB),
    shares_received: amount(shares),
  });
}

export function poolWithdrawEffects(ctx: EffectContext, op: xdr.LiquidityPoolWithdrawOp): void {
  const { pool, reserveA, reserveB, shares } = requiredDelta(ctx, op.liquidityPoolId);
  ctx.effects.add(ctx.source, 'liquidity_pool_withdrew', {
    liquidity_pool: poolDetails(pool),
    reserves_received: reserves(pool, -reserveA, -reserveB),
    shares_redeemed: amount(-shares),
  });
}

/**
 * After a revocation (`allow_trust`, `set_trust_line_flags`): the claimable balances the
 * trustor's pool shares were redeemed into, then `liquidity_pool_revoked` for the first pool
 * changed (Horizon reads one pool, even when shares of several were redeemed).
 */
export function poolRevokedEffects(ctx: EffectContext): void {
  const delta = poolDelta(ctx);
  if (!delta) return;
  const balanceByAsset = new Map<string, string>();
  for (const change of ctx.changes) {
    const balance = change.pre ? undefined : data(change.post, 'claimableBalance')?.claimableBalance;
    if (!balance) continue;
    balanceByAsset.set(canonicalAsset(balance.asset), claimableBalanceId(balance.balanceId));
    balanceCreatedEffects(ctx, balance, balance.claimants);
  }
  if (balanceByAsset.size === 0) return;
  const revoked = reserves(delta.pool, -delta.reserveA, -delta.reserveB).flatMap((reserve) => {
    const id = balanceByAsset.get(reserve.asset);
    return id ? [{ ...reserve, claimable_balance_id: id }] : [];
  });
  ctx.effects.add(ctx.source, 'liquidity_pool_revoked', {
    liquidity_pool: poolDetails(delta.pool),
    reserves_revoked: revoked,
    shares_revoked: amount(-delta.shares),
  });
}

/** Any operation: `liquidity_pool_created` / `liquidity_pool_removed` for pools it created or removed. */
export function poolLifecycleEffects(ctx: EffectContext): void {
  for (const change of ctx.changes) {
    const pre = constantProduct(change.pre);
    const post = constantProduct(change.post);
    if (!pre && post)
      ctx.effects.add(ctx.source, 'liquidity_pool_created', { liquidity_pool: poolDetails(post) });
    else if (pre && !post)
      ctx.effects.add(ctx.source, 'liquidity_pool_removed', {
        liquidity_pool_id: poolIdHex(pre.liquidityPoolId),
      });
  }
}
