/**
 * liquidity_pool_withdraw, after stellar-core LiquidityPoolWithdrawOpFrame (CAP-38): redeems
 * pool shares for the pool's reserves in proportion, each amount rounded down and at least the
 * operation's minimum.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { addTrustLineBalance, trustLineAvailableBalance } from '../balances.js';
import { addHoldingBalance } from '../dex/holdings.js';
import { poolWithdrawalAmount } from '../dex/pool-shares.js';
import { loadLiquidityPool, loadPoolShareTrustLine, storeLiquidityPool } from '../entries/liquidity-pool.js';
import { storeTrustLine } from '../entries/trustline.js';
import { muxedAddress, poolAddress } from '../events.js';
import { DISABLE_LIQUIDITY_POOL_WITHDRAWAL, headerFlagSet } from '../header.js';
import { failed, type OperationHandler, type OpOutcome, succeeded } from './operation.js';

type Code = xdr.LiquidityPoolWithdrawResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.liquidityPoolWithdraw(xdr.LiquidityPoolWithdrawResult[code]()),
  );
}

export const liquidityPoolWithdraw: OperationHandler<xdr.LiquidityPoolWithdrawOp> = {
  // isOpSupported: not while a `flags` upgrade disables it.
  isSupported: (header) => !headerFlagSet(header, DISABLE_LIQUIDITY_POOL_WITHDRAWAL),
  checkValid(op) {
    const malformed = op.amount <= 0n || op.minAmountA < 0n || op.minAmountB < 0n;
    return malformed ? result('liquidityPoolWithdrawMalformed') : undefined;
  },

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    const poolId = op.liquidityPoolId.toBytes();
    const poolLine = loadPoolShareTrustLine(ltx, sourceId, poolId);
    if (!poolLine) return failed(result('liquidityPoolWithdrawNoTrust'));
    if (trustLineAvailableBalance(poolLine) < op.amount)
      return failed(result('liquidityPoolWithdrawUnderfunded'));
    const pool = loadLiquidityPool(ltx, poolId);
    if (!pool) throw new Error('the pool of a pool-share line is missing');
    // CAP-77: neither trust line may be frozen (accessesFrozenKeyAtApplyTime).
    if (ctx.frozen?.poolLines(sourceId, pool.params.assetA, pool.params.assetB))
      return failed(result('liquidityPoolWithdrawTrustlineFrozen'));

    // stellar-core tryAddAssetBalance, for A then B.
    const take = (asset: xdr.Asset, minAmount: bigint, amount: bigint): OpOutcome | undefined => {
      if (amount < minAmount) return failed(result('liquidityPoolWithdrawUnderMinimum'));
      // A line to a pool asset can maintain liabilities: revoking that redeems the shares.
      if (!addHoldingBalance(ltx, sourceId, asset, amount))
        return failed(result('liquidityPoolWithdrawLineFull'));
      return undefined;
    };
    const amountA = poolWithdrawalAmount(op.amount, pool.totalPoolShares, pool.reserveA);
    const failedA = take(pool.params.assetA, op.minAmountA, amountA);
    if (failedA) return failedA;
    const amountB = poolWithdrawalAmount(op.amount, pool.totalPoolShares, pool.reserveB);
    const failedB = take(pool.params.assetB, op.minAmountB, amountB);
    if (failedB) return failedB;

    if (!addTrustLineBalance(poolLine, -op.amount)) throw new Error('pool withdrawal invalid');
    pool.totalPoolShares -= op.amount;
    pool.reserveA -= amountA;
    pool.reserveB -= amountB;
    if (pool.totalPoolShares < 0n || pool.reserveA < 0n || pool.reserveB < 0n) {
      throw new Error('insufficient pool reserves');
    }
    storeTrustLine(ltx, poolLine);
    storeLiquidityPool(ltx, pool);

    const source = muxedAddress(ctx.sourceMuxed);
    ctx.events.transferWithIssuerCheck(pool.params.assetA, poolAddress(poolId), source, amountA, true);
    ctx.events.transferWithIssuerCheck(pool.params.assetB, poolAddress(poolId), source, amountB, true);
    return succeeded(result('liquidityPoolWithdrawSuccess'));
  },
};
