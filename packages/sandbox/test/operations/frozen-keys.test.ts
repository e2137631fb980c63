// CAP-77 frozen ledger keys (protocol 26), as stellar-core enforces them: a transaction whose
// source, operations or operation sources touch a frozen key is refused with
// txFROZEN_KEY_ACCESSED (TransactionFrame::accessesFrozenKey, each doesAccessFrozenKey), unless
// its contents hash is a freeze-bypass one; a frozen fee-bump source refuses the fee bump; the
// claim and pool operations fail with their TRUSTLINE_FROZEN codes when applied; and crossing
// meets a frozen seller's offer only to delete it (convertWithOffers eSkipFrozen).
import { Claimant, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { UpgradeError } from '../../src/ledger.js';
import { Asset, Harness, hashOf, Keypair, Operation } from '../harness.js';
import { freezeKeys } from '../support/frozen.js';
import { depositOp, poolOf, withdraw } from './pools.js';

const [alice, bob, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const xlm = Asset.native();
const usd = new Asset('USD', issuer.publicKey());
let h: Harness;

const accountKey = (kp: Keypair) =>
  xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: kp.xdrAccountId() }));
const usdLineKey = (kp: Keypair) =>
  xdr.LedgerKey.trustline(
    new xdr.LedgerKeyTrustLine({ accountId: kp.xdrAccountId(), asset: usd.toTrustLineXdrObject() }),
  );

const pay = (from: Keypair, to: Keypair, asset = xlm, amount = '1') =>
  h.tx(from, [Operation.payment({ destination: to.publicKey(), asset, amount })]);

function setUp(protocol?: number): void {
  h = new Harness({ protocol });
  h.fund('1000', alice, bob, issuer);
  h.outcome(h.tx(alice, [Operation.changeTrust({ asset: usd })]));
  h.outcome(h.tx(bob, [Operation.changeTrust({ asset: usd })]));
  h.outcome(h.tx(issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '500' })]));
}

