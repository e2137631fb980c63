/**
 * The buffer the generated writer (src/generated/xdr-writer.gen.ts) writes into, reused from one
 * value to the next, and the checks js-xdr's Writer makes, so what the SDK refuses to encode is
 * refused here too.
 */
import { xdr } from '@stellar/stellar-sdk/base';

const [I32_MIN, I32_MAX] = [-(2 ** 31), 2 ** 31 - 1];
const U32_MAX = 2 ** 32 - 1;

export class XdrWriter {
  pos = 0;
  #bytes = Buffer.alloc(1024);
  #view = new DataView(this.#bytes.buffer, this.#bytes.byteOffset, this.#bytes.byteLength);

  /** The bytes written so far (a view of the buffer: good until the next value is written). */
  get written(): Buffer {
    return this.#bytes.subarray(0, this.pos);
  }

  // Where the next `size` bytes go: the buffer (and its view) may be a new one after this.
  #room(size: number): number {
    const at = this.pos;
    if (at + size > this.#bytes.length) {
      const bigger = Buffer.alloc(Math.max(this.#bytes.length * 2, at + size));
      this.#bytes.copy(bigger, 0, 0, at);
      this.#bytes = bigger;
      this.#view = new DataView(bigger.buffer, bigger.byteOffset, bigger.byteLength);
    }
    this.pos = at + size;
    return at;
  }

  i32(value: number): void {
    const at = this.#room(4);
    this.#view.setInt32(at, integer(value, I32_MIN, I32_MAX));
  }

  u32(value: number): void {
    const at = this.#room(4);
    this.#view.setUint32(at, integer(value, 0, U32_MAX));
  }

  i64(value: bigint): void {
    if (typeof value !== 'bigint' || BigInt.asIntN(64, value) !== value) throw outOfRange(value);
    const at = this.#room(8);
    this.#view.setBigInt64(at, value);
  }

  u64(value: bigint): void {
    if (typeof value !== 'bigint' || BigInt.asUintN(64, value) !== value) throw outOfRange(value);
    const at = this.#room(8);
    this.#view.setBigUint64(at, value);
  }

  f32(value: number): void {
    const at = this.#room(4);
    this.#view.setFloat32(at, value);
  }

  f64(value: number): void {
    const at = this.#room(8);
    this.#view.setFloat64(at, value);
  }

  bool(value: boolean): void {
    if (typeof value !== 'boolean') throw new xdr.XdrError(`expected a boolean, not ${String(value)}`);
    const at = this.#room(4);
    this.#view.setUint32(at, value ? 1 : 0);
  }

  /** Exactly `length` bytes, then zero padding to a multiple of four. */
  opaque(bytes: Uint8Array, length: number): void {
    if (!(bytes instanceof Uint8Array) || bytes.length !== length)
      throw new xdr.XdrError(`expected ${length} byte(s), not ${bytes?.length}`);
    const at = this.#room((length + 3) & ~3);
    this.#bytes.set(bytes, at);
    this.#bytes.fill(0, at + length, this.pos);
  }

  /** Variable-length opaque data or a string of at most `max` bytes. */
  varOpaque(bytes: Uint8Array, max: number): void {
    if (!(bytes instanceof Uint8Array)) throw new xdr.XdrError('expected bytes');
    if (bytes.length > max) throw new xdr.XdrError(`length ${bytes.length} over its maximum ${max}`);
    this.u32(bytes.length);
    this.opaque(bytes, bytes.length);
  }

  count(length: number, max: number): void {
    if (length > max) throw new xdr.XdrError(`array length ${length} over its maximum ${max}`);
    this.u32(length);
  }

  fixed(length: number, want: number): void {
    if (length !== want) throw new xdr.XdrError(`array length ${length} where ${want} are fixed`);
  }

  unknown(type: string, arm: unknown): Error {
    return new xdr.XdrError(`${type} has no arm ${String(arm)}`);
  }
}

// The bounds are plain arguments: destructuring an array here allocated an iterator per value.
function integer(value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw outOfRange(value);
  return value;
}

const outOfRange = (value: unknown) => new xdr.XdrError(`integer ${String(value)} out of range`);

// One writer for the thread: writing is synchronous, and a value is copied out before the next.
const shared = new XdrWriter();

/** `value`'s XDR, written by the generated `write` (a copy: the caller's to keep). */
export function writeXdr<T>(write: (w: XdrWriter, value: T) => void, value: T): Uint8Array {
  shared.pos = 0;
  write(shared, value);
  return new Uint8Array(shared.written);
}

/** `value`'s XDR in base64 or hex, written by the generated `write`. */
export function writeXdrAs<T>(
  write: (w: XdrWriter, value: T) => void,
  value: T,
  encoding: 'base64' | 'hex',
): string {
  shared.pos = 0;
  write(shared, value);
  return shared.written.toString(encoding);
}
