// starspec-horizon's human progress lines: every 100 ledgers while catching up, one line when caught
// up, and none per ledger while it follows a live network.
import { describe, expect, it } from 'vitest';
import { archiveProgressLines, progressLines } from '../src/progress.js';

/** The lines written for a run of (ingested, latest) reports. */
function linesFor(reports: [number, number][]): string[] {
  const lines: string[] = [];
  const progress = progressLines((line) => lines.push(line));
  for (const [ledger, latest] of reports) progress(ledger, latest);
  return lines;
}

/** Ledgers from..to, each reported against the same latest ledger. */
const catchingUp = (from: number, to: number, latest: number): [number, number][] =>
  Array.from({ length: to - from + 1 }, (_, i) => [from + i, latest]);

/** A live network: each ledger is the latest when it is ingested. */
const following = (from: number, to: number): [number, number][] =>
  Array.from({ length: to - from + 1 }, (_, i) => [from + i, from + i]);

describe('progressLines', () => {
  it.each([
    {
      given: 'a catch-up of 250 ledgers',
      reports: catchingUp(2, 250, 250),
      want: [
        'ingested ledger 100 of 250',
        'ingested ledger 200 of 250',
        'caught up: ingested ledger 250, following new ledgers',
      ],
    },
    {
      given: '300 ledgers followed live after catching up',
      reports: [...catchingUp(2, 10, 10), ...following(11, 310)],
      want: ['caught up: ingested ledger 10, following new ledgers'],
    },
    {
      given: 'falling behind and catching up again',
      reports: [...following(2, 5), ...catchingUp(6, 8, 8)],
      want: [
        'caught up: ingested ledger 2, following new ledgers',
        'caught up: ingested ledger 8, following new ledgers',
      ],
    },
  ])('$given', ({ reports, want }) => {
    expect(linesFor(reports)).toEqual(want);
  });
});

describe('archiveProgressLines', () => {
  it('says the checkpoint, the buckets read of all and the entries kept', () => {
    const lines: string[] = [];
    const progress = archiveProgressLines((line) => lines.push(line));
    progress({ checkpoint: 63, read: 1, buckets: 20, entries: 12 });
    progress({ checkpoint: 63, read: 20, buckets: 20, entries: 345 });
    expect(lines).toEqual([
      'history archive, checkpoint 63: 1 of 20 buckets read, 12 entries',
      'history archive, checkpoint 63: 20 of 20 buckets read, 345 entries',
    ]);
  });
});
