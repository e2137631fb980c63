// path_payment_strict_receive and path_payment_strict_send over the order book: what they
// claim, what arrives, and their result codes.
import { Asset, Keypair, Operation, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { Harness, type Outcome } from '../harness.js';

const [maker, alice, bob, issuer] = [Keypair.random(), Keypair.random(), Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
const eur = new Asset('EUR', issuer.publicKey());
const xlm = Asset.native();
let h: Harness;
const stroops = (amount: string) => BigInt(Math.round(Number(amount) * 1e7));

beforeEach(() => {
  h = Harness.funded('1000', maker, alice, bob, issuer);
  for (const kp of [maker, bob])
    h.outcome(h.tx(kp, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: eur })]));
  h.outcome(
    h.tx(issuer, [
      Operation.payment({ destination: maker.publicKey(), asset: usd, amount: '100' }),
      Operation.payment({ destination: maker.publicKey(), asset: eur, amount: '100' }),
    ]),
  );
  // The maker sells USD for XLM at 2 XLM each, and EUR for USD one for one.
  h.outcome(
    h.tx(maker, [
      Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '50', price: '2' }),
      Operation.manageSellOffer({ selling: eur, buying: usd, amount: '50', price: '1' }),
    ]),
  );
});

function successOf(outcome: Outcome): { offers: xdr.ClaimAtom[]; last: xdr.SimplePaymentResult } {
  const op = outcome.result.result.type === 'txSuccess' ? outcome.result.result.results[0] : undefined;
  if (op?.type !== 'opInner') throw new Error(`${outcome.code} ${outcome.ops}`);
  const inner = op.tr.value as xdr.PathPaymentStrictReceiveResult | xdr.PathPaymentStrictSendResult;
  if (inner.type !== 'pathPaymentStrictReceiveSuccess' && inner.type !== 'pathPaymentStrictSendSuccess')
    throw new Error(inner.type);
  return inner.success;
}

describe('path_payment_strict_receive', () => {
  const receive = (destAmount: string, sendMax: string, path: Asset[] = [], destAsset = usd) =>
    h.outcome(
      h.tx(alice, [
        Operation.pathPaymentStrictReceive({
          sendAsset: xlm,
          sendMax,
          destination: bob.publicKey(),
          destAsset,
          destAmount,
          path,
        }),
      ]),
    );

  it('buys exactly the destination amount through the book', () => {
    const before = h.balance(alice);
    const success = successOf(receive('5', '10'));
    expect(success.last.amount).toBe(stroops('5'));
    expect(h.trustLine(bob, usd)?.balance).toBe(stroops('5'));
    expect(before - h.balance(alice)).toBe(stroops('10') + 100n);
    expect(success.offers).toHaveLength(1);
  });

  it('through a path of two hops, claiming in path order', () => {
    const success = successOf(receive('3', '10', [usd], eur));
    expect(h.trustLine(bob, eur)?.balance).toBe(stroops('3'));
    expect(
      success.offers.map((a) => (a.type === 'claimAtomTypeOrderBook' ? a.orderBook.offerId : 0n)),
    ).toEqual([1n, 2n]);
  });

  const failures = [
    {
      name: 'costing more than sendMax',
      run: () => receive('5', '9'),
      op: 'pathPaymentStrictReceiveOverSendmax',
    },
    {
      name: 'more than the book holds',
      run: () => receive('60', '1000'),
      op: 'pathPaymentStrictReceiveTooFewOffers',
    },
    {
      name: 'to a destination without a line',
      run: () => receive('1', '10', [], new Asset('GBP', issuer.publicKey())),
      op: 'pathPaymentStrictReceiveNoTrust',
    },
  ];
  it.each(failures)('$name: $op', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual(['ledger', [c.op]]);
  });
});

describe('path_payment_strict_send', () => {
  const send = (sendAmount: string, destMin: string, path: Asset[] = [], destAsset = usd) =>
    h.outcome(
      h.tx(alice, [
        Operation.pathPaymentStrictSend({
          sendAsset: xlm,
          sendAmount,
          destination: bob.publicKey(),
          destAsset,
          destMin,
          path,
        }),
      ]),
    );

  it('sends exactly the source amount and delivers what it buys', () => {
    const success = successOf(send('10', '4'));
    expect(success.last.amount).toBe(stroops('5'));
    expect(h.trustLine(bob, usd)?.balance).toBe(stroops('5'));
  });

  it('delivering less than destMin: pathPaymentStrictSendUnderDestmin', () => {
    expect(send('10', '6').ops).toEqual(['pathPaymentStrictSendUnderDestmin']);
  });

  it('the source crossing its own offer: pathPaymentStrictSendOfferCrossSelf', () => {
    const outcome = h.outcome(
      h.tx(maker, [
        Operation.pathPaymentStrictSend({
          sendAsset: xlm,
          sendAmount: '2',
          destination: bob.publicKey(),
          destAsset: usd,
          destMin: '1',
          path: [],
        }),
      ]),
    );
    expect(outcome.ops).toEqual(['pathPaymentStrictSendOfferCrossSelf']);
  });

  it('a zero destMin is malformed when submitted', () => {
    const body = xdr.OperationBody.pathPaymentStrictSend(
      new xdr.PathPaymentStrictSendOp({
        sendAsset: xlm.toXdrObject(),
        sendAmount: 10n,
        destination: bob.xdrMuxedAccount(),
        destAsset: usd.toXdrObject(),
        destMin: 0n,
        path: [],
      }),
    );
    const outcome = h.outcome(h.raw(alice, [new xdr.Operation({ sourceAccount: null, body })]));
    expect([outcome.where, outcome.ops]).toEqual(['rejected', ['pathPaymentStrictSendMalformed']]);
  });
});
