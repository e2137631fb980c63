// The order book: manage_sell_offer, manage_buy_offer and create_passive_sell_offer create,
// update, delete and cross offers as stellar-core does, with liabilities, reserves, claim atoms
// and the transfers CAP-67 derives from them.
import { Asset, Keypair, Operation, scValToNative, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { Harness, type Outcome } from '../harness.js';

const [maker, taker, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
const xlm = Asset.native();
let h: Harness;

beforeEach(() => {
  h = Harness.funded('1000', maker, taker, issuer);
  h.outcome(h.tx(maker, [Operation.changeTrust({ asset: usd })]));
  h.outcome(h.tx(taker, [Operation.changeTrust({ asset: usd })]));
  h.outcome(h.tx(issuer, [Operation.payment({ destination: maker.publicKey(), asset: usd, amount: '100' })]));
});

const sell = (who: Keypair, selling: Asset, buying: Asset, amount: string, price: string, offerId?: string) =>
  h.outcome(h.tx(who, [Operation.manageSellOffer({ selling, buying, amount, price, offerId })]));

/** The success result of an offer operation. */
function success(outcome: Outcome): xdr.ManageOfferSuccessResult {
  const op = outcome.result.result.type === 'txSuccess' ? outcome.result.result.results[0] : undefined;
  if (op?.type !== 'opInner') throw new Error(`not a success: ${outcome.code} ${outcome.ops}`);
  const inner = op.tr.value as xdr.ManageSellOfferResult | xdr.ManageBuyOfferResult;
  if (inner.type !== 'manageSellOfferSuccess' && inner.type !== 'manageBuyOfferSuccess')
    throw new Error(inner.type);
  return inner.success;
}

function offerOf(outcome: Outcome): xdr.OfferEntry {
  const offer = success(outcome).offer;
  if (offer.type === 'manageOfferDeleted') throw new Error('deleted');
  return offer.value;
}

const stroops = (xlm: string) => BigInt(Math.round(Number(xlm) * 1e7));

describe('an offer that crosses nothing', () => {
  it('rests on the book with an id from the header, a reserve and liabilities', () => {
    const outcome = sell(maker, usd, xlm, '10', '2');
    expect(success(outcome).offer.type).toBe('manageOfferCreated');
    const offer = offerOf(outcome);
    expect([offer.offerId, offer.amount, offer.price.n, offer.price.d]).toEqual([1n, stroops('10'), 2, 1]);
    expect(h.ledger.latestHeader().header.idPool).toBe(1n);
    expect(h.account(maker)?.numSubEntries).toBe(2);
    expect(h.trustLine(maker, usd)?.sellingLiabilities).toBe(stroops('10'));
    expect(h.account(maker)?.buyingLiabilities).toBe(stroops('20'));
  });

  it('is updated by its id, and deleted with amount 0, giving back reserve and liabilities', () => {
    const id = offerOf(sell(maker, usd, xlm, '10', '2')).offerId.toString();
    const updated = sell(maker, usd, xlm, '4', '3', id);
    expect(success(updated).offer.type).toBe('manageOfferUpdated');
    expect(h.trustLine(maker, usd)?.sellingLiabilities).toBe(stroops('4'));
    expect(h.account(maker)?.buyingLiabilities).toBe(stroops('12'));
    expect(success(sell(maker, usd, xlm, '0', '3', id)).offer.type).toBe('manageOfferDeleted');
    expect([
      h.account(maker)?.numSubEntries,
      h.account(maker)?.buyingLiabilities,
      h.trustLine(maker, usd)?.sellingLiabilities,
    ]).toEqual([1, 0n, 0n]);
  });
});

describe('crossing', () => {
  it('takes a whole resting offer: balances move, the claim atom says what moved, both offers end', () => {
    sell(maker, usd, xlm, '10', '2'); // 10 USD for 20 XLM
    const before = h.balance(taker);
    const outcome = sell(taker, xlm, usd, '20', '0.5');
    const result = success(outcome);
    expect(result.offer.type).toBe('manageOfferDeleted');
    const atom = result.offersClaimed[0];
    if (atom?.type !== 'claimAtomTypeOrderBook') throw new Error('expected an order book atom');
    expect([atom.orderBook.offerId, atom.orderBook.amountSold, atom.orderBook.amountBought]).toEqual([
      1n,
      stroops('10'),
      stroops('20'),
    ]);
    expect(h.trustLine(taker, usd)?.balance).toBe(stroops('10'));
    expect(before - h.balance(taker)).toBe(stroops('20') + 100n);
    expect(h.trustLine(maker, usd)?.balance).toBe(stroops('90'));
    expect(h.account(maker)?.numSubEntries).toBe(1);
    const events = outcome.record?.meta.operations[0]?.events.map(
      (e) => e.body.v0.topics.map((t) => scValToNative(t))[0],
    );
    expect(events).toEqual(['transfer', 'transfer']);
  });

  it('leaves the rest of a bigger resting offer on the book', () => {
    sell(maker, usd, xlm, '10', '2');
    const result = success(sell(taker, xlm, usd, '8', '0.5'));
    expect(result.offer.type).toBe('manageOfferDeleted');
    const entry = h.ledger.entry(
      xdr.LedgerKey.offer(new xdr.LedgerKeyOffer({ sellerId: maker.xdrAccountId(), offerId: 1n })),
    );
    expect(entry?.data.type === 'offer' && entry.data.offer.amount).toBe(stroops('6'));
    expect(h.trustLine(maker, usd)?.sellingLiabilities).toBe(stroops('6'));
  });

  it('a passive offer does not take an offer at the same price', () => {
    sell(maker, usd, xlm, '10', '2');
    const outcome = h.outcome(
      h.tx(taker, [
        Operation.createPassiveSellOffer({ selling: xlm, buying: usd, amount: '20', price: '0.5' }),
      ]),
    );
    expect(outcome.ops).toEqual(['manageSellOfferSuccess']); // a passive offer answers with manage_sell_offer's result
    expect(success(outcome).offersClaimed).toEqual([]);
    expect(success(outcome).offer.type).toBe('manageOfferCreated');
  });

  it('a buy offer names the amount to buy and its price', () => {
    sell(maker, usd, xlm, '10', '2');
    const outcome = h.outcome(
      h.tx(taker, [Operation.manageBuyOffer({ selling: xlm, buying: usd, buyAmount: '4', price: '2' })]),
    );
    expect(outcome.ops).toEqual(['manageBuyOfferSuccess']);
    expect(success(outcome).offer.type).toBe('manageOfferDeleted');
    expect(h.trustLine(taker, usd)?.balance).toBe(stroops('4'));
  });

  it("crossing one's own offer: manageSellOfferCrossSelf", () => {
    h.outcome(h.tx(issuer, [Operation.payment({ destination: taker.publicKey(), asset: usd, amount: '5' })]));
    sell(maker, usd, xlm, '10', '2');
    expect(sell(maker, xlm, usd, '20', '0.5').ops).toEqual(['manageSellOfferCrossSelf']);
  });
});

describe('offer failures', () => {
  const eur = () => new Asset('EUR', issuer.publicKey());
  const cases = [
    {
      name: 'selling and buying the same asset',
      run: () => sell(maker, usd, usd, '1', '1'),
      where: 'rejected',
      op: 'manageSellOfferMalformed',
    },
    {
      name: 'deleting offer 0',
      run: () => sell(maker, usd, xlm, '0', '1'),
      where: 'rejected',
      op: 'manageSellOfferMalformed',
    },
    {
      name: 'selling an asset without a line',
      run: () => sell(maker, eur(), xlm, '1', '1'),
      where: 'ledger',
      op: 'manageSellOfferSellNoTrust',
    },
    {
      name: 'buying an asset without a line',
      run: () => sell(maker, xlm, eur(), '1', '1'),
      where: 'ledger',
      op: 'manageSellOfferBuyNoTrust',
    },
    {
      name: 'selling more than held',
      run: () => sell(maker, usd, xlm, '101', '1'),
      where: 'ledger',
      op: 'manageSellOfferUnderfunded',
    },
    {
      name: 'an unknown offer id',
      run: () => sell(maker, usd, xlm, '1', '1', '99'),
      where: 'ledger',
      op: 'manageSellOfferNotFound',
    },
  ];
  it.each(cases)('$name: $op', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual([c.where, [c.op]]);
  });

  it("revoking a trust line's authorization removes the holder's offers in the asset", () => {
    h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: 2 })]));
    sell(maker, usd, xlm, '10', '2');
    h.outcome(
      h.tx(issuer, [
        Operation.setTrustLineFlags({ trustor: maker.publicKey(), asset: usd, flags: { authorized: false } }),
      ]),
    );
    expect(h.account(maker)?.numSubEntries).toBe(1);
    expect(h.trustLine(maker, usd)?.sellingLiabilities).toBe(0n);
    expect(h.account(maker)?.buyingLiabilities).toBe(0n);
  });
});
