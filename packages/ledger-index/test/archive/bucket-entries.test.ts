// A bucket file read as a stream: framing (stellar-core util/XDRStream.h readOne: a 4-byte length
// with the high bit set), records decoded one by one, its bytes checked against its name.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bucketEntries } from '../../src/archive/bucket-entries.js';
import { HistoryArchiveError } from '../../src/archive/errors.js';
import { xdrRecords } from '../../src/archive/xdr-records.js';
import { account, bucketFile, chunked, dead, framed, live, meta } from './buckets.js';

const all = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

const RECORDS = [meta(), live(account(1, 10)), dead(2), live(account(3, 30))];

describe('framing', () => {
  it.each([1, 3, 4, 7, 1000])('reads every record whatever the chunks (%i bytes)', async (size) => {
    const records = await all(xdrRecords(chunked(framed(RECORDS), size), 'f'));
    expect(records.map((r) => r.toString('base64'))).toEqual(RECORDS.map((r) => r.toXdr('base64')));
  });

  const bytes = framed(RECORDS);
  const withMark = (mark: number) => {
    const copy = Buffer.from(bytes);
    copy.writeUInt32BE(mark >>> 0, 0);
    return copy;
  };
  const cases: [string, Buffer, RegExp][] = [
    [
      'a record cut short',
      bytes.subarray(0, bytes.length - 3),
      /f: truncated: record 3 has \d+ of its \d+ bytes/,
    ],
    [
      'a length mark cut short',
      Buffer.concat([bytes, Buffer.from([0x80, 0])]),
      /truncated: record 4 has 2 of its 4 bytes/,
    ],
    [
      'a mark without the high bit',
      withMark(bytes.readUInt32BE(0) & 0x7fffffff),
      /record 0 has a bad length mark 0x000000/,
    ],
    ['a length not a multiple of 4', withMark(0x80000006), /bad length mark 0x80000006/],
    ['a zero length', withMark(0x80000000), /bad length mark 0x80000000/],
    ['a length past the bound', withMark(0xfffffffc), /bad length mark 0xfffffffc/],
  ];
  it.each(cases)('refuses %s with a clear error', async (_, given, want) => {
    const reading = all(xdrRecords(chunked(given, 5), 'f'));
    await expect(reading).rejects.toThrow(HistoryArchiveError);
    await expect(all(xdrRecords(chunked(given, 5), 'f'))).rejects.toThrow(want);
  });
});

describe('bucket file', () => {
  it('streams the records of a bucket whose bytes hash to its name', async () => {
    const { hash, file } = bucketFile(RECORDS);
    const entries = await all(bucketEntries(chunked(file, 10), hash, 'http://archive.test/b'));
    expect(entries.map((e) => e.toXdr('base64'))).toEqual(RECORDS.map((r) => r.toXdr('base64')));
  });

  it('ends in an error naming the bucket when its bytes do not hash to its name', async () => {
    const { file } = bucketFile(RECORDS);
    const { hash: other } = bucketFile(RECORDS.slice(1));
    await expect(all(bucketEntries(chunked(file, 10), other, 'http://archive.test/b'))).rejects.toThrow(
      new RegExp(
        `bucket ${other} \\(http://archive.test/b\\) is corrupt: its contents hash to [0-9a-f]{64}, not to its name`,
      ),
    );
  });

  it('refuses a file that is not gzip, and records that are not bucket entries', async () => {
    const { hash } = bucketFile(RECORDS);
    await expect(all(bucketEntries(chunked(framed(RECORDS), 10), hash, 'u'))).rejects.toThrow(
      /u: not a gzip file/,
    );
    const junk = gzipSync(framed([{ toXdr: () => Buffer.from([0, 0, 0, 9]) }]));
    await expect(all(bucketEntries(chunked(junk, 10), hash, 'u'))).rejects.toThrow(
      /u: record 0 is not a BucketEntry/,
    );
  });
});
