// create_claimable_balance and claim_claimable_balance (CAP-23): the balance id, the claimants'
// predicates at the ledger's close time, reserves and sponsorship, events and result codes.
import { Claimant, Memo, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountAddress } from '../../src/core/keys.js';
import { Asset, Harness, Keypair, Operation, opChanges, opEvents, successOf } from '../harness.js';

const [alice, bob, carol, issuer] = [Keypair.random(), Keypair.random(), Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
const xlm = Asset.native();
let h: Harness;
const addressOf = (id: xdr.PublicKey | null | undefined) => (id ? accountAddress(id) : undefined);

beforeEach(() => {
  h = Harness.funded('1000', alice, bob, carol, issuer);
  h.outcome(h.tx(alice, [Operation.changeTrust({ asset: usd })]));
  h.outcome(h.tx(issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '100' })]));
});

const create = (source: Keypair, claimants: Claimant[], amount = '10', asset = xlm) =>
  h.tx(source, [Operation.createClaimableBalance({ asset, amount, claimants })]);
const claim = (source: Keypair, balanceId: string) =>
  h.outcome(h.tx(source, [Operation.claimClaimableBalance({ balanceId })]));

/** Creates a balance (expecting success) and returns its id in the SDK's hex form. */
function created(source: Keypair, claimants: Claimant[], amount = '10', asset = xlm): string {
  const tx = create(source, claimants, amount, asset);
  const outcome = h.outcome(tx);
  const op = outcome.result.result.type === 'txSuccess' ? outcome.result.result.results[0] : undefined;
  const inner = op?.type === 'opInner' ? (op.tr.value as xdr.CreateClaimableBalanceResult) : undefined;
  if (inner?.type !== 'createClaimableBalanceSuccess') throw new Error(`${outcome.code} ${outcome.ops}`);
  expect(inner.balanceId.toXDR('hex')).toBe(tx.getClaimableBalanceId(0));
  return tx.getClaimableBalanceId(0);
}

