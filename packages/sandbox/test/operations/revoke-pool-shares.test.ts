// Revoking authorization of a line whose asset is in pools the trustor holds shares of: as
// stellar-core removeOffersAndPoolShareTrustLines, each such pool-share line goes and its shares
// are redeemed into claimable balances the trustor can claim, with ids from getRevokeID.
import { hash, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountAddress } from '../../src/core/keys.js';
import { Asset, Harness, Keypair, Operation, opEvents, successOf } from '../harness.js';
import { deposit, type Pool, poolOf } from './pools.js';

const AUTH_REVOCABLE = 0x2;
const AUTH_CLAWBACK_ENABLED = 0x8;

const [alice, bob, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const xlm = Asset.native();
const usd = new Asset('USD', issuer.publicKey());
let h: Harness;
let pool: Pool;

function setUp(issuerFlags: number) {
  h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: issuerFlags })]));
  for (const kp of [alice, bob]) {
    h.outcome(
      h.tx(kp, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: pool.share })]),
    );
  }
  h.outcome(
    h.tx(issuer, [
      Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '1000' }),
      Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '1000' }),
    ]),
  );
  expect(deposit(h, alice, pool, '100', '400').ops).toEqual(['liquidityPoolDepositSuccess']);
  expect(deposit(h, bob, pool, '50', '200').ops).toEqual(['liquidityPoolDepositSuccess']);
}

beforeEach(() => {
  h = Harness.funded('1000', alice, bob, issuer);
  pool = poolOf(xlm, usd);
});

/** stellar-core getRevokeID for the first operation of a transaction of `source` at `seq`. */
function revokeId(source: Keypair, seq: bigint, asset: Asset, opNum = 0): string {
  const preimage = xdr.HashIdPreimage.envelopeTypePoolRevokeOpId(
    new xdr.HashIdPreimageRevokeId({
      sourceAccount: source.xdrAccountId(),
      seqNum: seq,
      opNum,
      liquidityPoolId: new xdr.PoolId(Buffer.from(pool.id, 'hex')),
      asset: asset.toXDRObject(),
    }),
  );
  return xdr.ClaimableBalanceId.claimableBalanceIdTypeV0(hash(preimage.toXDR())).toXDR('hex');
}

const deauthorize = (flags: { authorized: boolean; authorizedToMaintainLiabilities?: boolean }) =>
  Operation.setTrustLineFlags({ trustor: alice.publicKey(), asset: usd, flags });

