/**
 * The path finder's arithmetic against stellar/go's own vectors (`exp/orderbook/pools_test.go`
 * TestLiquidityPoolMath and TestLiquidityPoolExchanges, themselves from stellar-core's
 * ExchangeTests) and core's offer rounding.
 */
import { describe, expect, it } from 'vitest';
import {
  crossOffer,
  mulFractionRoundDown,
  mulFractionRoundUp,
  poolExpectation,
  poolPayout,
} from '../../src/rest/path-exchange.js';

const MAX = 9_223_372_036_854_775_807n;

describe('a pool paying out for a deposit (CalculatePoolPayout)', () => {
  // Reserve paid in, amount paid in, reserve paid out, fee: what comes out, undefined when it cannot.
  it.each([
    [100n, MAX - 100n, 100n, 0n, 99n],
    [100n, MAX - 99n, 100n, 0n, undefined],
    [MAX - 100n, 100n, MAX - 100n, 0n, 99n],
    [MAX - 99n, 100n, MAX - 100n, 0n, undefined],
    [100n, 2n, 100n, 0n, 1n],
    [100n, 1n, 100n, 0n, undefined],
    [100n, 100n, 100n, 0n, 50n],
    [100n, 50n, 100n, 0n, 33n],
    [100n, 0n, 100n, 0n, undefined],
    [10000n, 10031n, 20000n, 30n, 10000n],
    [MAX, MAX, MAX, 0n, undefined],
    [MAX, MAX, MAX, 10001n, undefined],
    [92017260901926686n, 9157376027422527n, 4000000000000000000n, 1n, 362009430194478152n],
    // eurUsdLiquidityPool (1000:1000, 30 bps): 500 in pays 332 out.
    [1000n, 500n, 1000n, 30n, 332n],
  ])('%s in reserve, %s paid in, %s out reserve, fee %s → %s', (paidIn, received, paidOut, feeBips, want) => {
    expect(poolPayout({ paidIn, paidOut, feeBips }, received)).toBe(want);
  });
});

describe('what a pool needs paid in for a payout (CalculatePoolExpectation)', () => {
  // Reserve paid in, reserve paid out, amount wanted out, fee: what must go in.
  it.each([
    [100n, 100n, 99n, 0n, 9900n],
    [100n, 100n, 100n, 0n, undefined],
    [100n, MAX / 100n, MAX / 100n - 1n, 0n, MAX - 107n],
    [100n, MAX / 100n, MAX / 100n, 0n, undefined],
    [MAX / 100n, 101n * 10000n + 1n, 101n * 10000n, 0n, undefined],
    [MAX / 100n, 10001n, 10000n, 0n, undefined],
    [MAX - 100n, MAX / 2n, 49n, 0n, 98n],
    [MAX - 100n, MAX / 2n, 50n, 0n, undefined],
    [100n, 100n, 50n, 0n, 100n],
    [100n, 100n, 33n, 0n, 50n],
    [10000n, 20000n, 10000n, 30n, 10031n],
    [MAX, 0n, 1n, 0n, undefined],
    [9223372036654845862n, 2694994506n, 4515739n, 30n, undefined],
    [MAX, MAX, 1n, 10010n, undefined],
    // The vectors Horizon's path tests rely on (30 bps pools).
    [1000n, 1000n, 332n, 30n, 499n],
    [1000n, 1000n, 100n, 30n, 112n],
    [1000n, 1000n, 112n, 30n, 127n],
    [120n, 30n, 5n, 30n, 25n],
    [1000n, 500n, 127n, 30n, 342n],
    [1000n, 500n, 27n, 30n, 58n],
  ])('%s in reserve, %s out reserve, %s wanted, fee %s → %s', (paidIn, paidOut, disbursed, feeBips, want) => {
    expect(poolExpectation({ paidIn, paidOut, feeBips }, disbursed)).toBe(want);
  });
});

describe("crossing an offer (price.ConvertToBuyingUnits, core's rounding)", () => {
  // Offer amount, amount wanted, price n/d: what the taker pays and gets.
  it.each([
    // 2 per unit: 10 of 100 costs 20.
    [100n, 10n, 2n, 1n, { buying: 20n, selling: 10n }],
    // The offer is smaller than wanted: all of it.
    [5n, 10n, 2n, 1n, { buying: 10n, selling: 5n }],
    // 1/3 per unit: 10 costs ceil(10/3) = 4.
    [100n, 10n, 1n, 3n, { buying: 4n, selling: 10n }],
    // At 1/3 an offer of 10 delivers only what a whole number paid buys: floor(10/3)=3 paid, 9 delivered.
    [10n, 10n, 1n, 3n, { buying: 3n, selling: 9n }],
    // An overflow is no answer.
    [MAX, MAX, 2_147_483_647n, 1n, undefined],
  ])('%s offered, %s wanted at %s/%s → %o', (offered, wanted, n, d, want) => {
    expect(crossOffer(offered, wanted, n, d)).toEqual(want);
  });

  it('rounds down and up as core does, undefined past int64 or for a zero denominator', () => {
    expect(mulFractionRoundDown(10n, 1n, 3n)).toBe(3n);
    expect(mulFractionRoundUp(10n, 1n, 3n)).toBe(4n);
    expect(mulFractionRoundUp(9n, 1n, 3n)).toBe(3n);
    expect(mulFractionRoundDown(MAX, 2n, 1n)).toBeUndefined();
    expect(mulFractionRoundDown(1n, 1n, 0n)).toBeUndefined();
  });
});
