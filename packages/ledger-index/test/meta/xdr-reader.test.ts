/**
 * The reader generated from the SDK's schemas reads what the SDK's own decoder reads, into the
 * same classes, and refuses what it refuses: on every type and union arm (values drawn at random
 * and encoded by the SDK), on every real pubnet ledger, on cut and altered ledgers, and at the
 * nesting limit.
 */
import { readFileSync } from 'node:fs';
import { xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { READER_PATH, readerSource } from '../../scripts/generate-xdr-reader.mjs';
import * as readers from '../../src/generated/xdr-reader.gen.js';
import { MAX_XDR_DEPTH, readXdr, type XdrReader } from '../../src/meta/xdr-reader.js';
import { NO_REAL_LEDGERS, realLedgers, realLedgersDir } from '../support/real-ledgers.js';
import { encodedSamples, firstDifference, seeded } from '../support/xdr-samples.js';

type Read = (c: XdrReader, depth: number) => unknown;
// biome-ignore lint/suspicious/noExplicitAny: the SDK's classes, looked up by name
const sdk = xdr as any;

/** What each decoder makes of `bytes`: the value, or that it refused them. */
function outcomes(type: string, bytes: Uint8Array) {
  const outcome = (decode: () => unknown) => {
    try {
      return { value: decode() };
    } catch (error) {
      if (!(error instanceof xdr.XdrError)) throw error;
      return { refused: error.message };
    }
  };
  const read = (readers as Record<string, Read>)[`read${type}`] as Read;
  return {
    got: outcome(() => readXdr(type, read, bytes)),
    want: outcome(() => sdk[type].fromXdr(bytes)),
  };
}

/** Says how the two outcomes differ, or nothing when both refuse or both read alike values. */
function disagreement(type: string, bytes: Uint8Array): string | undefined {
  const { got, want } = outcomes(type, bytes);
  if ('refused' in want) return 'refused' in got ? undefined : `read what the SDK refuses (${want.refused})`;
  if ('refused' in got) return `refused what the SDK reads (${got.refused})`;
  return firstDifference(got.value, want.value);
}

const types = Object.keys(readers).map((name) => name.slice('read'.length));

describe('the reader generated from the SDK', () => {
  it('is what the installed SDK generates', () => {
    expect(readFileSync(READER_PATH, 'utf8')).toBe(readerSource());
  });

  it.each(types)('reads %s as the SDK decodes it, on every arm', (type) => {
    for (const bytes of encodedSamples(sdk[type].schema, type, 7))
      expect(disagreement(type, bytes)).toBeUndefined();
  });

  it(`nests as deep as js-xdr allows (${MAX_XDR_DEPTH} levels) and no deeper`, () => {
    // An ScVal vec inside a vec inside …, four levels each (union, option, array, lazy), written
    // word by word: the SDK's encoder refuses to write what is too deep for it to read.
    const nested = (count: number) => {
      const words = [...Array.from({ length: count }, () => [16, 1, 1]).flat(), 1];
      const view = new DataView(new ArrayBuffer(words.length * 4));
      for (const [i, word] of words.entries()) view.setUint32(i * 4, word);
      return new Uint8Array(view.buffer);
    };
    const limit = Math.floor((MAX_XDR_DEPTH - 1) / 4); // the innermost ScVal at 1 + 4 × count
    for (const count of [limit - 1, limit, limit + 1]) {
      const { got, want } = outcomes('ScVal', nested(count));
      expect('refused' in got).toBe('refused' in want);
    }
    expect('refused' in outcomes('ScVal', nested(limit + 1)).want).toBe(true);
    expect('refused' in outcomes('ScVal', nested(limit)).want).toBe(false);
  });
});

const data = realLedgersDir ? realLedgers() : { ledgers: [], skipped: [] };

describe.skipIf(!realLedgersDir)(
  realLedgersDir
    ? 'the reader on real pubnet ledgers'
    : `the reader on real ledgers: skipped, ${NO_REAL_LEDGERS}`,
  () => {
    it.each(data.ledgers.map((ledger) => [ledger.sequence, ledger.file] as const))(
      'ledger %i (%s): the SDK’s value, which encodes to the same bytes',
      (sequence) => {
        const { meta } = data.ledgers.find((l) => l.sequence === sequence) as { meta: xdr.LedgerCloseMeta };
        const bytes = meta.toXdr();
        expect(disagreement('LedgerCloseMeta', bytes)).toBeUndefined();
        const read = readXdr('LedgerCloseMeta', readers.readLedgerCloseMeta, bytes);
        expect(Buffer.compare(read.toXdr(), bytes)).toBe(0);
      },
    );

    it('refuses what the SDK refuses: a ledger cut short anywhere, or with bytes altered', () => {
      const smallest = data.ledgers
        .map(({ meta }) => meta.toXdr())
        .reduce((a, b) => (b.length < a.length ? b : a));
      const random = seeded(28);
      const found: string[] = [];
      for (let n = 0; n < 300; n++) {
        const cut = smallest.subarray(0, Math.floor(random() * smallest.length));
        const altered = smallest.slice();
        altered[Math.floor(random() * altered.length)] = Math.floor(random() * 256);
        for (const bytes of [cut, altered]) {
          const difference = disagreement('LedgerCloseMeta', bytes);
          if (difference) found.push(difference);
        }
      }
      expect(found).toEqual([]);
    });
  },
);
