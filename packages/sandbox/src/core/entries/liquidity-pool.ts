/** A constant-product liquidity pool (CAP-38) as a mutable draft. */
import { xdr } from '@stellar/stellar-sdk/base';
import { liquidityPoolKey, trustLineKey } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { sha256 } from '../sha256.js';
import { ledgerEntry } from './entry-ext.js';
import { readTrustLine, type TrustLineState } from './trustline.js';

/** stellar-core LIQUIDITY_POOL_FEE_V18: 30 basis points. */
export const LIQUIDITY_POOL_FEE_V18 = 30;

export interface LiquidityPoolState {
  poolId: Uint8Array;
  params: xdr.LiquidityPoolConstantProductParameters;
  reserveA: bigint;
  reserveB: bigint;
  totalPoolShares: bigint;
  poolSharesTrustLineCount: bigint;
}

/** The pool id: SHA-256 of the pool's parameters (CAP-38). */
export function poolIdOf(params: xdr.LiquidityPoolParameters): Uint8Array {
  return sha256(params.toXdr());
}

export function readLiquidityPool(entry: xdr.LedgerEntry): LiquidityPoolState {
  if (entry.data.type !== 'liquidityPool') throw new Error('not a liquidity pool entry');
  const pool = entry.data.liquidityPool;
  const cp = pool.body.constantProduct;
  return {
    poolId: pool.liquidityPoolId.toBytes(),
    params: cp.params,
    reserveA: cp.reserveA,
    reserveB: cp.reserveB,
    totalPoolShares: cp.totalPoolShares,
    poolSharesTrustLineCount: cp.poolSharesTrustLineCount,
  };
}

export function liquidityPoolEntry(pool: LiquidityPoolState): xdr.LedgerEntry {
  const entry = new xdr.LiquidityPoolEntry({
    liquidityPoolId: new xdr.PoolId(pool.poolId),
    body: xdr.LiquidityPoolEntryBody.liquidityPoolConstantProduct(
      new xdr.LiquidityPoolEntryConstantProduct({
        params: pool.params,
        reserveA: pool.reserveA,
        reserveB: pool.reserveB,
        totalPoolShares: pool.totalPoolShares,
        poolSharesTrustLineCount: pool.poolSharesTrustLineCount,
      }),
    ),
  });
  return ledgerEntry(xdr.LedgerEntryData.liquidityPool(entry), { sponsor: null, hasExtV1: false });
}

export function loadLiquidityPool(ltx: LedgerTxn, poolId: Uint8Array): LiquidityPoolState | undefined {
  const entry = ltx.load(liquidityPoolKey(poolId));
  return entry ? readLiquidityPool(entry) : undefined;
}

export function storeLiquidityPool(ltx: LedgerTxn, pool: LiquidityPoolState): void {
  ltx.put(liquidityPoolEntry(pool));
}

/** The trust line asset of a pool's shares. */
export function poolShareAsset(poolId: Uint8Array): xdr.TrustLineAsset {
  return xdr.TrustLineAsset.assetTypePoolShare(new xdr.PoolId(poolId));
}

/** stellar-core loadPoolShareTrustLine. */
export function loadPoolShareTrustLine(
  ltx: LedgerTxn,
  accountId: xdr.PublicKey,
  poolId: Uint8Array,
): TrustLineState | undefined {
  const entry = ltx.load(trustLineKey(accountId, poolShareAsset(poolId)));
  return entry ? readTrustLine(entry) : undefined;
}
