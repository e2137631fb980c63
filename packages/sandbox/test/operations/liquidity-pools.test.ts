// liquidity_pool_deposit and liquidity_pool_withdraw (CAP-38): shares minted and redeemed with
// stellar-core's rounding, price bounds, events and result codes.
import { Memo, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { Asset, Harness, Keypair, Operation, opChanges, opEvents, successOf } from '../harness.js';
import { amount, deposit, depositOp, poolOf, withdraw } from './pools.js';

const [alice, bob, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const xlm = Asset.native();
const usd = new Asset('USD', issuer.publicKey());
const pool = poolOf(xlm, usd);
let h: Harness;

beforeEach(() => {
  h = Harness.funded('1000', alice, bob, issuer);
  for (const kp of [alice, bob]) {
    h.outcome(
      h.tx(kp, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: pool.share })]),
    );
  }
  h.outcome(h.tx(issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '500' })]));
});

const reserves = () => {
  const p = h.pool(pool.id);
  return [p?.reserveA, p?.reserveB, p?.totalPoolShares];
};

describe('liquidity_pool_deposit', () => {
  it('into an empty pool: both maximums, √(a·b) shares, a transfer of each asset to the pool', () => {
    const xlmBefore = h.balance(alice);
    const outcome = deposit(h, alice, pool, '100', '400');
    expect(reserves()).toEqual([1_000_000_000n, 4_000_000_000n, 2_000_000_000n]);
    expect(h.poolShares(alice, pool.id)?.balance).toBe(2_000_000_000n);
    expect(xlmBefore - h.balance(alice)).toBe(1_000_000_000n + 100n);
    expect(h.trustLine(alice, usd)?.balance).toBe(1_000_000_000n);
    expect(opEvents(successOf(outcome))).toEqual([
      {
        contract: xlm.contractId(h.passphrase),
        topics: ['transfer', alice.publicKey(), expect.stringMatching(/^L/), 'native'],
        data: 1_000_000_000n,
      },
      {
        contract: usd.contractId(h.passphrase),
        topics: ['transfer', alice.publicKey(), expect.stringMatching(/^L/), `USD:${issuer.publicKey()}`],
        data: 4_000_000_000n,
      },
    ]);
    expect(opChanges(successOf(outcome)).filter((c) => !c.startsWith('state'))).toEqual([
      'updated:account',
      'updated:trustline',
      'updated:trustline',
      'updated:liquidityPool',
    ]);
  });

  // Stroops throughout: the pool holds `seed` (A, B, shares) when `max` is deposited.
  const deposits = [
    { name: 'empty, a perfect square', seed: null, max: [100, 400], want: [100, 400, 200] },
    { name: 'empty, shares rounded down', seed: null, max: [3, 7], want: [3, 7, 4] },
    { name: 'at the pool price, B limiting', seed: [100, 400], max: [50, 4], want: [1, 4, 2] },
    { name: 'at the pool price, A limiting', seed: [100, 400], max: [10, 100], want: [10, 40, 20] },
    { name: 'amounts rounded up, shares down', seed: [3, 7], max: [1, 10], want: [1, 2, 1] },
    { name: 'both amounts rounded up', seed: [7, 3], max: [5, 5], want: [4, 2, 2] },
  ];
  it.each(deposits)('$name: deposits $max of $seed → $want', (c) => {
    if (c.seed) deposit(h, alice, pool, amount(c.seed[0] as number), amount(c.seed[1] as number));
    const before = reserves();
    const outcome = deposit(h, alice, pool, amount(c.max[0] as number), amount(c.max[1] as number));
    expect(outcome.ops).toEqual(['liquidityPoolDepositSuccess']);
    const after = reserves();
    expect(after.map((v, i) => (v as bigint) - (before[i] as bigint))).toEqual(c.want.map(BigInt));
  });

  const raw = (
    fields: Partial<{ maxAmountA: bigint; minPrice: [number, number]; maxPrice: [number, number] }>,
  ) => {
    const price = ([n, d]: [number, number]) => new xdr.Price({ n, d });
    const body = xdr.OperationBody.liquidityPoolDeposit(
      new xdr.LiquidityPoolDepositOp({
        liquidityPoolId: new xdr.PoolId(Buffer.from(pool.id, 'hex')),
        maxAmountA: fields.maxAmountA ?? 10n,
        maxAmountB: 10n,
        minPrice: price(fields.minPrice ?? [1, 2]),
        maxPrice: price(fields.maxPrice ?? [2, 1]),
      }),
    );
    return h.outcome(h.raw(alice, [new xdr.Operation({ sourceAccount: null, body })]));
  };
  const failures = [
    {
      name: 'a zero maximum',
      run: () => raw({ maxAmountA: 0n }),
      where: 'rejected',
      op: 'liquidityPoolDepositMalformed',
    },
    {
      name: 'a zero price',
      run: () => raw({ minPrice: [0, 1] }),
      where: 'rejected',
      op: 'liquidityPoolDepositMalformed',
    },
    {
      name: 'a minimum price above the maximum',
      run: () => raw({ minPrice: [3, 2], maxPrice: [4, 3] }),
      where: 'rejected',
      op: 'liquidityPoolDepositMalformed',
    },
    {
      name: 'without a pool-share line',
      run: () => deposit(h, issuer, pool, '1', '1'),
      where: 'ledger',
      op: 'liquidityPoolDepositNoTrust',
    },
    {
      name: 'more than the source holds',
      run: () => deposit(h, alice, pool, '1', '501'),
      where: 'ledger',
      op: 'liquidityPoolDepositUnderfunded',
    },
    {
      name: 'into an empty pool outside the price bounds',
      run: () => deposit(h, alice, pool, '1', '4', '0.3', '0.5'),
      where: 'ledger',
      op: 'liquidityPoolDepositBadPrice',
    },
    {
      name: 'into a funded pool whose price is outside the bounds',
      run: () => {
        deposit(h, alice, pool, '10', '40');
        return deposit(h, alice, pool, '10', '10', '0.5', '2');
      },
      where: 'ledger',
      op: 'liquidityPoolDepositBadPrice',
    },
    {
      name: 'more shares than the line allows',
      run: () => {
        h.outcome(h.tx(alice, [Operation.changeTrust({ asset: pool.share, limit: '1' })]));
        return deposit(h, alice, pool, '1', '4');
      },
      where: 'ledger',
      op: 'liquidityPoolDepositLineFull',
    },
    {
      name: 'with a line only authorized to maintain liabilities',
      run: () => {
        h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: 2 })]));
        h.outcome(
          h.tx(issuer, [
            Operation.setTrustLineFlags({
              trustor: alice.publicKey(),
              asset: usd,
              flags: { authorized: false, authorizedToMaintainLiabilities: true },
            }),
          ]),
        );
        return deposit(h, alice, pool, '1', '1');
      },
      where: 'ledger',
      op: 'liquidityPoolDepositNotAuthorized',
    },
  ] as const;
  it.each(failures)('$name: $op', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual([c.where, [c.op]]);
  });

  it('reserves that would pass int64: liquidityPoolDepositPoolFull', () => {
    // A pool of two assets of the issuer, who deposits without limit, then a holder near its line's limit.
    const eur = new Asset('EUR', issuer.publicKey());
    const big = poolOf(eur, usd);
    h.outcome(h.tx(issuer, [Operation.changeTrust({ asset: big.share })]));
    h.outcome(h.tx(alice, [Operation.changeTrust({ asset: eur })]));
    h.outcome(h.tx(alice, [Operation.changeTrust({ asset: big.share })]));
    h.outcome(
      h.tx(issuer, [
        Operation.payment({ destination: alice.publicKey(), asset: eur, amount: '430000000000' }),
        Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '430000000000' }),
      ]),
    );
    expect(deposit(h, issuer, big, '500000000000', '500000000000').ops).toEqual([
      'liquidityPoolDepositSuccess',
    ]);
    expect(deposit(h, alice, big, '430000000000', '430000000000').ops).toEqual([
      'liquidityPoolDepositPoolFull',
    ]);
  });
});

