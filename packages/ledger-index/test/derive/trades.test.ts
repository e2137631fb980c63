// Trades from crossing offers and path payments through the order book and a pool (stellar-horizon
// `TradeProcessor`): ids, parties, amounts and prices against what was sent, and base/counter
// turned as Horizon's asset ids decide.
import { validate } from '@starspec/ledger-api';
import { Operation, xdr } from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveBatch } from '../../src/derive/batch.js';
import { operationContexts } from '../../src/derive/operations/index.js';
import type { IndexBatch, TradeRow } from '../../src/derive/records.js';
import { operationTrades } from '../../src/derive/trades.js';
import { readClosedLedger } from '../../src/meta/closed-ledger.js';
import { operationsOf, type Sent, tradesOf, tradeWithLinks } from './harness.js';
import { runWorkload, type Workload, xlm } from './workload.js';

let w: Workload;
let batches: IndexBatch[];
const SYNTHETIC = 1n << 62n;

const trades = (name: string): TradeRow[] => tradesOf(batches, w.tx[name] as Sent);
const opId = (name: string, index = 0): bigint => {
  const row = operationsOf(batches, w.tx[name] as Sent)[index];
  if (!row) throw new Error(`no operation ${index} in ${name}`);
  return row.id;
};

/** The id of the offer a manage offer transaction left on the book, from its result. */
async function createdOfferId(name: string): Promise<string> {
  const tx = (await w.ledger.t.store.transaction((w.tx[name] as Sent).hash))?.body as { result_xdr: string };
  const result = xdr.TransactionResult.fromXDR(tx.result_xdr, 'base64').result;
  const first = result.type === 'txSuccess' ? result.results[0] : undefined;
  const tr = first?.type === 'opInner' ? first.tr : undefined;
  const managed =
    tr?.type === 'manageSellOffer'
      ? tr.manageSellOfferResult
      : tr?.type === 'manageBuyOffer'
        ? tr.manageBuyOfferResult
        : undefined;
  const offer = managed && 'success' in managed ? managed.success.offer : undefined;
  if (!offer || offer.type === 'manageOfferDeleted') throw new Error(`${name} left no offer`);
  return offer.offer.offerId.toString();
}

beforeAll(async () => {
  w = await runWorkload();
  const { ledger, bob, carol, alice, frank, usd, eur } = w;
  const send = async (name: string, ...args: Parameters<typeof ledger.send>) => {
    w.tx[name] = await ledger.send(...args);
  };
  await send('frankDeletesOffer', frank, [
    Operation.manageSellOffer({ selling: xlm, buying: usd, amount: '0', price: '1', offerId: w.frankOffer }),
  ]);
  // Dearer than bob's passive offer the other way (1 EUR per USD), so the two do not cross.
  await send('eurForUsd', alice, [
    Operation.manageSellOffer({ selling: eur, buying: usd, amount: '20', price: '1.1' }),
  ]);
  await ledger.close();
  await send('twoHops', carol, [
    Operation.pathPaymentStrictSend({
      sendAsset: xlm,
      sendAmount: '5',
      destination: bob.publicKey(),
      destAsset: eur,
      destMin: '0.0000001',
      path: [usd],
    }),
  ]);
  await send('receiveFromPool', alice, [
    Operation.pathPaymentStrictReceive({
      sendAsset: usd,
      sendMax: '100',
      destination: bob.publicKey(),
      destAsset: xlm,
      destAmount: '1',
      path: [],
    }),
  ]);
  await ledger.close();
  batches = ledger.batches();
});

