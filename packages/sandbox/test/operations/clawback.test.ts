// clawback and clawback_claimable_balance (CAP-35): an issuer with AUTH_CLAWBACK_ENABLED takes
// its asset back from trust lines and claimable balances, emitting `clawback`.
import { Account, Claimant, MuxedAccount, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { Asset, Harness, Keypair, Operation, opEvents, successOf } from '../harness.js';

const AUTH_REVOCABLE_AND_CLAWBACK = 0x2 | 0x8;

const [alice, bob, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
let h: Harness;

beforeEach(() => {
  h = Harness.funded('1000', alice, bob, issuer);
  h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: AUTH_REVOCABLE_AND_CLAWBACK })]));
  h.outcome(h.tx(alice, [Operation.changeTrust({ asset: usd })]));
  h.outcome(h.tx(issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '100' })]));
});

const clawback = (amount: string, from = alice.publicKey(), source = issuer) =>
  h.outcome(h.tx(source, [Operation.clawback({ asset: usd, amount, from })]));

/** A claimable balance of `amount` USD from alice to bob; its id. */
function aliceBalance(amount = '10'): string {
  const tx = h.tx(alice, [
    Operation.createClaimableBalance({ asset: usd, amount, claimants: [new Claimant(bob.publicKey())] }),
  ]);
  expect(h.outcome(tx).ops).toEqual(['createClaimableBalanceSuccess']);
  return tx.getClaimableBalanceId(0);
}

describe('clawback', () => {
  it('takes the amount out of the line and out of circulation: `clawback` from the holder', () => {
    const events = opEvents(successOf(clawback('30')));
    expect(h.trustLine(alice, usd)?.balance).toBe(700_000_000n);
    expect(events).toEqual([
      {
        contract: usd.contractId(h.passphrase),
        topics: ['clawback', alice.publicKey(), `USD:${issuer.publicKey()}`],
        data: 300_000_000n,
      },
    ]);
  });

  it('from a muxed holder: the topic names the account', () => {
    const muxed = new MuxedAccount(new Account(alice.publicKey(), '0'), '9');
    expect(opEvents(successOf(clawback('1', muxed.accountId())))[0]?.topics[1]).toBe(alice.publicKey());
  });

  it('works on a line whose authorization was revoked', () => {
    h.outcome(
      h.tx(issuer, [
        Operation.setTrustLineFlags({ trustor: alice.publicKey(), asset: usd, flags: { authorized: false } }),
      ]),
    );
    expect(clawback('100').ops).toEqual(['clawbackSuccess']);
    expect(h.trustLine(alice, usd)?.balance).toBe(0n);
  });

  const raw = (amount: bigint, asset: xdr.Asset = usd.toXDRObject()) => {
    const body = xdr.OperationBody.clawback(
      new xdr.ClawbackOp({ asset, from: alice.xdrMuxedAccount(), amount }),
    );
    return h.outcome(h.raw(issuer, [new xdr.Operation({ sourceAccount: null, body })]));
  };
  const failures = [
    { name: 'a zero amount', run: () => raw(0n), where: 'rejected', op: 'clawbackMalformed' },
    {
      name: 'lumens',
      run: () => raw(1n, Asset.native().toXDRObject()),
      where: 'rejected',
      op: 'clawbackMalformed',
    },
    {
      name: 'from the issuer itself',
      run: () => clawback('1', issuer.publicKey()),
      where: 'rejected',
      op: 'clawbackMalformed',
    },
    {
      name: 'by an account not the issuer',
      run: () => clawback('1', alice.publicKey(), bob),
      where: 'rejected',
      op: 'clawbackMalformed',
    },
    {
      // stellar-core compares the muxed account, so this passes the checks and finds no line.
      name: 'from the issuer behind a muxed id',
      run: () => clawback('1', new MuxedAccount(new Account(issuer.publicKey(), '0'), '1').accountId()),
      where: 'ledger',
      op: 'clawbackNoTrust',
    },
    {
      name: 'from an account without a line',
      run: () => clawback('1', bob.publicKey()),
      where: 'ledger',
      op: 'clawbackNoTrust',
    },
    {
      name: 'from a line made before clawback was enabled',
      run: () => {
        h.outcome(h.tx(issuer, [Operation.setOptions({ clearFlags: 0x8 })]));
        h.outcome(h.tx(bob, [Operation.changeTrust({ asset: usd })]));
        h.outcome(
          h.tx(issuer, [Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '5' })]),
        );
        return clawback('1', bob.publicKey());
      },
      where: 'ledger',
      op: 'clawbackNotClawbackEnabled',
    },
    {
      name: 'more than the line holds beyond its selling liabilities',
      run: () => {
        h.outcome(
          h.tx(alice, [
            Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '60', price: '1' }),
          ]),
        );
        return clawback('50');
      },
      where: 'ledger',
      op: 'clawbackUnderfunded',
    },
  ] as const;
  it.each(failures)('$name: $op', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual([c.where, [c.op]]);
  });
});

