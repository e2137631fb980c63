// The live state of a bucket list read newest bucket first (Horizon's checkpoint_change_reader.go
// streamLiveBucket): the first record of a key wins, DEADENTRY hides older records, INITENTRY is
// live, METAENTRY and entry types the index does not keep are skipped; the hot archive is not read.
import type { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { LiveStateMerge } from '../../src/archive/bucket-merge.js';
import { account, dead, init, live, meta, ttl } from './buckets.js';

/** Account n's balance in the merged state, from buckets newest first. */
function merged(buckets: xdr.BucketEntry[][]): Record<number, number> {
  const merge = new LiveStateMerge();
  const state: Record<number, number> = {};
  buckets.forEach((bucket, i) => {
    for (const record of bucket) {
      const entry = merge.take(record, i === buckets.length - 1);
      if (entry?.data.type === 'account')
        state[entry.data.account.accountId.toXdr()[4] as number] = Number(
          entry.data.account.balance.toString(),
        );
      else if (entry) throw new Error(`kept a ${entry.data.type} entry`);
    }
  });
  return state;
}

const cases: [string, xdr.BucketEntry[][], Record<number, number>][] = [
  ['one bucket', [[meta(), live(account(1, 10)), live(account(2, 20))]], { 1: 10, 2: 20 }],
  [
    'a newer bucket shadows an older one',
    [[live(account(1, 11))], [live(account(1, 10)), live(account(2, 20))]],
    { 1: 11, 2: 20 },
  ],
  [
    'shadowing across three levels',
    [[], [live(account(1, 12))], [live(account(1, 11))], [live(account(1, 10))]],
    { 1: 12 },
  ],
  ['a dead entry hides every older record', [[dead(1)], [live(account(1, 11))], [init(account(1, 10))]], {}],
  [
    'a dead entry hides nothing newer',
    [[live(account(1, 12))], [dead(1)], [live(account(1, 10))]],
    { 1: 12 },
  ],
  ['an init entry is live', [[init(account(3, 30))], [dead(3)], [live(account(3, 1))]], { 3: 30 }],
  ['an init entry is hidden by a newer dead entry', [[dead(3)], [init(account(3, 30))]], {}],
  ['an init entry shadows older ones', [[init(account(3, 31))], [live(account(3, 30))]], { 3: 31 }],
  ['a dead entry in the oldest bucket', [[live(account(1, 10))], [dead(2)]], { 1: 10 }],
  [
    'metaentries and types the index does not keep are skipped',
    [
      [meta(), live(ttl(1))],
      [meta(), live(account(1, 1))],
    ],
    { 1: 1 },
  ],
  ['empty buckets', [[], [meta()], []], {}],
];

describe('bucket merge', () => {
  it.each(cases)('%s', (_, given, want) => {
    expect(merged(given)).toEqual(want);
  });

  it('remembers only keys of kept types, and none of the oldest bucket', () => {
    const merge = new LiveStateMerge();
    for (const record of [live(ttl(1)), live(account(1, 1)), dead(2)]) merge.take(record, false);
    for (const record of [live(account(3, 1)), dead(4)]) merge.take(record, true);
    expect(merge.remembered).toBe(2);
  });
});
