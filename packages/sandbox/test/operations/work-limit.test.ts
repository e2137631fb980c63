// Protocol 27 (stellar-core convertWithOffersAndPools): when a liquidity pool wins over the order
// book, the offers the book's trial crossed count against the operation's limit of 1,000
// crossings. Before 27 the trial's crossings were free.
import { beforeAll, describe, expect, it } from 'vitest';
import { Asset, Harness, Keypair, Operation } from '../harness.js';
import { deposit, poolOf } from './pools.js';

const [alice, issuer, sellerA, sellerB] = [
  Keypair.random(),
  Keypair.random(),
  Keypair.random(),
  Keypair.random(),
];
const xlm = Asset.native();
const usd = new Asset('USD', issuer.publicKey());
const pool = poolOf(xlm, usd);
/** One more than the limit, so that the book's trial stops on it (crossedTooMany). */
const OFFERS = 1001;

/** A network at `protocol` with a pool of 100 XLM : 400 USD and 1,001 one-stroop offers at 1:1. */
function market(protocol: number): Harness {
  const h = new Harness({ protocol });
  h.fund('2000', alice, issuer, sellerA, sellerB);
  h.outcome(
    h.tx(alice, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: pool.share })]),
  );
  for (const seller of [sellerA, sellerB]) h.outcome(h.tx(seller, [Operation.changeTrust({ asset: usd })]));
  h.outcome(
    h.tx(
      issuer,
      [alice, sellerA, sellerB].map((kp) =>
        Operation.payment({ destination: kp.publicKey(), asset: usd, amount: '500' }),
      ),
    ),
  );
  expect(deposit(h, alice, pool, '100', '400').code).toBe('txSuccess');
  // One transaction per source in the queue: a ledger for each hundred offers.
  for (let made = 0; made < OFFERS; made += 100) {
    const seller = made < 500 ? sellerA : sellerB;
    const offer = Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '0.0000001', price: '1' });
    const ops = Array.from({ length: Math.min(100, OFFERS - made) }, () => offer);
    expect(h.outcome(h.tx(seller, ops)).code).toBe('txSuccess');
  }
  return h;
}

/** alice sends 2,000 stroops of XLM for USD: the book would take 2,000 offers, the pool pays more. */
function send(h: Harness) {
  return h.outcome(
    h.tx(alice, [
      Operation.pathPaymentStrictSend({
        sendAsset: xlm,
        sendAmount: '0.0002000',
        destination: alice.publicKey(),
        destAsset: usd,
        destMin: '0.0000001',
      }),
    ]),
  );
}

describe('the book crossings a pool trade discards', () => {
  let p26: Harness;
  let p27: Harness;
  beforeAll(() => {
    p26 = market(26);
    p27 = market(27);
  });

  it('are free before protocol 27: the pool trades', () => {
    expect(send(p26).code).toBe('txSuccess');
  });

  it('count from 27: past the limit the operation exceeds its work limit', () => {
    expect(send(p27).ops).toEqual(['opExceededWorkLimit']);
  });
});
