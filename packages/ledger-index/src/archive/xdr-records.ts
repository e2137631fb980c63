/**
 * XDR records framed as stellar-core's XDROutputFileStream writes them (util/XDRStream.h
 * writeOne, getXDRSize): a 4-byte big-endian length with the high (last fragment) bit set, then
 * that many bytes. Read from a stream of chunks holding at most one record (and a chunk) at a time.
 */
import { HistoryArchiveError } from './errors.js';

/** A record's size at most: far above any ledger entry (contract code is at most a few hundred KiB). */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

const LAST_FRAGMENT = 0x80000000;

/** The records of `chunks`, each without its length; `where` names the file in errors. */
export async function* xdrRecords(
  chunks: AsyncIterable<Uint8Array>,
  where: string,
  maxRecordBytes = MAX_RECORD_BYTES,
): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  /** The record being read's length, once its mark is read. */
  let length: number | undefined;
  let record = 0;
  const take = (size: number): Buffer => {
    const all = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, held);
    parts = all.length > size ? [all.subarray(size)] : [];
    held -= size;
    return all.subarray(0, size);
  };
  for await (const chunk of chunks) {
    parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    held += chunk.byteLength;
    while (held >= (length ?? 4)) {
      if (length === undefined) {
        const mark = take(4).readUInt32BE(0);
        length = mark & ~LAST_FRAGMENT;
        // XDR is made of 4-byte units; a mark without its bit is not stellar-core's framing.
        if ((mark & LAST_FRAGMENT) === 0 || length === 0 || length % 4 !== 0 || length > maxRecordBytes)
          throw new HistoryArchiveError(
            `${where}: record ${record} has a bad length mark 0x${mark.toString(16).padStart(8, '0')}` +
              ' (want the high bit set and a length that is a positive multiple of 4' +
              ` up to ${maxRecordBytes} bytes)`,
          );
      } else {
        yield take(length);
        length = undefined;
        record += 1;
      }
    }
  }
  if (held > 0 || length !== undefined) {
    const [got, want] = length === undefined ? [held, 4] : [held + 4, length + 4];
    throw new HistoryArchiveError(`${where}: truncated: record ${record} has ${got} of its ${want} bytes`);
  }
}
