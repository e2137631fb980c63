/**
 * Liquidity pools: lumens/USD and EUR/USD pools made by trusting their shares, deposits, trades
 * through them and withdrawals; failing ones depositing or withdrawing without the share trust
 * line, outside the price bounds, with more shares than held, and under the minimums.
 */
import { Operation } from '@stellar/stellar-sdk';
import { after, type Context, eachTrader, type Phase, type Pool, WIDE, xlm } from './context.js';

/** The pool a trader deposits into: the first half lumens/USD, the second EUR/USD. */
const poolOf = (ctx: Context, i: number): Pool => (i < ctx.traders.length / 2 ? ctx.xlmUsd : ctx.usdEur);
const otherPool = (ctx: Context, i: number): Pool => (i < ctx.traders.length / 2 ? ctx.usdEur : ctx.xlmUsd);
/** Traders that never trust a pool's shares. */
const distrustful = (i: number) => i % 6 === 5;

const deposits: Phase = {
  name: 'pool deposits',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      const pool = poolOf(ctx, i);
      if (distrustful(i))
        return {
          fails: true,
          ops: [
            Operation.liquidityPoolDeposit({
              liquidityPoolId: pool.id,
              maxAmountA: '10',
              maxAmountB: '10',
              ...WIDE,
            }),
          ],
        };
      return {
        ops: [
          Operation.changeTrust({ asset: pool.asset }),
          Operation.liquidityPoolDeposit({
            liquidityPoolId: pool.id,
            maxAmountA: `${100 + i}`,
            maxAmountB: `${110 + 2 * i}`,
            ...WIDE,
          }),
        ],
      };
    }),
};

/** More deposits at the pools' price, some outside their bounds; trades through the pools. */
const trades: Phase = {
  name: 'pool trades',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      const pool = poolOf(ctx, i);
      if (distrustful(i))
        return {
          fails: 'maybe',
          ops: [
            Operation.pathPaymentStrictSend({
              sendAsset: i % 2 ? xlm : ctx.usd,
              sendAmount: '3',
              destination: after(ctx, i).publicKey(),
              destAsset: i % 2 ? ctx.usd : xlm,
              destMin: '0.1',
              path: [],
            }),
          ],
        };
      switch (i % 4) {
        case 0:
          return {
            ops: [
              Operation.liquidityPoolDeposit({
                liquidityPoolId: pool.id,
                maxAmountA: '20',
                maxAmountB: '30',
                ...WIDE,
              }),
            ],
          };
        case 1:
          return {
            fails: true,
            ops: [
              Operation.liquidityPoolDeposit({
                liquidityPoolId: pool.id,
                maxAmountA: '20',
                maxAmountB: '20',
                minPrice: '1000',
                maxPrice: '2000',
              }),
            ],
          };
        case 2:
          return {
            fails: 'maybe',
            ops: [
              Operation.pathPaymentStrictReceive({
                sendAsset: ctx.usd,
                sendMax: '20',
                destination: after(ctx, i, 2).publicKey(),
                destAsset: pool === ctx.usdEur ? ctx.eur : xlm,
                destAmount: '4',
                path: [],
              }),
            ],
          };
        default:
          return {
            fails: 'maybe',
            ops: [
              Operation.pathPaymentStrictSend({
                sendAsset: pool === ctx.usdEur ? ctx.eur : xlm,
                sendAmount: '6',
                destination: after(ctx, i, 3).publicKey(),
                destAsset: ctx.usd,
                destMin: '1',
                path: [],
              }),
            ],
          };
      }
    }),
};

const withdrawals: Phase = {
  name: 'pool withdrawals',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      const pool = poolOf(ctx, i);
      const withdraw = (amount: string, min = '0') =>
        Operation.liquidityPoolWithdraw({
          liquidityPoolId: pool.id,
          amount,
          minAmountA: min,
          minAmountB: min,
        });
      if (distrustful(i))
        return {
          fails: true,
          ops: [
            Operation.liquidityPoolWithdraw({
              liquidityPoolId: otherPool(ctx, i).id,
              amount: '1',
              minAmountA: '0',
              minAmountB: '0',
            }),
          ],
        };
      switch (i % 6) {
        case 2:
          return { fails: true, ops: [withdraw('100000')] };
        case 3:
          return { fails: true, ops: [withdraw('1', '1000')] };
        case 4:
          return { ops: [withdraw('2'), withdraw('0.0000001')] };
        default:
          return { ops: [withdraw(`${5 + (i % 4)}.25`)] };
      }
    }),
};

export const poolPhases: Phase[] = [deposits, trades, withdrawals];
