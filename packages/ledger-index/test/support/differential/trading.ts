/**
 * The order book: sell, buy and passive offers that rest and cross, then are updated, deleted or
 * crossed again, and path payments over the book; failing ones without a trust line, updating a
 * missing offer, crossing the trader's own offer, too few offers, over the send maximum and under
 * the destination minimum.
 */
import { Asset, type Keypair, Operation } from '@stellar/stellar-sdk';
import { after, type Context, eachTrader, type Phase, xlm } from './context.js';

/** Resting and crossing offers: USD for lumens and back near a price of 1, EUR for USD. */
const offers: Phase = {
  name: 'offers',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      const step = (i % 6) / 100;
      if (i % 12 === 9)
        return {
          fails: true,
          ops: [Operation.manageSellOffer({ selling: ctx.nope, buying: xlm, amount: '10', price: '1' })],
        };
      if (i % 12 === 6)
        return {
          fails: true,
          ops: [
            Operation.manageSellOffer({
              selling: ctx.usd,
              buying: xlm,
              amount: '10',
              price: '1',
              offerId: '999999999',
            }),
          ],
        };
      switch (i % 4) {
        case 0:
          return {
            ops: [
              Operation.manageSellOffer({
                selling: ctx.usd,
                buying: xlm,
                amount: `${50 + i}`,
                price: (1.01 + step).toFixed(2),
              }),
            ],
          };
        case 1:
          return {
            ops: [
              Operation.manageSellOffer({
                selling: xlm,
                buying: ctx.usd,
                amount: `${40 + i}`,
                price: (0.97 + step).toFixed(2),
              }),
              Operation.manageBuyOffer({
                selling: xlm,
                buying: ctx.usd,
                buyAmount: '5',
                price: '0.5',
              }),
            ],
          };
        case 2:
          return {
            ops: [
              Operation.manageBuyOffer({
                selling: ctx.usd,
                buying: ctx.eur,
                buyAmount: `${20 + i}`,
                price: { n: 9, d: 10 + (i % 5) },
              }),
            ],
          };
        default:
          return {
            ops: [
              Operation.createPassiveSellOffer({
                selling: ctx.eur,
                buying: ctx.usd,
                amount: `${30 + i}`,
                price: { n: 10 + (i % 3), d: 11 },
              }),
            ],
          };
      }
    }),
};

/** The first offer each trader has left, as the index's entries hold it. */
async function firstOffer(ctx: Context, kp: Keypair) {
  const entries = await ctx.t.store.entriesOf(kp.publicKey(), 'offer');
  const offer = entries[0]?.data;
  return offer?.type === 'offer' ? offer.offer : undefined;
}

/** Offers updated (amount and price), deleted, or met by a new offer that crosses the book. */
const offerChanges: Phase = {
  name: 'offer changes',
  txs: async (ctx) => {
    const firsts = await Promise.all(ctx.traders.map((kp) => firstOffer(ctx, kp)));
    return eachTrader(ctx, (i) => {
      const offer = firsts[i];
      if (offer && i % 3 !== 2) {
        // The crossing offers of the same ledger may take it first: `NotFound` then.
        return {
          fails: 'maybe',
          ops: [
            Operation.manageSellOffer({
              selling: Asset.fromOperation(offer.selling),
              buying: Asset.fromOperation(offer.buying),
              amount: i % 3 === 0 ? '0' : '12.3456789',
              price: { n: offer.price.n, d: offer.price.d + 1 },
              offerId: offer.offerId.toString(),
            }),
          ],
        };
      }
      // Sells lumens for USD low enough to take the best USD offers (the trader's own among them: `CrossSelf`).
      return {
        fails: 'maybe',
        ops: [Operation.manageSellOffer({ selling: xlm, buying: ctx.usd, amount: '75', price: '0.9' })],
      };
    });
  },
};

/**
 * EUR for lumens, a pair no one else trades: an offer crossing the trader's own (`CrossSelf`),
 * and a path payment crossing it (`OfferCrossSelf`; the other trader's cheaper offer is rolled
 * back with its failed transaction, whichever applies first).
 */
const crossSelf: Phase = {
  name: 'crossing own offers',
  txs: (ctx) =>
    [0, 6].map((i) => ({
      source: ctx.traders[i] as Keypair,
      fails: true,
      ops: [
        Operation.manageSellOffer({ selling: ctx.eur, buying: xlm, amount: '1', price: i ? '2.5' : '2' }),
        i
          ? Operation.pathPaymentStrictReceive({
              sendAsset: xlm,
              sendMax: '10',
              destination: after(ctx, i).publicKey(),
              destAsset: ctx.eur,
              destAmount: '0.5',
              path: [],
            })
          : Operation.manageSellOffer({ selling: xlm, buying: ctx.eur, amount: '3', price: '0.4' }),
      ],
    })),
};

/** Path payments over the book: EUR bought with lumens through USD, USD sold for EUR. */
const paths: Phase = {
  name: 'path payments',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      const destination = after(ctx, i).publicKey();
      switch (i % 8) {
        case 6:
          return {
            fails: true,
            ops: [
              Operation.pathPaymentStrictReceive({
                sendAsset: xlm,
                sendMax: '0.0000001',
                destination,
                destAsset: ctx.usd,
                destAmount: '10',
                path: [],
              }),
            ],
          };
        case 4:
          return {
            fails: true,
            ops: [
              Operation.pathPaymentStrictSend({
                sendAsset: xlm,
                sendAmount: '1',
                destination,
                destAsset: ctx.eur,
                destMin: '0.1',
                path: [ctx.nope],
              }),
            ],
          };
        case 2:
          return {
            fails: true,
            ops: [
              Operation.pathPaymentStrictSend({
                sendAsset: xlm,
                sendAmount: '1',
                destination,
                destAsset: ctx.usd,
                destMin: '1000',
                path: [],
              }),
            ],
          };
        case 0:
          return {
            fails: true,
            ops: [
              Operation.pathPaymentStrictSend({
                sendAsset: ctx.usd,
                sendAmount: '1',
                destination: (ctx.spare[2] as Keypair).publicKey(),
                destAsset: ctx.eur,
                destMin: '0.0000001',
                path: [],
              }),
            ],
          };
        case 1:
        case 5:
          return {
            fails: 'maybe',
            ops: [
              Operation.pathPaymentStrictReceive({
                sendAsset: xlm,
                sendMax: '50',
                destination,
                destAsset: ctx.eur,
                destAmount: '3',
                path: [ctx.usd],
              }),
            ],
          };
        default:
          return {
            fails: 'maybe',
            ops: [
              Operation.pathPaymentStrictSend({
                sendAsset: ctx.usd,
                sendAmount: '2',
                destination,
                destAsset: ctx.eur,
                destMin: '0.5',
                path: [],
              }),
            ],
          };
      }
    }),
};

export const tradingPhases: Phase[] = [offers, paths, offerChanges, crossSelf];