describe('liquidity_pool_withdraw', () => {
  it('all the shares: the whole reserves back, a transfer of each asset from the pool', () => {
    deposit(h, alice, pool, '100', '400');
    const usdBefore = h.trustLine(alice, usd)?.balance as bigint;
    const outcome = withdraw(h, alice, pool, '200', '100', '400');
    expect(reserves()).toEqual([0n, 0n, 0n]);
    expect(h.poolShares(alice, pool.id)?.balance).toBe(0n);
    expect((h.trustLine(alice, usd)?.balance as bigint) - usdBefore).toBe(4_000_000_000n);
    expect(opEvents(successOf(outcome)).map((e) => [e.topics[0], e.topics[2], e.data])).toEqual([
      ['transfer', alice.publicKey(), 1_000_000_000n],
      ['transfer', alice.publicKey(), 4_000_000_000n],
    ]);
  });

  it("with a memo, a withdrawal's transfers carry it as to_muxed_id, a deposit's do not", () => {
    const memo = Memo.id('7');
    const depositTx = h.tx(alice, [depositOp(pool, '1', '4')], { memo });
    expect(opEvents(successOf(h.outcome(depositTx))).map((e) => e.data)).toEqual([10_000_000n, 40_000_000n]);
    const withdrawOp = Operation.liquidityPoolWithdraw({
      liquidityPoolId: pool.id,
      amount: '1',
      minAmountA: '0',
      minAmountB: '0',
    });
    expect(opEvents(successOf(h.outcome(h.tx(alice, [withdrawOp], { memo })))).map((e) => e.data)).toEqual([
      { amount: 5_000_000n, to_muxed_id: 7n },
      { amount: 20_000_000n, to_muxed_id: 7n },
    ]);
  });

  // Stroops: the pool holds (3, 7) for 4 shares.
  const withdrawals = [
    { shares: 1, want: [0, 1] },
    { shares: 2, want: [1, 3] },
    { shares: 3, want: [2, 5] },
    { shares: 4, want: [3, 7] },
  ];
  it.each(withdrawals)('$shares of 4 shares of (3, 7) → $want, rounded down', (c) => {
    deposit(h, alice, pool, amount(3), amount(7));
    expect(withdraw(h, alice, pool, amount(c.shares)).ops).toEqual(['liquidityPoolWithdrawSuccess']);
    expect(reserves()).toEqual([
      3n - BigInt(c.want[0] as number),
      7n - BigInt(c.want[1] as number),
      4n - BigInt(c.shares),
    ]);
  });

  const raw = (shares: bigint, minAmountA: bigint) => {
    const body = xdr.OperationBody.liquidityPoolWithdraw(
      new xdr.LiquidityPoolWithdrawOp({
        liquidityPoolId: new xdr.PoolId(Buffer.from(pool.id, 'hex')),
        amount: shares,
        minAmountA,
        minAmountB: 0n,
      }),
    );
    return h.outcome(h.raw(alice, [new xdr.Operation({ sourceAccount: null, body })]));
  };
  const failures = [
    { name: 'zero shares', run: () => raw(0n, 0n), where: 'rejected', op: 'liquidityPoolWithdrawMalformed' },
    {
      name: 'a negative minimum',
      run: () => raw(1n, -1n),
      where: 'rejected',
      op: 'liquidityPoolWithdrawMalformed',
    },
    {
      name: 'without a pool-share line',
      run: () => withdraw(h, issuer, pool, '1'),
      where: 'ledger',
      op: 'liquidityPoolWithdrawNoTrust',
    },
    {
      name: 'more shares than held',
      run: () => withdraw(h, alice, pool, '21'),
      where: 'ledger',
      op: 'liquidityPoolWithdrawUnderfunded',
    },
    {
      name: 'less of A than the minimum',
      run: () => withdraw(h, alice, pool, '10', '5.0000001'),
      where: 'ledger',
      op: 'liquidityPoolWithdrawUnderMinimum',
    },
    {
      name: 'less of B than the minimum',
      run: () => withdraw(h, alice, pool, '10', '5', '20.0000001'),
      where: 'ledger',
      op: 'liquidityPoolWithdrawUnderMinimum',
    },
    {
      name: 'more of B than the line has room for',
      run: () => {
        h.outcome(h.tx(alice, [Operation.changeTrust({ asset: usd, limit: '461' })]));
        return withdraw(h, alice, pool, '10');
      },
      where: 'ledger',
      op: 'liquidityPoolWithdrawLineFull',
    },
  ] as const;
  it.each(failures)('$name: $op', (c) => {
    deposit(h, alice, pool, '10', '40');
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual([c.where, [c.op]]);
  });
});