describe('revoking authorization with pool shares', () => {
  beforeEach(() => setUp(AUTH_REVOCABLE));

  it('redeems the shares into claimable balances of the trustor and removes the pool-share line', () => {
    const seq = h.nextSeq(issuer);
    const outcome = h.outcome(h.tx(issuer, [deauthorize({ authorized: false })]));
    const [xlmId, usdId] = [revokeId(issuer, seq, xlm), revokeId(issuer, seq, usd)];
    const balances = [h.claimableBalance(xlmId), h.claimableBalance(usdId)];
    expect(balances.map((b) => b?.amount)).toEqual([1_000_000_000n, 4_000_000_000n]);
    for (const b of balances) {
      expect(b?.claimants.map((c) => [accountAddress(c.v0.destination), c.v0.predicate.type])).toEqual([
        [alice.publicKey(), 'claimPredicateUnconditional'],
      ]);
      expect(b?.sponsor && accountAddress(b.sponsor)).toBe(alice.publicKey());
      expect(b?.hasFlagsExt).toBe(false);
    }
    expect(h.poolShares(alice, pool.id)).toBeUndefined();
    expect([h.account(alice)?.numSubEntries, h.account(alice)?.numSponsoring]).toEqual([1, 2]);
    expect(h.trustLine(alice, usd)?.liquidityPoolUseCount).toBe(0);
    expect(h.trustLine(alice, usd)?.flags).toBe(0);
    const p = h.pool(pool.id);
    expect([p?.reserveA, p?.reserveB, p?.totalPoolShares, p?.poolSharesTrustLineCount]).toEqual([
      500_000_000n,
      2_000_000_000n,
      1_000_000_000n,
      1n,
    ]);
    expect(opEvents(successOf(outcome)).map((e) => [e.topics[0], e.topics[1], e.topics[2], e.data])).toEqual([
      ['transfer', expect.stringMatching(/^L/), expect.stringMatching(/^B/), 1_000_000_000n],
      ['transfer', expect.stringMatching(/^L/), expect.stringMatching(/^B/), 4_000_000_000n],
      ['set_authorized', alice.publicKey(), `USD:${issuer.publicKey()}`, false],
    ]);
  });

  it('the trustor claims the lumens; the asset waits for authorization again', () => {
    const seq = h.nextSeq(issuer);
    h.outcome(h.tx(issuer, [deauthorize({ authorized: false })]));
    const claim = (asset: Asset) =>
      h.outcome(h.tx(alice, [Operation.claimClaimableBalance({ balanceId: revokeId(issuer, seq, asset) })]))
        .ops;
    expect(claim(xlm)).toEqual(['claimClaimableBalanceSuccess']);
    expect(claim(usd)).toEqual(['claimClaimableBalanceNotAuthorized']);
    h.outcome(h.tx(issuer, [deauthorize({ authorized: true })]));
    expect(claim(usd)).toEqual(['claimClaimableBalanceSuccess']);
    expect(h.account(alice)?.numSponsoring).toBe(0);
  });

  it('allow_trust revoking does the same', () => {
    const seq = h.nextSeq(issuer);
    const outcome = h.outcome(
      h.tx(issuer, [
        Operation.allowTrust({ trustor: alice.publicKey(), assetCode: 'USD', authorize: false }),
      ]),
    );
    expect(outcome.ops).toEqual(['allowTrustSuccess']);
    expect(h.claimableBalance(revokeId(issuer, seq, usd))?.amount).toBe(4_000_000_000n);
  });

  it('leaving the line authorized to maintain liabilities keeps the shares', () => {
    const outcome = h.outcome(
      h.tx(issuer, [deauthorize({ authorized: false, authorizedToMaintainLiabilities: true })]),
    );
    expect(outcome.ops).toEqual(['setTrustLineFlagsSuccess']);
    expect(h.poolShares(alice, pool.id)?.balance).toBe(2_000_000_000n);
  });

  it('a sponsored pool-share line: its sponsor backs the balances', () => {
    const [carol, dave] = [Keypair.random(), Keypair.random()];
    h.fund('100', carol, dave);
    h.outcome(h.tx(dave, [Operation.changeTrust({ asset: usd })]));
    const sponsoredLine = h.tx(
      carol,
      [
        Operation.beginSponsoringFutureReserves({ sponsoredId: dave.publicKey() }),
        Operation.changeTrust({ asset: pool.share, source: dave.publicKey() }),
        Operation.endSponsoringFutureReserves({ source: dave.publicKey() }),
      ],
      { signers: [carol, dave] },
    );
    expect(h.outcome(sponsoredLine).code).toBe('txSuccess');
    h.outcome(h.tx(issuer, [Operation.payment({ destination: dave.publicKey(), asset: usd, amount: '4' })]));
    expect(deposit(h, dave, pool, '1', '4').ops).toEqual(['liquidityPoolDepositSuccess']);
    expect([h.account(carol)?.numSponsoring, h.account(dave)?.numSponsored]).toEqual([2, 2]);
    const seq = h.nextSeq(issuer);
    h.outcome(
      h.tx(issuer, [
        Operation.setTrustLineFlags({ trustor: dave.publicKey(), asset: usd, flags: { authorized: false } }),
      ]),
    );
    const balance = h.claimableBalance(revokeId(issuer, seq, usd));
    expect(balance?.sponsor && accountAddress(balance.sponsor)).toBe(carol.publicKey());
    expect([h.account(carol)?.numSponsoring, h.account(dave)?.numSponsored]).toEqual([2, 0]);
  });

  const sandwiched = (sponsor: Keypair) =>
    h.outcome(
      h.tx(
        issuer,
        [
          Operation.beginSponsoringFutureReserves({
            sponsoredId: alice.publicKey(),
            source: sponsor.publicKey(),
          }),
          deauthorize({ authorized: false }),
          Operation.endSponsoringFutureReserves({ source: alice.publicKey() }),
        ],
        { signers: [issuer, sponsor, alice] },
      ),
    );

  it("in a sponsorship sandwich of the line's backer, the sponsor pays for the balances", () => {
    const carol = Keypair.random();
    h.fund('100', carol);
    const seq = h.nextSeq(issuer);
    expect(sandwiched(carol).code).toBe('txSuccess');
    const balance = h.claimableBalance(revokeId(issuer, seq, xlm, 1));
    expect(balance?.sponsor && accountAddress(balance.sponsor)).toBe(carol.publicKey());
    expect([h.account(carol)?.numSponsoring, h.account(alice)?.numSponsoring]).toEqual([2, 0]);
  });

  it('… and when that sponsor lacks the reserve: setTrustLineFlagsLowReserve', () => {
    const poor = Keypair.random();
    h.fund('1.2', poor); // room for no reserve beyond its own
    const outcome = sandwiched(poor);
    expect([outcome.code, outcome.ops[1]]).toEqual(['txFailed', 'setTrustLineFlagsLowReserve']);
    expect(h.poolShares(alice, pool.id)?.balance).toBe(2_000_000_000n);
  });
});