describe('clawback_claimable_balance', () => {
  const clawbackBalance = (balanceId: string, source = issuer) =>
    h.outcome(h.tx(source, [Operation.clawbackClaimableBalance({ balanceId })]));

  it('a balance from a clawback-enabled line is clawback-enabled; the issuer removes it', () => {
    const id = aliceBalance();
    expect([h.claimableBalance(id)?.hasFlagsExt, h.claimableBalance(id)?.flags]).toEqual([true, 1]);
    expect(h.account(alice)?.numSponsoring).toBe(1);
    const events = opEvents(successOf(clawbackBalance(id)));
    expect(h.claimableBalance(id)).toBeUndefined();
    expect(h.account(alice)?.numSponsoring).toBe(0);
    expect(events).toEqual([
      {
        contract: usd.contractId(h.passphrase),
        topics: ['clawback', expect.stringMatching(/^B/), `USD:${issuer.publicKey()}`],
        data: 100_000_000n,
      },
    ]);
  });

  it('the issuer creating a balance takes the flag from its account', () => {
    const tx = h.tx(issuer, [
      Operation.createClaimableBalance({
        asset: usd,
        amount: '1',
        claimants: [new Claimant(bob.publicKey())],
      }),
    ]);
    h.outcome(tx);
    expect(h.claimableBalance(tx.getClaimableBalanceId(0))?.flags).toBe(1);
  });

  const failures = [
    {
      name: 'a balance that does not exist',
      run: () => clawbackBalance(`00000000${'cd'.repeat(32)}`),
      op: 'clawbackClaimableBalanceDoesNotExist',
    },
    {
      name: 'by an account not the issuer',
      run: () => clawbackBalance(aliceBalance(), bob),
      op: 'clawbackClaimableBalanceNotIssuer',
    },
    {
      name: 'a balance of lumens',
      run: () => {
        const tx = h.tx(alice, [
          Operation.createClaimableBalance({
            asset: Asset.native(),
            amount: '1',
            claimants: [new Claimant(bob.publicKey())],
          }),
        ]);
        h.outcome(tx);
        return clawbackBalance(tx.getClaimableBalanceId(0));
      },
      op: 'clawbackClaimableBalanceNotIssuer',
    },
    {
      name: 'a balance from a line without clawback',
      run: () => {
        h.outcome(h.tx(issuer, [Operation.setOptions({ clearFlags: 0x8 })]));
        h.outcome(h.tx(bob, [Operation.changeTrust({ asset: usd })]));
        h.outcome(
          h.tx(issuer, [Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '5' })]),
        );
        const tx = h.tx(bob, [
          Operation.createClaimableBalance({
            asset: usd,
            amount: '1',
            claimants: [new Claimant(alice.publicKey())],
          }),
        ]);
        h.outcome(tx);
        expect(h.claimableBalance(tx.getClaimableBalanceId(0))?.hasFlagsExt).toBe(false);
        return clawbackBalance(tx.getClaimableBalanceId(0));
      },
      op: 'clawbackClaimableBalanceNotClawbackEnabled',
    },
  ];
  it.each(failures)('$name: $op', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual(['ledger', [c.op]]);
  });
});
