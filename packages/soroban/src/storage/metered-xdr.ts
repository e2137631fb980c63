/**
 * XDR encoding charged as the host's `metered_write_xdr` does (host/metered_xdr.rs): one `ValSer`
 * charge per write the Rust encoder makes, i.e. per integer, per non-empty byte run and per
 * non-empty padding, each with its length. (Decoding is one `ValDeser` charge for the whole input.)
 */
import type { Meter } from './meter.js';

interface XdrSchema {
  _write(value: unknown, writer: never, path: string): void;
}

interface EncodableXdr {
  toXdr(): Uint8Array;
  toXdrObject(): unknown;
}

/** Stands in for js-xdr's Writer: counts what would be written, writes nothing. */
class ChargingWriter {
  offset = 0;

  constructor(private readonly meter: Meter) {}

  private wrote(length: number): void {
    if (length === 0) return;
    this.meter.charge('ValSer', BigInt(length));
    this.offset += length;
  }

  enter(): void {}
  exit(): void {}
  writeBytes(bytes: Uint8Array): void {
    this.wrote(bytes.length);
  }
  writePadding(length: number): void {
    this.wrote((4 - (length % 4)) % 4);
  }
  writeInt32(): void {
    this.wrote(4);
  }
  writeUint32(): void {
    this.wrote(4);
  }
  writeBigInt64(): void {
    this.wrote(8);
  }
  writeBigUint64(): void {
    this.wrote(8);
  }
}

/** The value's XDR bytes, charging `meter` for each write of the encoding. */
export function meteredEncode(value: EncodableXdr, meter: Meter): Uint8Array {
  const schema = (value.constructor as unknown as { schema: XdrSchema }).schema;
  schema._write(value.toXdrObject(), new ChargingWriter(meter) as never, '');
  return value.toXdr();
}