describe('frozen ledger keys at protocol 26 and later', () => {
  beforeEach(() => setUp());

  it('refuses a payment to a frozen account with txFROZEN_KEY_ACCESSED; unfrozen it succeeds', () => {
    freezeKeys(h, { freeze: [accountKey(bob)] });
    const refused = h.outcome(pay(alice, bob));
    expect([refused.where, refused.code]).toEqual(['rejected', 'txFrozenKeyAccessed']);
    expect(h.outcome(pay(alice, bob)).code).toBe('txFrozenKeyAccessed');

    freezeKeys(h, { unfreeze: [accountKey(bob)] });
    expect(h.outcome(pay(alice, bob)).code).toBe('txSuccess');
  });

  it('checks the source, the operation sources and the trust lines an operation names', () => {
    freezeKeys(h, { freeze: [accountKey(alice), usdLineKey(bob)] });
    expect(h.outcome(pay(alice, issuer)).code).toBe('txFrozenKeyAccessed');
    // An operation whose source is frozen, in a transaction from another account.
    const opSource = h.tx(
      bob,
      [
        Operation.bumpSequence({ bumpTo: '0', source: alice.publicKey() }),
        Operation.bumpSequence({ bumpTo: '0' }),
      ],
      { signers: [bob, alice] },
    );
    expect(h.outcome(opSource).code).toBe('txFrozenKeyAccessed');
    // A credit payment touches both trust lines: bob's is frozen.
    expect(h.outcome(pay(issuer, bob, usd)).code).toBe('txFrozenKeyAccessed');
    // A lumen payment to bob touches his account, not his line.
    expect(h.outcome(pay(issuer, bob)).code).toBe('txSuccess');
  });

  it('lets a frozen key be touched by a transaction whose hash is a bypass one', () => {
    const bypassed = pay(alice, bob);
    freezeKeys(h, { freeze: [accountKey(bob)], bypass: [hashOf(bypassed)] });
    expect(h.outcome(pay(alice, bob, xlm, '2')).code).toBe('txFrozenKeyAccessed');
    expect(h.outcome(bypassed).code).toBe('txSuccess');
  });

  it('refuses a fee bump whose fee source is frozen', () => {
    freezeKeys(h, { freeze: [accountKey(bob)] });
    const bumped = h.feeBump(bob, pay(alice, issuer), 200);
    const outcome = h.outcome(bumped);
    expect([outcome.where, outcome.code]).toEqual(['rejected', 'txFrozenKeyAccessed']);
  });

  it('fails a claim of a balance into a frozen trust line when applied (CLAIM_CLAIMABLE_BALANCE_TRUSTLINE_FROZEN)', () => {
    const create = h.tx(issuer, [
      Operation.createClaimableBalance({
        asset: usd,
        amount: '5',
        claimants: [new Claimant(bob.publicKey())],
      }),
    ]);
    expect(h.outcome(create).code).toBe('txSuccess');
    freezeKeys(h, { freeze: [usdLineKey(bob)] });
    const claim = h.outcome(
      h.tx(bob, [Operation.claimClaimableBalance({ balanceId: create.getClaimableBalanceId(0) })]),
    );
    expect([claim.where, claim.ops]).toEqual(['ledger', ['claimClaimableBalanceTrustlineFrozen']]);
  });

  it('fails pool deposits and withdrawals with a frozen trust line when applied (*_TRUSTLINE_FROZEN)', () => {
    const pool = poolOf(xlm, usd);
    expect(h.outcome(h.tx(alice, [Operation.changeTrust({ asset: pool.share })])).code).toBe('txSuccess');
    expect(h.outcome(h.tx(alice, [depositOp(pool, '10', '10')])).code).toBe('txSuccess');
    freezeKeys(h, { freeze: [usdLineKey(alice)] });
    const deposit = h.outcome(h.tx(alice, [depositOp(pool, '10', '10')]));
    expect([deposit.where, deposit.ops]).toEqual(['ledger', ['liquidityPoolDepositTrustlineFrozen']]);
    const out = withdraw(h, alice, pool, '1');
    expect([out.where, out.ops]).toEqual(['ledger', ['liquidityPoolWithdrawTrustlineFrozen']]);
  });

  it("deletes a frozen seller's offer met while crossing, releasing its reserve, and goes on", () => {
    // Alice sells 10 USD for lumens; her USD line is then frozen.
    const offer = h.outcome(
      h.tx(alice, [Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '10', price: '1' })]),
    );
    expect(offer.code).toBe('txSuccess');
    const subEntriesBefore = h.account(alice)?.numSubEntries;
    freezeKeys(h, { freeze: [usdLineKey(alice)] });
    // Bob buys USD: alice's offer is deleted, not crossed, and bob's offer rests in the book.
    const taker = h.outcome(
      h.tx(bob, [Operation.manageBuyOffer({ selling: xlm, buying: usd, buyAmount: '5', price: '1' })]),
    );
    expect(taker.code).toBe('txSuccess');
    const op = taker.result.result.type === 'txSuccess' ? taker.result.result.results[0] : undefined;
    const inner = op?.type === 'opInner' ? (op.tr.value as xdr.ManageBuyOfferResult) : undefined;
    if (inner?.type !== 'manageBuyOfferSuccess') throw new Error(`${taker.code} ${taker.ops}`);
    expect(inner.success.offersClaimed).toEqual([]);
    expect(inner.success.offer.type).toBe('manageOfferCreated');
    expect(h.account(alice)?.numSubEntries).toBe((subEntriesBefore as number) - 1);
    expect(h.trustLine(alice, usd)?.sellingLiabilities).toBe(0n);
    expect(h.trustLine(bob, usd)?.balance).toBe(0n);
  });

  it('refuses a delta freezing a key core does not allow (pool share line, issuer line, offer)', () => {
    const poolLine = xdr.LedgerKey.trustline(
      new xdr.LedgerKeyTrustLine({
        accountId: alice.xdrAccountId(),
        asset: xdr.TrustLineAsset.assetTypePoolShare(new xdr.PoolId(Buffer.from(poolOf(xlm, usd).id, 'hex'))),
      }),
    );
    const issuerLine = xdr.LedgerKey.trustline(
      new xdr.LedgerKeyTrustLine({ accountId: issuer.xdrAccountId(), asset: usd.toTrustLineXdrObject() }),
    );
    const offer = xdr.LedgerKey.offer(
      new xdr.LedgerKeyOffer({ sellerId: alice.xdrAccountId(), offerId: 1n }),
    );
    for (const key of [poolLine, issuerLine, offer])
      expect(() => freezeKeys(h, { freeze: [key] })).toThrow(UpgradeError);
  });
});

describe('frozen ledger keys before protocol 26', () => {
  it('has no frozen keys to hold: the delta is refused and payments go through until the upgrade to 26', () => {
    setUp(25);
    expect(() => freezeKeys(h, { freeze: [accountKey(bob)] })).toThrow(UpgradeError);
    expect(h.outcome(pay(alice, bob)).code).toBe('txSuccess');
    h.ledger.upgrade([{ upgrade: xdr.LedgerUpgrade.ledgerUpgradeVersion(26) }]);
    h.close();
    freezeKeys(h, { freeze: [accountKey(bob)] });
    expect(h.outcome(pay(alice, bob)).code).toBe('txFrozenKeyAccessed');
  });
});
