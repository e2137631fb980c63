/**
 * Where the generated skipper (src/generated/xdr-skipper.gen.ts) is in a LedgerCloseMeta's bytes,
 * and the byte ranges it noted: `marks` holds (kind, start, end) triples in the order the values
 * begin, so a value's parts follow it.
 */
export class XdrCursor {
  pos = 0;
  readonly marks: number[] = [];
  readonly bytes: Uint8Array;
  readonly #view: DataView;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  i32(): number {
    const value = this.#view.getInt32(this.pos);
    this.pos += 4;
    return value;
  }

  u32(): number {
    const value = this.#view.getUint32(this.pos);
    this.pos += 4;
    return value;
  }

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

  unknown(type: string): Error {
    return new Error(`${type}: no arm for the discriminant at byte ${this.pos - 4}`);
  }
}
