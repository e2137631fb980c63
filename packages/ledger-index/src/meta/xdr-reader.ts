/**
 * Where the generated reader (src/generated/xdr-reader.gen.ts) is in a value's bytes, and the
 * checks js-xdr's Reader makes on them, so what the SDK refuses is refused here too.
 */
import { xdr } from '@stellar/stellar-sdk/base';

/** js-xdr's Reader refuses a value nested deeper than this (its default maxDepth). */
export const MAX_XDR_DEPTH = 1500;

export class XdrReader {
  pos = 0;
  readonly bytes: Uint8Array;
  readonly #view: DataView;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  // A read past the end throws the DataView's RangeError: readXdr says what it means.
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

  i64(): bigint {
    const value = this.#view.getBigInt64(this.pos);
    this.pos += 8;
    return value;
  }

  u64(): bigint {
    const value = this.#view.getBigUint64(this.pos);
    this.pos += 8;
    return value;
  }

  f32(): number {
    const value = this.#view.getFloat32(this.pos);
    this.pos += 4;
    return value;
  }

  f64(): number {
    const value = this.#view.getFloat64(this.pos);
    this.pos += 8;
    return value;
  }

  bool(): boolean {
    const value = this.u32();
    if (value === 0) return false;
    if (value === 1) return true;
    throw this.#fail(4, `invalid bool ${value}`);
  }

  /** `length` bytes (a copy, as js-xdr's), then their padding, which must be zero. */
  opaque(length: number): Uint8Array {
    const end = this.pos + length;
    if (end > this.bytes.length) throw this.#fail(0, `${length} byte(s) asked for, ${this.#left()} left`);
    const value = this.bytes.slice(this.pos, end);
    this.pos = end;
    for (let pad = (4 - (length % 4)) % 4; pad > 0; pad--) {
      if (this.bytes[this.pos] !== 0) throw this.#fail(0, 'non-zero padding');
      this.pos++;
    }
    return value;
  }

  /** Variable-length opaque data or a string of at most `max` bytes. */
  varOpaque(max: number): Uint8Array {
    const length = this.u32();
    if (length > max) throw this.#fail(4, `length ${length} over its maximum ${max}`);
    return this.opaque(length);
  }

  /** A variable-length array's count: at most `max`, and no more than the bytes left. */
  count(max: number): number {
    const count = this.u32();
    if (count > max) throw this.#fail(4, `array length ${count} over its maximum ${max}`);
    if (count > this.#left())
      throw this.#fail(4, `array length ${count} over the ${this.#left()} byte(s) left`);
    return count;
  }

  /** A fixed-length array's count, refused as js-xdr refuses it when the bytes left are fewer. */
  fixed(count: number): number {
    if (count > this.#left())
      throw this.#fail(0, `array length ${count} over the ${this.#left()} byte(s) left`);
    return count;
  }

  /** Refuses a value nested `depth` levels down where js-xdr would. */
  nest(depth: number): void {
    if (depth > MAX_XDR_DEPTH) throw this.#fail(0, `nested deeper than ${MAX_XDR_DEPTH} levels`);
  }

  unknown(type: string): Error {
    return this.#fail(4, `${type} has no arm for this discriminant`);
  }

  #left(): number {
    return this.bytes.length - this.pos;
  }

  #fail(back: number, what: string): Error {
    return new xdr.XdrError(`${what} at byte ${this.pos - back}`);
  }
}

/** One `type` value read by the generated `read` from all of `bytes`. */
export function readXdr<T>(type: string, read: (c: XdrReader, depth: number) => T, bytes: Uint8Array): T {
  const c = new XdrReader(bytes);
  let value: T;
  try {
    value = read(c, 1);
  } catch (error) {
    if (error instanceof RangeError) throw new xdr.XdrError(`${type}: incomplete XDR data at byte ${c.pos}`);
    if (error instanceof xdr.XdrError) throw new xdr.XdrError(`${type}: ${error.message}`);
    throw error;
  }
  if (c.pos !== bytes.length)
    throw new xdr.XdrError(`${type}: ${bytes.length - c.pos} byte(s) after the value`);
  return value;
}
