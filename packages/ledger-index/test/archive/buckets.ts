/** Bucket records and files for the archive reader's tests, made with the SDK's XDR. */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { xdr } from '@stellar/stellar-sdk/base';

/** An account entry (its id from `n`), with a balance telling versions apart. */
export function account(n: number, balance: number, lastModified = 5): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: lastModified,
    data: xdr.LedgerEntryData.account(
      new xdr.AccountEntry({
        accountId: xdr.PublicKey.publicKeyTypeEd25519(Buffer.alloc(32, n)),
        balance: BigInt(balance),
        seqNum: 1n,
        numSubEntries: 0,
        inflationDest: null,
        flags: 0,
        homeDomain: '',
        thresholds: Buffer.from([1, 0, 0, 0]),
        signers: [],
        ext: xdr.AccountEntryExt.v0(),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

/** A TTL entry: a type the index does not keep. */
export function ttl(n: number): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 5,
    data: xdr.LedgerEntryData.ttl(
      new xdr.TtlEntry({ keyHash: Buffer.alloc(32, n), liveUntilLedgerSeq: 100 }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

export const live = (entry: xdr.LedgerEntry) => xdr.BucketEntry.liveentry(entry);
export const init = (entry: xdr.LedgerEntry) => xdr.BucketEntry.initentry(entry);
export const dead = (n: number) =>
  xdr.BucketEntry.deadentry(
    xdr.LedgerKey.account(
      new xdr.LedgerKeyAccount({ accountId: xdr.PublicKey.publicKeyTypeEd25519(Buffer.alloc(32, n)) }),
    ),
  );
export const meta = () =>
  xdr.BucketEntry.metaentry(new xdr.BucketMetadata({ ledgerVersion: 23, ext: xdr.BucketMetadataExt.v0() }));

/** XDR records framed as stellar-core frames them: a length with the high bit set, then the bytes. */
export function framed(records: readonly { toXdr(): Uint8Array }[]): Buffer {
  return Buffer.concat(
    records.flatMap((record) => {
      const bytes = record.toXdr();
      const mark = Buffer.alloc(4);
      mark.writeUInt32BE((bytes.length | 0x80000000) >>> 0);
      return [mark, bytes];
    }),
  );
}

/** A bucket file (gzipped) and its name (the SHA-256 of its bytes). */
export function bucketFile(records: readonly xdr.BucketEntry[]): { hash: string; file: Buffer } {
  const bytes = framed(records);
  return { hash: createHash('sha256').update(bytes).digest('hex'), file: gzipSync(bytes) };
}

/** `bytes` in chunks of `size`, as a stream hands them over. */
export async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
