/** Liquidity pool helpers for the tests: a pool of two assets, deposits and withdrawals. */
import {
  type Asset,
  getLiquidityPoolId,
  type Keypair,
  LiquidityPoolAsset,
  Operation,
} from '@stellar/stellar-sdk/base';
import type { Harness, Outcome } from '../harness.js';

export interface Pool {
  /** The pool-share asset change_trust takes. */
  share: LiquidityPoolAsset;
  /** The pool id in hex. */
  id: string;
}

/** The constant-product pool of two assets (given in the protocol's order, A < B). */
export function poolOf(assetA: Asset, assetB: Asset): Pool {
  const id = Buffer.from(getLiquidityPoolId('constant_product', { assetA, assetB, fee: 30 })).toString('hex');
  return { share: new LiquidityPoolAsset(assetA, assetB, 30), id };
}

/** Stroops as the SDK's decimal amount string. */
export function amount(stroops: bigint | number): string {
  const s = BigInt(stroops).toString().padStart(8, '0');
  return `${s.slice(0, -7)}.${s.slice(-7)}`;
}

type PriceArg = NonNullable<Parameters<typeof Operation.liquidityPoolDeposit>[0]>['minPrice'];
const WIDE = { min: { n: 1, d: 2_000_000_000 }, max: { n: 2_000_000_000, d: 1 } };

/** A deposit operation, by default with price bounds wide enough for any pool. */
export function depositOp(
  pool: Pool,
  maxAmountA: string,
  maxAmountB: string,
  minPrice: PriceArg = WIDE.min,
  maxPrice: PriceArg = WIDE.max,
) {
  return Operation.liquidityPoolDeposit({
    liquidityPoolId: pool.id,
    maxAmountA,
    maxAmountB,
    minPrice,
    maxPrice,
  });
}

export function deposit(
  h: Harness,
  source: Keypair,
  pool: Pool,
  ...args: Parameters<typeof depositOp> extends [Pool, ...infer R] ? R : never
): Outcome {
  return h.outcome(h.tx(source, [depositOp(pool, ...args)]));
}

export function withdraw(
  h: Harness,
  source: Keypair,
  pool: Pool,
  shares: string,
  minAmountA = '0',
  minAmountB = '0',
): Outcome {
  return h.outcome(
    h.tx(source, [
      Operation.liquidityPoolWithdraw({ liquidityPoolId: pool.id, amount: shares, minAmountA, minAmountB }),
    ]),
  );
}
