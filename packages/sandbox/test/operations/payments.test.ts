// create_account and payment: their result codes as stellar-core returns them, and where they
// show (rejected at submission by the operation's checks, or in the ledger when applied).
import { Asset, Keypair, Operation, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { Harness } from '../harness.js';

const [alice, bob, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
let h: Harness;

beforeEach(() => {
  h = Harness.funded('100', alice, bob, issuer);
});

const rawPayment = (destination: Keypair, asset: xdr.Asset, amount: bigint) =>
  new xdr.Operation({
    sourceAccount: null,
    body: xdr.OperationBody.payment(
      new xdr.PaymentOp({ destination: destination.xdrMuxedAccount(), asset, amount }),
    ),
  });

/** USD with a `$`: not an alphanumeric code. */
const badCode = () =>
  xdr.Asset.assetTypeCreditAlphanum4(
    new xdr.AlphaNum4({ assetCode: new TextEncoder().encode('U$D\0'), issuer: issuer.xdrAccountId() }),
  );

describe('create_account', () => {
  const cases = [
    {
      name: 'a new account',
      dest: () => Keypair.random().publicKey(),
      amount: '1',
      where: 'ledger',
      code: 'txSuccess',
      op: 'createAccountSuccess',
    },
    {
      name: 'to itself',
      dest: () => alice.publicKey(),
      amount: '1',
      where: 'rejected',
      code: 'txFailed',
      op: 'createAccountMalformed',
    },
    {
      name: 'below the 1 XLM minimum',
      dest: () => Keypair.random().publicKey(),
      amount: '0.9999999',
      where: 'ledger',
      code: 'txFailed',
      op: 'createAccountLowReserve',
    },
    {
      name: 'more than the source has',
      dest: () => Keypair.random().publicKey(),
      amount: '100',
      where: 'ledger',
      code: 'txFailed',
      op: 'createAccountUnderfunded',
    },
    {
      name: 'an existing account',
      dest: () => bob.publicKey(),
      amount: '1',
      where: 'ledger',
      code: 'txFailed',
      op: 'createAccountAlreadyExist',
    },
  ] as const;

  it.each(cases)('$name: $op', (c) => {
    const outcome = h.outcome(
      h.tx(alice, [Operation.createAccount({ destination: c.dest(), startingBalance: c.amount })]),
    );
    expect([outcome.where, outcome.code, outcome.ops]).toEqual([c.where, c.code, [c.op]]);
  });

  it('starts the new account at the ledger number × 2³² with master weight 1', () => {
    const carol = Keypair.random();
    h.outcome(
      h.tx(alice, [Operation.createAccount({ destination: carol.publicKey(), startingBalance: '2.5' })]),
    );
    const account = h.account(carol);
    expect(account?.balance).toBe(25_000_000n);
    expect(account?.seqNum).toBe(BigInt(h.ledger.latestSequence) << 32n);
    expect([...(account?.thresholds ?? [])]).toEqual([1, 0, 0, 0]);
  });
});

describe('payment', () => {
  function trust(...holders: Keypair[]) {
    for (const holder of holders)
      h.outcome(h.tx(holder, [Operation.changeTrust({ asset: usd, limit: '50' })]));
  }
  const issue = (to: Keypair, amount: string) =>
    h.outcome(h.tx(issuer, [Operation.payment({ destination: to.publicKey(), asset: usd, amount })]));
  const pay = (from: Keypair, to: Keypair, asset: Asset, amount: string) =>
    h.outcome(h.tx(from, [Operation.payment({ destination: to.publicKey(), asset, amount })]));

  it('moves lumens, the fee aside', () => {
    const before = [h.balance(alice), h.balance(bob)];
    expect(pay(alice, bob, Asset.native(), '12.5').ops).toEqual(['paymentSuccess']);
    expect([h.balance(alice), h.balance(bob)]).toEqual([
      (before[0] as bigint) - 125_000_000n - 100n,
      (before[1] as bigint) + 125_000_000n,
    ]);
  });

  const table: { name: string; run: () => ReturnType<Harness['outcome']>; where: string; op: string }[] = [
    {
      name: 'zero amount',
      run: () => h.outcome(h.raw(alice, [rawPayment(bob, xdr.Asset.assetTypeNative(), 0n)])),
      where: 'rejected',
      op: 'paymentMalformed',
    },
    {
      name: 'an invalid asset code',
      run: () => h.outcome(h.raw(alice, [rawPayment(bob, badCode(), 1n)])),
      where: 'rejected',
      op: 'paymentMalformed',
    },
    {
      name: 'to no account',
      run: () => pay(alice, Keypair.random(), Asset.native(), '1'),
      where: 'ledger',
      op: 'paymentNoDestination',
    },
    {
      name: 'lumens into the reserve',
      run: () => pay(alice, bob, Asset.native(), '99.5'),
      where: 'ledger',
      op: 'paymentUnderfunded',
    },
    {
      name: 'credit without a source line',
      run: () => {
        trust(bob);
        return pay(alice, bob, usd, '1');
      },
      where: 'ledger',
      op: 'paymentSrcNoTrust',
    },
    {
      name: 'credit without a destination line',
      run: () => issue(bob, '1'),
      where: 'ledger',
      op: 'paymentNoTrust',
    },
    {
      name: 'credit over the limit',
      run: () => {
        trust(bob);
        return issue(bob, '51');
      },
      where: 'ledger',
      op: 'paymentLineFull',
    },
    {
      name: 'credit beyond the balance',
      run: () => {
        trust(alice, bob);
        issue(alice, '5');
        return pay(alice, bob, usd, '6');
      },
      where: 'ledger',
      op: 'paymentUnderfunded',
    },
    {
      name: 'credit to a line the issuer has not authorized',
      run: () => {
        h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: 3 })]));
        trust(bob);
        return issue(bob, '1');
      },
      where: 'ledger',
      op: 'paymentNotAuthorized',
    },
    {
      name: 'credit from a deauthorized line',
      run: () => {
        h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: 2 })]));
        trust(alice, bob);
        issue(alice, '5');
        h.outcome(
          h.tx(issuer, [
            Operation.setTrustLineFlags({
              trustor: alice.publicKey(),
              asset: usd,
              flags: { authorized: false },
            }),
          ]),
        );
        return pay(alice, bob, usd, '1');
      },
      where: 'ledger',
      op: 'paymentSrcNotAuthorized',
    },
  ];

  it.each(table)('$name: $op', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual([c.where, [c.op]]);
  });

  it('the issuer pays from and back into no trust line of its own', () => {
    trust(alice);
    issue(alice, '10');
    expect(h.trustLine(alice, usd)?.balance).toBe(100_000_000n);
    expect(pay(alice, issuer, usd, '4').ops).toEqual(['paymentSuccess']);
    expect(h.trustLine(alice, usd)?.balance).toBe(60_000_000n);
    expect(h.trustLine(issuer, usd)).toBeUndefined();
  });
});
