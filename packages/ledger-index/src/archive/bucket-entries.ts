/**
 * One bucket file's records, streamed: gunzipped as its bytes arrive, framed (xdr-records.ts),
 * decoded one BucketEntry at a time, and the uncompressed bytes hashed on the way. A bucket is
 * named by that SHA-256 (stellar-core LiveBucket::fresh / BucketOutputIterator): the records of a
 * bucket whose bytes do not match its name end in an error naming it, after the last record —
 * whoever writes them undoes what it wrote (the state is loaded in one transaction).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { xdr } from '@stellar/stellar-sdk/base';
import { unreachable } from '../gateway/rpc-problem.js';
import { readBucketEntry } from '../generated/xdr-reader.gen.js';
import { readXdr } from '../meta/xdr-reader.js';
import { HistoryArchiveError } from './errors.js';
import { xdrRecords } from './xdr-records.js';

/** The decompressed bytes of `gzipped`, hashed into `hash` as they pass. */
async function* gunzipped(
  gzipped: AsyncIterable<Uint8Array>,
  hash: ReturnType<typeof createHash>,
  where: string,
): AsyncGenerator<Uint8Array> {
  const source = gzipped instanceof Readable ? gzipped : Readable.from(gzipped);
  const gunzip = createGunzip();
  const piping = pipeline(source, gunzip).catch(() => undefined);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      hash.update(chunk);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof HistoryArchiveError) throw error;
    const why = (error as { code?: string }).code?.startsWith('Z_')
      ? `not a gzip file (${(error as Error).message})`
      : `reading it failed: ${unreachable(error)}`;
    throw new HistoryArchiveError(`${where}: ${why}`, { cause: error });
  } finally {
    source.destroy();
    await piping;
  }
}

/**
 * The records of the bucket named `hash` whose file (gzipped) is `gzipped`, at `where` (its URL).
 * Throws after the last record when the bytes do not hash to the name.
 */
export async function* bucketEntries(
  gzipped: AsyncIterable<Uint8Array>,
  hash: string,
  where: string,
): AsyncGenerator<xdr.BucketEntry> {
  const sha256 = createHash('sha256');
  let n = 0;
  for await (const record of xdrRecords(gunzipped(gzipped, sha256, where), where)) {
    let entry: xdr.BucketEntry;
    try {
      entry = readXdr('BucketEntry', readBucketEntry, record);
    } catch (error) {
      throw new HistoryArchiveError(
        `${where}: record ${n} is not a BucketEntry (${(error as Error).message})`,
      );
    }
    n += 1;
    yield entry;
  }
  const actual = sha256.digest('hex');
  if (actual !== hash)
    throw new HistoryArchiveError(
      `bucket ${hash} (${where}) is corrupt: its contents hash to ${actual}, not to its name`,
    );
}
