/**
 * Where the generated skipper (src/generated/xdr-skipper.gen.ts) is in a LedgerCloseMeta's bytes,
 * and the byte ranges it noted: `marks` holds (kind, start, end) triples in the order the values
 * begin, so a value's parts follow it. It reads integers as the generated reader does.
 */
import { XdrReader } from './xdr-reader.js';

export class XdrCursor extends XdrReader {
  readonly marks: number[] = [];

  /** Steps over variable-length opaque data or a string: its length, the bytes and their padding. */
  skipBytes(): void {
    const length = this.u32();
    this.pos += (length + 3) & ~3;
  }

  open(kind: number): number {
    this.marks.push(kind, this.pos, 0);
    return this.marks.length - 3;
  }

  close(at: number): void {
    this.marks[at + 2] = this.pos;
  }
}