describe('revoking authorization with pool shares, other holdings', () => {
  it('a clawback-enabled line gives a clawback-enabled balance of the asset', () => {
    setUp(AUTH_REVOCABLE | AUTH_CLAWBACK_ENABLED);
    const seq = h.nextSeq(issuer);
    h.outcome(h.tx(issuer, [deauthorize({ authorized: false })]));
    expect(h.claimableBalance(revokeId(issuer, seq, usd))?.flags).toBe(1);
    expect(h.claimableBalance(revokeId(issuer, seq, xlm))?.hasFlagsExt).toBe(false);
  });

  it("the trustor's own asset in the pool is burned, not put in a balance", () => {
    h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: AUTH_REVOCABLE })]));
    const own = new Asset('ALC', alice.publicKey());
    pool = poolOf(own, usd);
    h.outcome(
      h.tx(alice, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: pool.share })]),
    );
    h.outcome(
      h.tx(issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '10' })]),
    );
    expect(deposit(h, alice, pool, '3', '4').ops).toEqual(['liquidityPoolDepositSuccess']);
    const seq = h.nextSeq(issuer);
    const outcome = h.outcome(h.tx(issuer, [deauthorize({ authorized: false })]));
    expect(opEvents(successOf(outcome)).map((e) => [e.topics[0], e.data])).toEqual([
      ['burn', 30_000_000n],
      ['transfer', 40_000_000n],
      ['set_authorized', false],
    ]);
    expect(h.claimableBalance(revokeId(issuer, seq, own))).toBeUndefined();
    expect(h.pool(pool.id)).toBeUndefined(); // its last share line went
  });

  it('a pool-share line with no shares goes without a balance', () => {
    h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: AUTH_REVOCABLE })]));
    h.outcome(
      h.tx(alice, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: pool.share })]),
    );
    const seq = h.nextSeq(issuer);
    expect(
      opEvents(successOf(h.outcome(h.tx(issuer, [deauthorize({ authorized: false })])))).map(
        (e) => e.topics[0],
      ),
    ).toEqual(['set_authorized']);
    expect(h.poolShares(alice, pool.id)).toBeUndefined();
    expect(h.claimableBalance(revokeId(issuer, seq, usd))).toBeUndefined();
    expect(h.account(alice)?.numSubEntries).toBe(1);
  });
});
