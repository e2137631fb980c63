/**
 * The liquidity pool record (`GET /liquidity_pools/{id}`) of its entry, as stellar-horizon
 * `resourceadapter/liquidity_pool.go` writes it (from the liquidity pools change processor).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset } from '../assets.js';
import { amount } from '../format.js';
import { hex, type LiquidityPoolBody } from './common.js';

function constantProduct(entry: xdr.LedgerEntry) {
  if (entry.data.type !== 'liquidityPool') throw new TypeError(`not a liquidity pool: ${entry.data.type}`);
  const pool = entry.data.liquidityPool;
  return { id: hex(pool.liquidityPoolId.toBytes()), pool: pool.body.constantProduct };
}

export function liquidityPoolRecord(
  entry: xdr.LedgerEntry,
  lastModifiedTime: string | null,
): LiquidityPoolBody {
  const { id, pool } = constantProduct(entry);
  return {
    id,
    paging_token: id,
    fee_bp: pool.params.fee,
    type: 'constant_product',
    total_trustlines: pool.poolSharesTrustLineCount.toString(),
    total_shares: amount(pool.totalPoolShares),
    reserves: [
      { asset: canonicalAsset(pool.params.assetA), amount: amount(pool.reserveA) },
      { asset: canonicalAsset(pool.params.assetB), amount: amount(pool.reserveB) },
    ],
    last_modified_ledger: entry.lastModifiedLedgerSeq,
    last_modified_time: lastModifiedTime,
  };
}

/** The columns `listLiquidityPools` filters by: the pool's two assets, canonical. */
export function liquidityPoolColumns(entry: xdr.LedgerEntry) {
  const { id, pool } = constantProduct(entry);
  return { id, assetA: canonicalAsset(pool.params.assetA), assetB: canonicalAsset(pool.params.assetB) };
}
