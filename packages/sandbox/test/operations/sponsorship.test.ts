// begin / end sponsoring future reserves (CAP-33): entries created in between are paid for by
// the sponsor, and the accounts count what they sponsor and what is sponsored for them.
import { Asset, Claimant, Keypair, Operation, type xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { readEntryExt } from '../../src/core/entries/entry-ext.js';
import { accountKey } from '../../src/core/keys.js';
import { Harness } from '../harness.js';

const [sponsor, alice, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
let h: Harness;

beforeEach(() => {
  h = Harness.funded('100', sponsor, alice, issuer);
});

const begin = (sponsored: Keypair) =>
  Operation.beginSponsoringFutureReserves({ sponsoredId: sponsored.publicKey() });
const end = (sponsored: Keypair) => Operation.endSponsoringFutureReserves({ source: sponsored.publicKey() });

/** [alice's sub-entries, the entries sponsored for alice, the entries sponsor sponsors]. */
const reserveCounts = () => [
  h.account(alice)?.numSubEntries,
  h.account(alice)?.numSponsored,
  h.account(sponsor)?.numSponsoring,
];

/** sponsor pays the reserve of what alice's `op` creates: begin, op and end in one transaction. */
const sponsorForAlice = (op: xdr.Operation) =>
  h.outcome(h.tx(sponsor, [begin(alice), op, end(alice)], { signers: [sponsor, alice] }));
const sponsorTrustLine = () =>
  sponsorForAlice(Operation.changeTrust({ asset: usd, source: alice.publicKey() }));
const sponsorSigner = (signer: Keypair) =>
  sponsorForAlice(
    Operation.setOptions({
      signer: { ed25519PublicKey: signer.publicKey(), weight: 1 },
      source: alice.publicKey(),
    }),
  );

describe('sponsoring future reserves', () => {
  it("a sponsored new account: its 2 reserves are the sponsor's, its entry names the sponsor", () => {
    const carol = Keypair.random();
    const outcome = h.outcome(
      h.tx(
        sponsor,
        [
          begin(carol),
          Operation.createAccount({ destination: carol.publicKey(), startingBalance: '0' }),
          end(carol),
        ],
        {
          signers: [sponsor, carol],
        },
      ),
    );
    expect(outcome.ops).toEqual([
      'beginSponsoringFutureReservesSuccess',
      'createAccountSuccess',
      'endSponsoringFutureReservesSuccess',
    ]);
    const entry = h.ledger.entry(accountKey(carol.xdrAccountId()));
    expect(entry && readEntryExt(entry).sponsor?.equals(sponsor.xdrAccountId())).toBe(true);
    expect([h.account(carol)?.balance, h.account(carol)?.numSponsored]).toEqual([0n, 2]);
    expect(h.account(sponsor)?.numSponsoring).toBe(2);
  });

  it('a sponsored trust line counts against the sponsor, and deleting it gives the reserve back', () => {
    sponsorTrustLine();
    expect(reserveCounts()).toEqual([1, 1, 1]);
    expect(h.trustLine(alice, usd)?.sponsor?.equals(sponsor.xdrAccountId())).toBe(true);
    h.outcome(h.tx(alice, [Operation.changeTrust({ asset: usd, limit: '0' })]));
    expect(reserveCounts()).toEqual([0, 0, 0]);
  });

  it('a sponsored signer', () => {
    const signer = Keypair.random();
    sponsorSigner(signer);
    const account = h.account(alice);
    expect([account?.numSubEntries, account?.numSponsored, account?.extVersion]).toEqual([1, 1, 2]); // alice never sent a transaction: no v3 extension yet
    expect(account?.signerSponsoringIds[0]?.equals(sponsor.xdrAccountId())).toBe(true);
    expect(h.account(sponsor)?.numSponsoring).toBe(1);
  });

  const failures = [
    {
      name: 'sponsoring an account already sponsored',
      ops: () => [begin(alice), begin(alice)],
      codes: ['beginSponsoringFutureReservesSuccess', 'beginSponsoringFutureReservesAlreadySponsored'],
      signers: () => [sponsor],
    },
    {
      name: 'a sponsored account sponsoring',
      ops: () => [
        begin(alice),
        Operation.beginSponsoringFutureReserves({
          sponsoredId: issuer.publicKey(),
          source: alice.publicKey(),
        }),
      ],
      codes: ['beginSponsoringFutureReservesSuccess', 'beginSponsoringFutureReservesRecursive'],
      signers: () => [sponsor, alice],
    },
    {
      name: 'ending what was not begun',
      ops: () => [end(alice)],
      codes: ['endSponsoringFutureReservesNotSponsored'],
      signers: () => [sponsor, alice],
    },
  ];

  it.each(failures)('$name: $codes', (c) => {
    const outcome = h.outcome(h.tx(sponsor, c.ops(), { signers: c.signers() }));
    expect([outcome.where, outcome.code, outcome.ops]).toEqual(['ledger', 'txFailed', c.codes]);
  });

  it('sponsoring itself is malformed when submitted', () => {
    const outcome = h.outcome(h.tx(sponsor, [begin(sponsor)]));
    expect([outcome.where, outcome.ops]).toEqual(['rejected', ['beginSponsoringFutureReservesMalformed']]);
  });

  it('a sponsor cannot be merged while it sponsors', () => {
    const carol = Keypair.random();
    h.outcome(
      h.tx(
        sponsor,
        [
          begin(carol),
          Operation.createAccount({ destination: carol.publicKey(), startingBalance: '0' }),
          end(carol),
        ],
        {
          signers: [sponsor, carol],
        },
      ),
    );
    expect(
      h.outcome(h.tx(sponsor, [Operation.accountMerge({ destination: alice.publicKey() })])).ops,
    ).toEqual(['accountMergeIsSponsor']);
  });
});

describe('revoke_sponsorship', () => {
  it("the sponsor hands a trust line's reserve back to its owner", () => {
    sponsorTrustLine();
    const outcome = h.outcome(
      h.tx(sponsor, [Operation.revokeTrustlineSponsorship({ account: alice.publicKey(), asset: usd })]),
    );
    expect(outcome.ops).toEqual(['revokeSponsorshipSuccess']);
    expect(h.trustLine(alice, usd)?.sponsor).toBeNull();
    expect(reserveCounts()).toEqual([1, 0, 0]);
  });

  it('transfers the sponsorship to the account sponsoring the revoker', () => {
    sponsorTrustLine();
    const outcome = h.outcome(
      h.tx(
        issuer,
        [
          begin(sponsor),
          Operation.revokeTrustlineSponsorship({
            account: alice.publicKey(),
            asset: usd,
            source: sponsor.publicKey(),
          }),
          end(sponsor),
        ],
        { signers: [issuer, sponsor] },
      ),
    );
    expect(outcome.ops[1]).toBe('revokeSponsorshipSuccess');
    expect(h.trustLine(alice, usd)?.sponsor?.equals(issuer.xdrAccountId())).toBe(true);
    expect([
      h.account(sponsor)?.numSponsoring,
      h.account(issuer)?.numSponsoring,
      h.account(alice)?.numSponsored,
    ]).toEqual([0, 1, 1]);
  });

  it('a signer sponsorship revoked by its sponsor', () => {
    const signer = Keypair.random();
    sponsorSigner(signer);
    const outcome = h.outcome(
      h.tx(sponsor, [
        Operation.revokeSignerSponsorship({
          account: alice.publicKey(),
          signer: { ed25519PublicKey: signer.publicKey() },
        }),
      ]),
    );
    expect(outcome.ops).toEqual(['revokeSponsorshipSuccess']);
    expect(h.account(alice)?.signerSponsoringIds).toEqual([null]);
    expect([h.account(alice)?.numSponsored, h.account(sponsor)?.numSponsoring]).toEqual([0, 0]);
  });

  it("a claimable balance's sponsorship can only be transferred, to the revoker's sponsor", () => {
    const tx = h.tx(alice, [
      Operation.createClaimableBalance({
        asset: Asset.native(),
        amount: '1',
        claimants: [new Claimant(issuer.publicKey())],
      }),
    ]);
    h.outcome(tx);
    const revoke = Operation.revokeClaimableBalanceSponsorship({
      balanceId: tx.getClaimableBalanceId(0),
      source: alice.publicKey(),
    });
    expect(h.outcome(h.tx(alice, [revoke])).ops).toEqual(['revokeSponsorshipOnlyTransferable']);
    const outcome = h.outcome(
      h.tx(sponsor, [begin(alice), revoke, end(alice)], { signers: [sponsor, alice] }),
    );
    expect(outcome.ops[1]).toBe('revokeSponsorshipSuccess');
    expect(h.claimableBalance(tx.getClaimableBalanceId(0))?.sponsor?.equals(sponsor.xdrAccountId())).toBe(
      true,
    );
    expect([h.account(alice)?.numSponsoring, h.account(sponsor)?.numSponsoring]).toEqual([0, 1]);
  });

  const failures = [
    {
      name: 'an entry that does not exist',
      op: () => Operation.revokeDataSponsorship({ account: alice.publicKey(), name: 'none' }),
      code: 'revokeSponsorshipDoesNotExist',
    },
    {
      name: 'an entry of another, unsponsored',
      op: () => Operation.revokeAccountSponsorship({ account: alice.publicKey() }),
      code: 'revokeSponsorshipNotSponsor',
    },
  ];
  it.each(failures)('$name: $code', (c) => {
    const outcome = h.outcome(h.tx(sponsor, [c.op()]));
    expect([outcome.where, outcome.ops]).toEqual(['ledger', [c.code]]);
  });
});
