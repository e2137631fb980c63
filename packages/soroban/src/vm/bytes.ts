/**
 * Reading and writing the WebAssembly binary format's primitives: bytes, LEB128 integers, names.
 * A malformed module surfaces as `WasmFormatError`; the validator turns it into the host's error.
 */

/** The module's bytes do not follow the binary format. */
export class WasmFormatError extends Error {
  override readonly name = 'WasmFormatError';
}

export class ByteReader {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  get eof(): boolean {
    return this.pos >= this.end;
  }

  byte(): number {
    if (this.pos >= this.end) throw new WasmFormatError(`unexpected end at ${this.pos}`);
    return this.bytes[this.pos++] as number;
  }

  take(length: number): Uint8Array {
    if (length < 0 || this.pos + length > this.end)
      throw new WasmFormatError(`unexpected end at ${this.pos}`);
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  skip(length: number): void {
    this.take(length);
  }

  /** An unsigned LEB128 of at most `bits` bits (32 for indices and counts). */
  u32(): number {
    let result = 0;
    let shift = 0;
    for (let i = 0; i < 5; i++) {
      const b = this.byte();
      if (i === 4 && b & 0x70) throw new WasmFormatError(`u32 out of range at ${this.pos - 1}`);
      result += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return result;
      shift += 7;
    }
    throw new WasmFormatError(`u32 too long at ${this.pos}`);
  }

  /** A signed LEB128 of at most `bits` bits, as a bigint. */
  signed(bits: 32 | 33 | 64): bigint {
    let result = 0n;
    let shift = 0;
    const maxBytes = Math.ceil(bits / 7);
    for (let i = 0; i < maxBytes; i++) {
      const b = this.byte();
      result |= BigInt(b & 0x7f) << BigInt(shift);
      shift += 7;
      if ((b & 0x80) === 0) {
        // Sign-extend from the bits read, then require the value to fit in `bits`.
        const value = BigInt.asIntN(shift, result);
        if (BigInt.asIntN(bits, value) !== value)
          throw new WasmFormatError(`signed integer out of range at ${this.pos - 1}`);
        return value;
      }
    }
    throw new WasmFormatError(`signed integer too long at ${this.pos}`);
  }

  name(): string {
    const raw = this.take(this.u32());
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      throw new WasmFormatError(`invalid UTF-8 name at ${this.pos}`);
    }
  }
}

/** Appends bytes; used to re-emit an instrumented module. */
export class ByteWriter {
  private chunks: number[] = [];

  get length(): number {
    return this.chunks.length;
  }

  byte(value: number): this {
    this.chunks.push(value & 0xff);
    return this;
  }

  bytes(values: ArrayLike<number>): this {
    for (let i = 0; i < values.length; i++) this.chunks.push((values[i] as number) & 0xff);
    return this;
  }

  u32(value: number): this {
    let v = value >>> 0;
    do {
      let b = v & 0x7f;
      v >>>= 7;
      if (v !== 0) b |= 0x80;
      this.chunks.push(b);
    } while (v !== 0);
    return this;
  }

  signed(value: bigint): this {
    let v = value;
    for (;;) {
      const b = Number(v & 0x7fn);
      v >>= 7n;
      const done = (v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0);
      this.chunks.push(done ? b : b | 0x80);
      if (done) return this;
    }
  }

  /** A length-prefixed block: the vector/section framing the format uses everywhere. */
  sized(content: ByteWriter | Uint8Array): this {
    const data = content instanceof ByteWriter ? content.finish() : content;
    this.u32(data.length);
    return this.bytes(data);
  }

  finish(): Uint8Array<ArrayBuffer> {
    return Uint8Array.from(this.chunks);
  }
}
