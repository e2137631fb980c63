// Path payments through a funded liquidity pool: stellar-core's convertWithOffersAndPools takes
// the pool unless the order book gives a strictly better price, in one claim atom per hop with the
// CAP-38 constant product (a 0.3% fee) and its rounding. Offers never trade with pools.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  Asset,
  Harness,
  Keypair,
  Operation,
  type Outcome,
  opChanges,
  opEvents,
  type TxRecord,
  type xdr,
} from '../harness.js';
import { deposit, type Pool, poolOf } from './pools.js';

const [lp, maker, bob, carol, issuer] = [1, 2, 3, 4, 5].map(() => Keypair.random()) as [
  Keypair,
  Keypair,
  Keypair,
  Keypair,
  Keypair,
];
const xlm = Asset.native();
const usd = new Asset('USD', issuer.publicKey());
const eur = new Asset('EUR', issuer.publicKey());
const pool: Pool = poolOf(xlm, usd);
let h: Harness;

beforeEach(() => {
  h = Harness.funded('10000', lp, maker, bob, carol, issuer);
  for (const kp of [lp, maker, carol]) {
    h.outcome(h.tx(kp, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: eur })]));
  }
  h.outcome(
    h.tx(issuer, [
      Operation.payment({ destination: lp.publicKey(), asset: usd, amount: '2000' }),
      Operation.payment({ destination: maker.publicKey(), asset: usd, amount: '1000' }),
      Operation.payment({ destination: maker.publicKey(), asset: eur, amount: '1000' }),
    ]),
  );
  h.outcome(h.tx(lp, [Operation.changeTrust({ asset: pool.share })]));
  expect(deposit(h, lp, pool, '1000', '2000').ops).toEqual(['liquidityPoolDepositSuccess']);
});

const offer = (selling: Asset, buying: Asset, amount: string, price: string) =>
  expect(h.outcome(h.tx(maker, [Operation.manageSellOffer({ selling, buying, amount, price })])).code).toBe(
    'txSuccess',
  );

function success(outcome: Outcome): {
  offers: xdr.ClaimAtom[];
  last: xdr.SimplePaymentResult;
  record: TxRecord;
} {
  const op = outcome.result.result.type === 'txSuccess' ? outcome.result.result.results[0] : undefined;
  const inner =
    op?.type === 'opInner'
      ? (op.tr.value as xdr.PathPaymentStrictSendResult | xdr.PathPaymentStrictReceiveResult)
      : undefined;
  if (
    !outcome.record ||
    (inner?.type !== 'pathPaymentStrictSendSuccess' && inner?.type !== 'pathPaymentStrictReceiveSuccess')
  )
    throw new Error(`${outcome.code} ${outcome.ops}`);
  return { ...inner.success, record: outcome.record };
}

/** An atom as [kind, amount sold to the taker, amount bought from it]. */
const atomOf = (a: xdr.ClaimAtom) =>
  a.type === 'claimAtomTypeLiquidityPool'
    ? ['pool', a.liquidityPool.amountSold, a.liquidityPool.amountBought]
    : a.type === 'claimAtomTypeOrderBook'
      ? ['book', a.orderBook.amountSold, a.orderBook.amountBought]
      : ['v0'];

const sendXlm = (sendAmount: string, path: Asset[] = [], destAsset = usd) =>
  h.outcome(
    h.tx(bob, [
      Operation.pathPaymentStrictSend({
        sendAsset: xlm,
        sendAmount,
        destination: carol.publicKey(),
        destAsset,
        destMin: '0.0000001',
        path,
      }),
    ]),
  );
const receiveUsd = (destAmount: string) =>
  h.outcome(
    h.tx(bob, [
      Operation.pathPaymentStrictReceive({
        sendAsset: xlm,
        sendMax: '100',
        destination: carol.publicKey(),
        destAsset: usd,
        destAmount,
        path: [],
      }),
    ]),
  );