describe('create_claimable_balance', () => {
  it('moves the amount into a balance the SDK can name, the creator paying a reserve per claimant', () => {
    const before = h.balance(alice);
    const tx = create(alice, [new Claimant(bob.publicKey()), new Claimant(carol.publicKey())]);
    const outcome = h.outcome(tx);
    const id = tx.getClaimableBalanceId(0);
    const balance = h.claimableBalance(id);
    expect(balance?.amount).toBe(100_000_000n);
    expect(balance?.claimants.map((c) => addressOf(c.v0.destination))).toEqual([
      bob.publicKey(),
      carol.publicKey(),
    ]);
    expect(addressOf(balance?.sponsor)).toBe(alice.publicKey());
    expect(balance?.hasFlagsExt).toBe(false);
    expect(before - h.balance(alice)).toBe(100_000_000n + 100n);
    expect(h.account(alice)?.numSponsoring).toBe(2);
    expect(opChanges(successOf(outcome))).toEqual([
      'state:account',
      'updated:account',
      'created:claimableBalance',
    ]);
  });

  it('a relative predicate becomes absolute from the close time of the creating ledger', () => {
    const id = created(alice, [new Claimant(bob.publicKey(), Claimant.predicateBeforeRelativeTime('60'))]);
    const predicate = h.claimableBalance(id)?.claimants[0]?.v0.predicate;
    expect(predicate?.type === 'claimPredicateBeforeAbsoluteTime' && predicate.absBefore).toBe(
      BigInt(h.clock + 60),
    );
  });

  it('an issuer creates a balance of its own asset without a line: a mint into the balance', () => {
    const tx = create(issuer, [new Claimant(bob.publicKey())], '5', usd);
    const events = opEvents(successOf(h.outcome(tx)));
    expect(events).toEqual([
      {
        contract: usd.contractId(h.passphrase),
        topics: ['mint', expect.stringMatching(/^B/), `USD:${issuer.publicKey()}`],
        data: 50_000_000n,
      },
    ]);
  });

  it('a sponsor in a sandwich pays the reserve, and gets it back when the balance is claimed', () => {
    const tx = h.tx(
      carol,
      [
        Operation.beginSponsoringFutureReserves({ sponsoredId: alice.publicKey() }),
        Operation.createClaimableBalance({
          asset: xlm,
          amount: '1',
          claimants: [new Claimant(bob.publicKey())],
          source: alice.publicKey(),
        }),
        Operation.endSponsoringFutureReserves({ source: alice.publicKey() }),
      ],
      { signers: [carol, alice] },
    );
    expect(h.outcome(tx).code).toBe('txSuccess');
    const id = tx.getClaimableBalanceId(1);
    expect(addressOf(h.claimableBalance(id)?.sponsor)).toBe(carol.publicKey());
    expect([h.account(carol)?.numSponsoring, h.account(alice)?.numSponsoring]).toEqual([1, 0]);
    expect(claim(bob, id).ops).toEqual(['claimClaimableBalanceSuccess']);
    expect(h.account(carol)?.numSponsoring).toBe(0);
  });

  const authRequired = () => {
    const strict = Keypair.random();
    h.fund('10', strict);
    h.outcome(h.tx(strict, [Operation.setOptions({ setFlags: 1 })]));
    const eur = new Asset('EUR', strict.publicKey());
    h.outcome(h.tx(alice, [Operation.changeTrust({ asset: eur })]));
    return eur;
  };
  const raw = (fields: Partial<{ amount: bigint; claimants: xdr.Claimant[] }>) => {
    const body = xdr.OperationBody.createClaimableBalance(
      new xdr.CreateClaimableBalanceOp({
        asset: xlm.toXDRObject(),
        amount: fields.amount ?? 10n,
        claimants: fields.claimants ?? [new Claimant(bob.publicKey()).toXDRObject()],
      }),
    );
    return h.outcome(h.raw(alice, [new xdr.Operation({ sourceAccount: null, body })]));
  };
  const toBob = (predicate: xdr.ClaimPredicate) => new Claimant(bob.publicKey(), predicate).toXDRObject();
  const poor = () => {
    const kp = Keypair.random();
    h.fund('2', kp); // 1 XLM above its reserve
    return kp;
  };
  const failures = [
    {
      name: 'a zero amount',
      run: () => raw({ amount: 0n }),
      where: 'rejected',
      op: 'createClaimableBalanceMalformed',
    },
    {
      name: 'no claimant',
      run: () => raw({ claimants: [] }),
      where: 'rejected',
      op: 'createClaimableBalanceMalformed',
    },
    {
      name: 'the same claimant twice',
      run: () =>
        raw({
          claimants: [toBob(Claimant.predicateUnconditional()), toBob(Claimant.predicateUnconditional())],
        }),
      where: 'rejected',
      op: 'createClaimableBalanceMalformed',
    },
    {
      name: 'a predicate nested five deep',
      run: () => {
        let p = Claimant.predicateUnconditional();
        for (let i = 0; i < 4; i++) p = Claimant.predicateNot(p);
        return raw({ claimants: [toBob(p)] });
      },
      where: 'rejected',
      op: 'createClaimableBalanceMalformed',
    },
    {
      name: 'a negative absolute time',
      run: () => raw({ claimants: [toBob(xdr.ClaimPredicate.claimPredicateBeforeAbsoluteTime(-1n))] }),
      where: 'rejected',
      op: 'createClaimableBalanceMalformed',
    },
    {
      name: 'more lumens than available',
      run: () => h.outcome(create(poor(), [new Claimant(bob.publicKey())], '1')),
      where: 'ledger',
      op: 'createClaimableBalanceUnderfunded',
    },
    {
      name: 'no reserve left for two claimants',
      run: () =>
        h.outcome(create(poor(), [new Claimant(bob.publicKey()), new Claimant(carol.publicKey())], '0.5')),
      where: 'ledger',
      op: 'createClaimableBalanceLowReserve',
    },
    {
      name: 'an asset without a line',
      run: () => h.outcome(create(bob, [new Claimant(carol.publicKey())], '1', usd)),
      where: 'ledger',
      op: 'createClaimableBalanceNoTrust',
    },
    {
      name: 'a line not authorized',
      run: () => h.outcome(create(alice, [new Claimant(bob.publicKey())], '1', authRequired())),
      where: 'ledger',
      op: 'createClaimableBalanceNotAuthorized',
    },
    {
      name: 'more of the asset than the line holds',
      run: () => h.outcome(create(alice, [new Claimant(bob.publicKey())], '101', usd)),
      where: 'ledger',
      op: 'createClaimableBalanceUnderfunded',
    },
  ] as const;
  it.each(failures)('$name: $op', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual([c.where, [c.op]]);
  });
});

