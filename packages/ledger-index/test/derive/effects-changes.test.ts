import { Asset, Claimant, Keypair, xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { latest } from '../../src/derive/changes.js';
import { claimPredicateJson, goTimestamp } from '../../src/derive/claim-predicate.js';
import { entryChanges } from '../../src/derive/effects/changes.js';
import { entryOwner } from '../../src/store/entry-state.js';

describe('abs_before as Go writes it', () => {
  it.each([
    [0n, '1970-01-01T00:00:00Z'],
    [-1n, '1969-12-31T23:59:59Z'],
    [951_782_400n, '2000-02-29T00:00:00Z'],
    [4_102_444_800n, '2100-01-01T00:00:00Z'],
    [253_402_300_799n, '9999-12-31T23:59:59Z'],
    // stellar/go marks years past 9999 with a `+` (its iso8601Time).
    [253_402_300_800n, '+10000-01-01T00:00:00Z'],
    // The largest int64 is a valid abs_before; Go's time holds it, Date does not.
    [9_223_372_036_854_775_807n, '+292277026596-12-04T15:30:07Z'],
    [-62_135_596_801n, '0000-12-31T23:59:59Z'],
  ])('%s → %s', (seconds, want) => {
    expect(goTimestamp(seconds)).toBe(want);
  });

  it('agrees with Date across a 400-year cycle, and on every day around leap-year edges', () => {
    const day = (iso: string) => Date.parse(iso) / 86_400_000;
    const days = [
      ...Array.from({ length: Math.floor(146_097 / 11) }, (_, i) => day('1800-01-01') + i * 11),
      ...['1899-12-01', '1969-12-01', '1999-12-01', '2099-12-01'].flatMap((start) =>
        Array.from({ length: 500 }, (_, i) => day(start) + i),
      ),
    ];
    const mismatches: string[] = [];
    for (const d of days) {
      const seconds = BigInt(d) * 86_400n + 45_296n;
      const want = new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z');
      if (goTimestamp(seconds) !== want) mismatches.push(want);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('claim predicates as JSON', () => {
  it.each([
    [Claimant.predicateUnconditional(), { unconditional: true }],
    [Claimant.predicateBeforeRelativeTime('60'), { rel_before: '60' }],
    [
      Claimant.predicateNot(Claimant.predicateBeforeAbsoluteTime('1619409600')),
      { not: { abs_before: '2021-04-26T04:00:00Z', abs_before_epoch: '1619409600' } },
    ],
    [
      Claimant.predicateOr(
        Claimant.predicateAnd(Claimant.predicateUnconditional(), Claimant.predicateBeforeRelativeTime('1')),
        Claimant.predicateNot(Claimant.predicateUnconditional()),
      ),
      { or: [{ and: [{ unconditional: true }, { rel_before: '1' }] }, { not: { unconditional: true } }] },
    ],
  ])('%#', (predicate, want) => {
    expect(claimPredicateJson(predicate)).toEqual(want);
  });
});

function account(kp: Keypair, balance: bigint): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 1,
    data: xdr.LedgerEntryData.account(
      new xdr.AccountEntry({
        accountId: kp.xdrAccountId(),
        balance,
        seqNum: 0n,
        numSubEntries: 0,
        inflationDest: null,
        flags: 0,
        homeDomain: '',
        thresholds: new xdr.Thresholds(Uint8Array.of(1, 0, 0, 0)),
        signers: [],
        ext: xdr.AccountEntryExt.v0(),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

function line(kp: Keypair, asset: Asset): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 1,
    data: xdr.LedgerEntryData.trustline(
      new xdr.TrustLineEntry({
        accountId: kp.xdrAccountId(),
        asset: asset.toTrustLineXDRObject(),
        balance: 0n,
        limit: 1n,
        flags: 0,
        ext: xdr.TrustLineEntryExt.v0(),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

describe('entry changes as Horizon reads them', () => {
  it('pairs each updated or removed entry with the state before it, and sorts by ledger key', () => {
    const [low, high] = [Keypair.random(), Keypair.random()].sort((a, b) =>
      Buffer.compare(a.rawPublicKey(), b.rawPublicKey()),
    );
    if (!low || !high) throw new Error('no keys');
    const asset = new Asset('USD', low.publicKey());
    const meta = [
      xdr.LedgerEntryChange.ledgerEntryState(line(high, asset)),
      xdr.LedgerEntryChange.ledgerEntryRemoved(
        xdr.LedgerKey.trustline(
          new xdr.LedgerKeyTrustLine({ accountId: high.xdrAccountId(), asset: asset.toTrustLineXDRObject() }),
        ),
      ),
      xdr.LedgerEntryChange.ledgerEntryState(account(high, 5n)),
      xdr.LedgerEntryChange.ledgerEntryUpdated(account(high, 7n)),
      xdr.LedgerEntryChange.ledgerEntryCreated(account(low, 1n)),
    ];
    const read = entryChanges(meta).map((c) => ({
      kind: c.kind,
      owner: entryOwner(latest(c)),
      pre: c.pre?.data.type === 'account' ? c.pre.data.account.balance : c.pre?.data.type,
      post: c.post?.data.type === 'account' ? c.post.data.account.balance : c.post?.data.type,
    }));
    // Accounts (key type 0) before trust lines (1); accounts by their key's bytes.
    expect(read).toEqual([
      { kind: 'account', owner: low.publicKey(), pre: undefined, post: 1n },
      { kind: 'account', owner: high.publicKey(), pre: 5n, post: 7n },
      { kind: 'trustline', owner: high.publicKey(), pre: 'trustline', post: undefined },
    ]);
  });
});
