/** The pure parts of the state records: Horizon's price and predicate time forms, and touched records. */
import { Keypair, xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { claimPredicateJson, goTimestamp } from '../src/derive/claim-predicate.js';
import { priceString } from '../src/derive/state/offer.js';
import { touchedRecords } from '../src/derive/state/touched.js';

describe('priceString (big.Rat FloatString(7))', () => {
  it.each([
    { n: 1, d: 3, want: '0.3333333' },
    { n: 2, d: 3, want: '0.6666667' },
    { n: 5, d: 3, want: '1.6666667' },
    { n: 1, d: 20_000_000, want: '0.0000001' }, // exactly half a unit: up
    { n: 1, d: 20_000_001, want: '0.0000000' },
    { n: 2_147_483_647, d: 1, want: '2147483647.0000000' },
    { n: 1, d: 2_147_483_647, want: '0.0000000' },
    { n: 2_147_483_647, d: 2_147_483_646, want: '1.0000000' },
  ])('$n/$d is $want', ({ n, d, want }) => {
    expect(priceString(n, d)).toBe(want);
  });
});

describe('goTimestamp (Go RFC 3339, + before years past 9999)', () => {
  it.each([
    { seconds: 0n, want: '1970-01-01T00:00:00Z' },
    { seconds: 951_782_400n, want: '2000-02-29T00:00:00Z' },
    { seconds: 253_402_300_799n, want: '9999-12-31T23:59:59Z' },
    { seconds: 253_402_300_800n, want: '+10000-01-01T00:00:00Z' },
    { seconds: 8_640_000_000_000n, want: '+275760-09-13T00:00:00Z' },
    { seconds: 9_223_372_036_854_775_807n, want: '+292277026596-12-04T15:30:07Z' },
  ])('$seconds is $want', ({ seconds, want }) => {
    expect(goTimestamp(seconds)).toBe(want);
  });

  it('agrees with the JavaScript clock through year 9999', () => {
    for (let seconds = 0n; seconds < 253_402_300_800n; seconds += 7_654_321_987n) {
      const date = new Date(Number(seconds) * 1000).toISOString();
      expect(goTimestamp(seconds)).toBe(`${date.slice(0, 19)}Z`);
    }
  });

  it('writes a relative predicate (seen before the ledger makes it absolute) in seconds', () => {
    expect(claimPredicateJson(xdr.ClaimPredicate.claimPredicateBeforeRelativeTime(3600n))).toEqual({
      rel_before: '3600',
    });
  });
});

describe('touchedRecords', () => {
  const owner = Keypair.random();
  const poolId = new xdr.PoolId(Buffer.alloc(32, 0xab));
  const shareLine = xdr.LedgerKey.trustline(
    new xdr.LedgerKeyTrustLine({
      accountId: owner.xdrAccountId(),
      asset: xdr.TrustLineAsset.assetTypePoolShare(poolId),
    }),
  );
  const offer = xdr.LedgerKey.offer(new xdr.LedgerKeyOffer({ sellerId: owner.xdrAccountId(), offerId: 42n }));

  it('names the account and the pool of a removed pool share trust line, and a removed offer', () => {
    const touched = touchedRecords([
      xdr.LedgerEntryChange.ledgerEntryRemoved(shareLine),
      xdr.LedgerEntryChange.ledgerEntryRemoved(offer),
    ]);
    expect([...touched.accounts]).toEqual([owner.publicKey()]);
    expect([...touched.liquidityPools.keys()]).toEqual(['ab'.repeat(32)]);
    expect(xdr.LedgerKey.fromXdr(touched.liquidityPools.get('ab'.repeat(32)) ?? '', 'base64').type).toBe(
      'liquidityPool',
    );
    expect(touched.offers).toEqual(new Map([[42n, offer.toXdr('base64')]]));
    expect(touched.claimableBalances.size).toBe(0);
  });
});