describe('claim_claimable_balance', () => {
  it('the claimant takes the whole amount; the entry goes and its reserve returns to the sponsor', () => {
    const id = created(alice, [new Claimant(bob.publicKey())]);
    const before = h.balance(bob);
    const outcome = claim(bob, id);
    expect(before - 100n + 100_000_000n).toBe(h.balance(bob));
    expect(h.claimableBalance(id)).toBeUndefined();
    expect(h.account(alice)?.numSponsoring).toBe(0);
    const events = opEvents(successOf(outcome));
    expect(events).toEqual([
      {
        contract: xlm.contractId(h.passphrase),
        topics: ['transfer', expect.stringMatching(/^B/), bob.publicKey(), 'native'],
        data: 100_000_000n,
      },
    ]);
    expect(opChanges(successOf(outcome))).toEqual([
      'state:account',
      'updated:account',
      'state:account',
      'updated:account',
      'state:claimableBalance',
      'removed:claimableBalance',
    ]);
  });

  it('with memos: the claim carries its memo as to_muxed_id, the creation not (a balance is no account)', () => {
    const memo = Memo.text('hi');
    const tx = h.tx(
      alice,
      [
        Operation.createClaimableBalance({
          asset: xlm,
          amount: '1',
          claimants: [new Claimant(bob.publicKey())],
        }),
      ],
      { memo },
    );
    expect(opEvents(successOf(h.outcome(tx)))[0]?.data).toBe(10_000_000n);
    const claimTx = h.tx(bob, [Operation.claimClaimableBalance({ balanceId: tx.getClaimableBalanceId(0) })], {
      memo,
    });
    expect(opEvents(successOf(h.outcome(claimTx)))[0]?.data).toEqual({
      amount: 10_000_000n,
      to_muxed_id: 'hi',
    });
  });

  // The balance is created in a ledger closing at t; the claim's ledger closes at t + 5.
  const P = Claimant;
  const predicates: { name: string; predicate: (t: number) => xdr.ClaimPredicate; want: string }[] = [
    {
      name: 'unconditional',
      predicate: () => P.predicateUnconditional(),
      want: 'claimClaimableBalanceSuccess',
    },
    {
      name: 'before a time after the close',
      predicate: (t) => P.predicateBeforeAbsoluteTime(String(t + 6)),
      want: 'claimClaimableBalanceSuccess',
    },
    {
      name: 'before the close time itself',
      predicate: (t) => P.predicateBeforeAbsoluteTime(String(t + 5)),
      want: 'claimClaimableBalanceCannotClaim',
    },
    {
      name: 'within 6 s of creation',
      predicate: () => P.predicateBeforeRelativeTime('6'),
      want: 'claimClaimableBalanceSuccess',
    },
    {
      name: 'within 5 s of creation',
      predicate: () => P.predicateBeforeRelativeTime('5'),
      want: 'claimClaimableBalanceCannotClaim',
    },
    {
      name: 'not within 5 s',
      predicate: () => P.predicateNot(P.predicateBeforeRelativeTime('5')),
      want: 'claimClaimableBalanceSuccess',
    },
    {
      name: 'not unconditional',
      predicate: () => P.predicateNot(P.predicateUnconditional()),
      want: 'claimClaimableBalanceCannotClaim',
    },
    {
      name: 'and, one side false',
      predicate: (t) => P.predicateAnd(P.predicateUnconditional(), P.predicateBeforeAbsoluteTime(String(t))),
      want: 'claimClaimableBalanceCannotClaim',
    },
    {
      name: 'or, one side true',
      predicate: (t) => P.predicateOr(P.predicateBeforeAbsoluteTime(String(t)), P.predicateUnconditional()),
      want: 'claimClaimableBalanceSuccess',
    },
  ];
  it.each(predicates)('$name: $want', (c) => {
    const id = created(alice, [new Claimant(bob.publicKey(), c.predicate(h.clock + 5))]);
    expect(claim(bob, id).ops).toEqual([c.want]);
  });

  const failures = [
    {
      name: 'a balance that does not exist',
      run: () => claim(bob, `00000000${'ab'.repeat(32)}`),
      op: 'claimClaimableBalanceDoesNotExist',
    },
    {
      name: 'by an account that is not a claimant',
      run: () => claim(carol, created(alice, [new Claimant(bob.publicKey())])),
      op: 'claimClaimableBalanceCannotClaim',
    },
    {
      name: 'of an asset the claimant has no line to',
      run: () => claim(bob, created(alice, [new Claimant(bob.publicKey())], '1', usd)),
      op: 'claimClaimableBalanceNoTrust',
    },
    {
      name: 'of more than the line has room for',
      run: () => {
        h.outcome(h.tx(bob, [Operation.changeTrust({ asset: usd, limit: '1' })]));
        return claim(bob, created(alice, [new Claimant(bob.publicKey())], '2', usd));
      },
      op: 'claimClaimableBalanceLineFull',
    },
    {
      name: 'into a line not authorized',
      run: () => {
        h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: 3 })]));
        h.outcome(h.tx(bob, [Operation.changeTrust({ asset: usd })]));
        const id = created(alice, [new Claimant(bob.publicKey())], '1', usd);
        return claim(bob, id);
      },
      op: 'claimClaimableBalanceNotAuthorized',
    },
  ];
  it.each(failures)('$name: $op', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual(['ledger', [c.op]]);
  });

  it('the issuer claiming its own asset takes it out of circulation: a burn, no line needed', () => {
    const id = created(alice, [new Claimant(issuer.publicKey())], '3', usd);
    const events = opEvents(successOf(claim(issuer, id)));
    expect(events.map((e) => e.topics[0])).toEqual(['burn']);
    expect(h.trustLine(alice, usd)?.balance).toBe(970_000_000n);
  });
});