// The pool holds 1,000 XLM and 2,000 USD. Sending 10 XLM to it gives
// floor(9970 × 2000e7 × 10e7 / (10000 × 1000e7 + 9970 × 10e7)) = 197431606 stroops of USD;
// receiving 10 USD from it costs ceil(10000 × 1000e7 × 10e7 / ((2000e7 − 10e7) × 9970)) = 50402464.
const strictSend = [
  { name: 'no offers', book: null, want: ['pool', 197_431_606n, 100_000_000n] },
  { name: 'a book at 1 XLM per USD', book: ['100', '1'], want: ['pool', 197_431_606n, 100_000_000n] },
  { name: 'a book at 0.4 XLM per USD', book: ['100', '0.4'], want: ['book', 250_000_000n, 100_000_000n] },
  { name: 'a book too thin at 0.4', book: ['5', '0.4'], want: ['pool', 197_431_606n, 100_000_000n] },
] as const;

describe('path_payment_strict_send', () => {
  it.each(strictSend)('10 XLM → USD with $name: $want', (c) => {
    if (c.book) offer(usd, xlm, c.book[0], c.book[1]);
    const { offers, last } = success(sendXlm('10'));
    expect(offers.map(atomOf)).toEqual([c.want]);
    expect(last.amount).toBe(c.want[1]);
    expect(h.trustLine(carol, usd)?.balance).toBe(c.want[1]);
  });

  it('through the pool: its reserves move, the meta updates it, and the events pass through it', () => {
    const { offers, record } = success(sendXlm('10'));
    const atom = offers[0] as xdr.ClaimAtom;
    expect(
      atom.type === 'claimAtomTypeLiquidityPool' &&
        Buffer.from(atom.liquidityPool.liquidityPoolId.toBytes()).toString('hex'),
    ).toBe(pool.id);
    const p = h.pool(pool.id);
    expect([p?.reserveA, p?.reserveB]).toEqual([10_100_000_000n, 20_000_000_000n - 197_431_606n]);
    expect(opChanges(record)).toContain('updated:liquidityPool');
    expect(opEvents(record).map((e) => [e.topics[0], e.topics[1], e.topics[2], e.data])).toEqual([
      ['transfer', bob.publicKey(), expect.stringMatching(/^L/), 100_000_000n],
      ['transfer', expect.stringMatching(/^L/), bob.publicKey(), 197_431_606n],
      ['transfer', bob.publicKey(), carol.publicKey(), 197_431_606n],
    ]);
  });

  it('over two hops: the pool for XLM → USD, the book for USD → EUR', () => {
    offer(eur, usd, '100', '1');
    const { offers, last } = success(sendXlm('10', [usd], eur));
    expect(offers.map(atomOf)).toEqual([
      ['pool', 197_431_606n, 100_000_000n],
      ['book', 197_431_606n, 197_431_606n],
    ]);
    expect(last.amount).toBe(197_431_606n);
  });
});

describe('path_payment_strict_receive', () => {
  const cases = [
    { name: 'no offers', book: null, want: ['pool', 100_000_000n, 50_402_464n] },
    { name: 'a book at 0.4 XLM per USD', book: ['100', '0.4'], want: ['book', 100_000_000n, 40_000_000n] },
    { name: 'a book at 0.6 XLM per USD', book: ['100', '0.6'], want: ['pool', 100_000_000n, 50_402_464n] },
  ] as const;
  it.each(cases)('10 USD for XLM with $name: $want', (c) => {
    if (c.book) offer(usd, xlm, c.book[0], c.book[1]);
    const before = h.balance(bob);
    const { offers } = success(receiveUsd('10'));
    expect(offers.map(atomOf)).toEqual([c.want]);
    expect(before - h.balance(bob)).toBe(c.want[2] + 100n);
  });

  it('more than the pool holds fails with no offers either', () => {
    expect(receiveUsd('2000').ops).toEqual(['pathPaymentStrictReceiveTooFewOffers']);
  });
});

it('offers never trade with a pool: an offer the pool would fill rests on the book', () => {
  const outcome = h.outcome(
    h.tx(maker, [Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '10', price: '0.1' })]),
  );
  expect(outcome.ops).toEqual(['manageSellOfferSuccess']);
  const p = h.pool(pool.id);
  expect([p?.reserveA, p?.reserveB]).toEqual([10_000_000_000n, 20_000_000_000n]);
});
