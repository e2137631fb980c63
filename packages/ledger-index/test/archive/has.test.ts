// The History Archive State as stellar-core writes it. No real archive is reachable from the test
// machine: the fixtures in test/data/archive follow stellar-core's documented format
// (history/HistoryArchive.h serialize and docs/history.md: version 1, and version 2 with
// `hotArchiveBuckets` from protocol 23; 11 levels of `curr`, `next`, `snap`; a zero hash for an
// empty bucket), as a stellar-core node publishes them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HistoryArchiveError } from '../../src/archive/errors.js';
import { parseHistoryArchiveState } from '../../src/archive/has.js';
import { bucketPath, historyPath } from '../../src/archive/layout.js';

const fixture = (name: string) => readFileSync(new URL(`../data/archive/${name}`, import.meta.url), 'utf8');
const hash = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);
/** Levels 0–8 of the fixtures, newest first: level 0's curr and the levels past 8 are empty. */
const LIVE = [0x20, ...[1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i, 0x20 + i]), 8].map(hash);

describe('History Archive State', () => {
  it('reads version 1: the live buckets newest first, empty ones left out, no hot archive', () => {
    const has = parseHistoryArchiveState(fixture('has-v1.json'), 'v1');
    expect(has).toEqual({
      version: 1,
      currentLedger: 52479,
      networkPassphrase: 'Test SDF Network ; September 2015',
      liveBuckets: LIVE,
      hotArchiveBuckets: [],
    });
  });

  it('reads version 2 with its hot archive buckets', () => {
    const has = parseHistoryArchiveState(fixture('has-v2.json'), 'v2');
    expect(has.version).toBe(2);
    expect(has.currentLedger).toBe(1048575);
    expect(has.liveBuckets).toEqual(LIVE);
    expect(has.hotArchiveBuckets).toEqual([0x40, 0x80, 0x41, 0x81].map(hash));
  });

  const v2 = JSON.parse(fixture('has-v2.json'));
  const cases: [string, unknown, RegExp][] = [
    ['not JSON', '{', /not JSON/],
    ['an array', [], /unexpected History Archive State version/],
    ['version 3', { ...v2, version: 3 }, /unexpected History Archive State version 3/],
    ['no currentLedger', { ...v2, currentLedger: 'x' }, /currentLedger/],
    [
      '10 levels',
      { ...v2, currentBuckets: v2.currentBuckets.slice(1) },
      /currentBuckets is not a list of 11/,
    ],
    ['version 2 without its hot archive', { ...v2, hotArchiveBuckets: undefined }, /hotArchiveBuckets/],
    [
      'a bad hash',
      { ...v2, currentBuckets: [{ curr: 'xyz', snap: hash(0) }, ...v2.currentBuckets.slice(1)] },
      /currentBuckets\[0\] has no bucket hash/,
    ],
  ];
  it.each(cases)('refuses %s, naming the file', (_, given, want) => {
    const text = typeof given === 'string' ? given : JSON.stringify(given);
    expect(() => parseHistoryArchiveState(text, 'http://archive.test/x.json')).toThrow(HistoryArchiveError);
    expect(() => parseHistoryArchiveState(text, 'http://archive.test/x.json')).toThrow(want);
    expect(() => parseHistoryArchiveState(text, 'http://archive.test/x.json')).toThrow(/archive\.test/);
  });

  it('names files as stellar-core does', () => {
    expect(historyPath(52479)).toBe('history/00/00/cc/history-0000ccff.json');
    expect(bucketPath(hash(0xab))).toBe(`bucket/ab/ab/ab/bucket-${hash(0xab)}.xdr.gz`);
  });
});