describe('trades', () => {
  it('validate against the contract', () => {
    const all = batches.flatMap((b) => b.trades);
    expect(all.length).toBeGreaterThanOrEqual(7);
    for (const trade of all) expect(validate.schema('Trade', tradeWithLinks(trade)).errors).toEqual([]);
  });

  it('come from offers crossed and pools taken, as Horizon records them', async () => {
    const [A, B, C] = [w.alice.publicKey(), w.bob.publicKey(), w.carol.publicKey()];
    const bobOffer = await createdOfferId('restingOffer');
    const aliceOffer = await createdOfferId('crossingBuy');
    const eurOffer = await createdOfferId('eurForUsd');
    const eur = { asset_type: 'credit_alphanum4', asset_code: 'EUR', asset_issuer: w.issuer.publicKey() };
    const usd = { asset_type: 'credit_alphanum4', asset_code: 'USD', asset_issuer: w.issuer.publicKey() };
    // The pool: 10 XLM in at reserves 1000 XLM / 2000 USD, fee 30 bp (CAP-38).
    const usdOut =
      (20_000_000_000n * 100_000_000n * 9_970n) / (10_000_000_000n * 10_000n + 100_000_000n * 9_970n);
    const table: { name: string; want: Record<string, unknown>[] }[] = [
      {
        // A strict receive crossing bob's offer: bob (EUR, first numbered) is the base.
        name: 'pathReceive',
        want: [
          {
            id: `${opId('pathReceive')}-0`,
            paging_token: `${opId('pathReceive')}-0`,
            trade_type: 'orderbook',
            base_offer_id: bobOffer,
            base_account: B,
            base_amount: '10.0000000',
            ...prefixed('base', eur),
            counter_offer_id: (opId('pathReceive') | SYNTHETIC).toString(),
            counter_account: A,
            counter_amount: '20.0000000',
            counter_asset_type: 'native',
            base_is_seller: true,
            price: { n: '2', d: '1' },
          },
        ],
      },
      {
        // The pool sells USD, numbered after lumens: the trade is turned, the buyer is the base.
        name: 'pathSend',
        want: [
          {
            trade_type: 'liquidity_pool',
            liquidity_pool_fee_bp: 30,
            base_offer_id: (opId('pathSend') | SYNTHETIC).toString(),
            base_account: C,
            base_amount: '10.0000000',
            base_asset_type: 'native',
            counter_liquidity_pool_id: w.poolId,
            counter_amount: amountOf(usdOut),
            ...prefixed('counter', usd),
            base_is_seller: false,
            price: { n: usdOut.toString(), d: '100000000' },
          },
        ],
      },
      {
        name: 'crossingSell',
        want: [
          {
            base_offer_id: bobOffer,
            base_amount: '15.0000000',
            counter_offer_id: (opId('crossingSell') | SYNTHETIC).toString(),
            counter_account: C,
            counter_amount: '30.0000000',
          },
        ],
      },
      {
        // Partly filled: the rest of alice's offer stays on the book, and the trade names it.
        name: 'crossingBuy',
        want: [
          {
            base_offer_id: bobOffer,
            base_amount: '75.0000000',
            counter_offer_id: aliceOffer,
            counter_amount: '150.0000000',
          },
        ],
      },
      {
        name: 'twoHops',
        want: [
          {
            id: `${opId('twoHops')}-0`,
            trade_type: 'liquidity_pool',
            base_account: C,
            base_is_seller: false,
            counter_liquidity_pool_id: w.poolId,
          },
          {
            id: `${opId('twoHops')}-1`,
            trade_type: 'orderbook',
            base_offer_id: eurOffer,
            base_account: A,
            ...prefixed('base', eur),
            counter_account: C,
            counter_offer_id: (opId('twoHops') | SYNTHETIC).toString(),
            ...prefixed('counter', usd),
            base_is_seller: true,
            price: { n: '11', d: '10' },
          },
        ],
      },
      {
        // The pool sells lumens, numbered before USD: the pool is the base.
        name: 'receiveFromPool',
        want: [
          {
            trade_type: 'liquidity_pool',
            base_liquidity_pool_id: w.poolId,
            base_amount: '1.0000000',
            base_asset_type: 'native',
            counter_account: A,
            counter_offer_id: (opId('receiveFromPool') | SYNTHETIC).toString(),
            ...prefixed('counter', usd),
            base_is_seller: true,
          },
        ],
      },
    ];
    for (const { name, want } of table) {
      const got = trades(name).map((t) => t.body);
      expect({ name, got }).toMatchObject({ name, got: want });
      expect(got).toHaveLength(want.length);
    }
    const pool = trades('receiveFromPool')[0]?.body;
    expect(pool).not.toHaveProperty('base_offer_id');
    expect(pool).not.toHaveProperty('base_account');
    expect(trades('pathReceive')[0]?.body).not.toHaveProperty('liquidity_pool_fee_bp');
  });

  it('keep the columns the trades endpoints filter by', () => {
    const [book] = trades('pathReceive');
    expect(book).toMatchObject({
      operationId: opId('pathReceive'),
      order: 0,
      baseAsset: `EUR:${w.issuer.publicKey()}`,
      counterAsset: 'native',
      tradeType: 'orderbook',
      counterOfferId: (opId('pathReceive') | SYNTHETIC).toString(),
    });
    const [pool] = trades('pathSend');
    expect(pool).toMatchObject({
      baseAsset: 'native',
      counterAsset: w.usd.toString(),
      liquidityPool: w.poolId,
      tradeType: 'liquidity_pool',
    });
    expect(pool).not.toHaveProperty('counterOfferId');
  });

  it('turn base and counter by the order assets were first traded in', () => {
    // Derived alone, the pathSend ledger numbers USD and lumens together, in key order
    // (`credit_alphanum4/USD/…` before `native`): the pool's USD is then the base.
    const { closed, passphrase } = w.ledger.t.network;
    const record = closed.get(closed.transaction((w.tx.pathSend as Sent).hash)?.ledger ?? 0);
    if (!record) throw new Error('no ledger');
    const alone = deriveBatch(readClosedLedger(record.closed.meta, passphrase)).trades;
    expect(alone.map((t) => t.body)).toMatchObject([
      {
        base_liquidity_pool_id: w.poolId,
        base_asset_code: 'USD',
        counter_account: w.carol.publicKey(),
        base_is_seller: true,
      },
    ]);
  });

  it('skip claims of nothing (offers stellar-core removed unfunded) and keep the others’ order', () => {
    const { closed, passphrase } = w.ledger.t.network;
    const record = closed.get(closed.transaction((w.tx.crossingSell as Sent).hash)?.ledger ?? 0);
    if (!record) throw new Error('no ledger');
    const ledger = readClosedLedger(record.closed.meta, passphrase);
    const tx = ledger.transactions.find((t) => t.hash === (w.tx.crossingSell as Sent).hash);
    const [ctx] = tx ? operationContexts(ledger, tx) : [];
    if (
      ctx?.result?.type !== 'manageSellOffer' ||
      ctx.result.manageSellOfferResult.type !== 'manageSellOfferSuccess'
    )
      throw new Error('no manage offer result');
    const success = ctx.result.manageSellOfferResult.success;
    const [real] = success.offersClaimed;
    if (real?.type !== 'claimAtomTypeOrderBook') throw new Error('no order book claim');
    const nothing = xdr.ClaimAtom.claimAtomTypeOrderBook(
      new xdr.ClaimOfferAtom({ ...real.orderBook, offerId: 999n, amountSold: 0n, amountBought: 0n }),
    );
    const result = xdr.OperationResultTr.manageSellOffer(
      xdr.ManageSellOfferResult.manageSellOfferSuccess(
        new xdr.ManageOfferSuccessResult({ offersClaimed: [nothing, real], offer: success.offer }),
      ),
    );
    const found = operationTrades({ ...ctx, result });
    expect(found.map((t) => ({ order: t.order, offer: t.seller.offerId }))).toEqual([
      { order: 1, offer: real.orderBook.offerId },
    ]);
  });
});

function prefixed(prefix: string, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}_${k}`, v]));
}

function amountOf(stroops: bigint): string {
  return `${stroops / 10_000_000n}.${(stroops % 10_000_000n).toString().padStart(7, '0')}`;
}
