/**
 * liquidity_pool_deposit, after stellar-core LiquidityPoolDepositOpFrame (CAP-38): deposits
 * both assets at the pool's price (or, into an empty pool, sets the price), within the
 * operation's price bounds, for pool shares.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { addTrustLineBalance, trustLineMaxReceive } from '../balances.js';
import {
  addHoldingBalance,
  holdingAuthorized,
  holdingAvailableBalance,
  holdingKind,
} from '../dex/holdings.js';
import {
  bigSquareRoot,
  type Deposit,
  depositAtPoolPrice,
  isBadPrice,
  poolWouldOverflow,
} from '../dex/pool-shares.js';
import { loadLiquidityPool, loadPoolShareTrustLine, storeLiquidityPool } from '../entries/liquidity-pool.js';
import { storeTrustLine } from '../entries/trustline.js';
import { muxedAddress, poolAddress } from '../events.js';
import { DISABLE_LIQUIDITY_POOL_DEPOSIT, headerFlagSet } from '../header.js';
import { failed, type OperationHandler, succeeded } from './operation.js';

type Code = xdr.LiquidityPoolDepositResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.liquidityPoolDeposit(xdr.LiquidityPoolDepositResult[code]()),
  );
}

const priceOf = (p: xdr.Price) => ({ n: p.n, d: p.d });

export const liquidityPoolDeposit: OperationHandler<xdr.LiquidityPoolDepositOp> = {
  // isOpSupported: not while a `flags` upgrade disables it.
  isSupported: (header) => !headerFlagSet(header, DISABLE_LIQUIDITY_POOL_DEPOSIT),
  checkValid(op) {
    const { minPrice, maxPrice } = op;
    const malformed =
      op.maxAmountA <= 0n ||
      op.maxAmountB <= 0n ||
      minPrice.n <= 0 ||
      minPrice.d <= 0 ||
      maxPrice.n <= 0 ||
      maxPrice.d <= 0 ||
      BigInt(minPrice.n) * BigInt(maxPrice.d) > BigInt(minPrice.d) * BigInt(maxPrice.n);
    return malformed ? result('liquidityPoolDepositMalformed') : undefined;
  },

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    const poolId = op.liquidityPoolId.toBytes();
    const poolLine = loadPoolShareTrustLine(ltx, sourceId, poolId);
    if (!poolLine) return failed(result('liquidityPoolDepositNoTrust'));
    const pool = loadLiquidityPool(ltx, poolId);
    if (!pool) throw new Error('the pool of a pool-share line is missing');
    const { assetA, assetB } = pool.params;
    if (assetA.equals(assetB)) throw new Error('Depositing to invalid liquidity pool');
    if (holdingKind(ltx, sourceId, assetA) === 'none' || holdingKind(ltx, sourceId, assetB) === 'none') {
      throw new Error('Invalid ledger state');
    }
    if (!holdingAuthorized(ltx, sourceId, assetA) || !holdingAuthorized(ltx, sourceId, assetB)) {
      return failed(result('liquidityPoolDepositNotAuthorized'));
    }
    // CAP-77: neither trust line may be frozen (accessesFrozenKeyAtApplyTime).
    if (ctx.frozen?.poolLines(sourceId, assetA, assetB))
      return failed(result('liquidityPoolDepositTrustlineFrozen'));

    const availableA = holdingAvailableBalance(ltx, sourceId, assetA);
    const availableB = holdingAvailableBalance(ltx, sourceId, assetB);
    const availableShares = trustLineMaxReceive(poolLine);
    const empty = pool.totalPoolShares === 0n;
    const deposit: Deposit = empty
      ? { amountA: op.maxAmountA, amountB: op.maxAmountB, shares: 0n }
      : depositAtPoolPrice(pool, op.maxAmountA, op.maxAmountB);
    if (availableA < deposit.amountA || availableB < deposit.amountB) {
      return failed(result('liquidityPoolDepositUnderfunded'));
    }
    if (isBadPrice(deposit.amountA, deposit.amountB, priceOf(op.minPrice), priceOf(op.maxPrice))) {
      return failed(result('liquidityPoolDepositBadPrice'));
    }
    if (empty) deposit.shares = bigSquareRoot(deposit.amountA, deposit.amountB);
    if (availableShares < deposit.shares) return failed(result('liquidityPoolDepositLineFull'));
    if (poolWouldOverflow(pool, deposit)) return failed(result('liquidityPoolDepositPoolFull'));
    if (deposit.amountA <= 0n || deposit.amountB <= 0n || deposit.shares <= 0n) {
      throw new Error('must deposit positive amounts and receive a positive amount of pool shares');
    }

    if (!addHoldingBalance(ltx, sourceId, assetA, -deposit.amountA)) throw new Error('insufficient balance');
    if (!addHoldingBalance(ltx, sourceId, assetB, -deposit.amountB)) throw new Error('insufficient balance');
    if (!addTrustLineBalance(poolLine, deposit.shares)) throw new Error('insufficient pool share limit');
    pool.reserveA += deposit.amountA;
    pool.reserveB += deposit.amountB;
    pool.totalPoolShares += deposit.shares;
    storeTrustLine(ltx, poolLine);
    storeLiquidityPool(ltx, pool);

    const source = muxedAddress(ctx.sourceMuxed);
    ctx.events.transferWithIssuerCheck(assetA, source, poolAddress(poolId), deposit.amountA, false);
    ctx.events.transferWithIssuerCheck(assetB, source, poolAddress(poolId), deposit.amountB, false);
    return succeeded(result('liquidityPoolDepositSuccess'));
  },
};
