/**
 * Symbols (`soroban-env-common/src/symbol.rs`): up to 32 characters of [_0-9A-Za-z]. Up to 9 of
 * them fit a Val as 6-bit codes (`_` 1, digits 2-11, A-Z 12-37, a-z 38-63), packed with the last
 * character lowest and zero codes above the first.
 */
import { HostError } from '../errors/host-error.js';
import { Tag } from './tags.js';
import { bodyOf, fromBodyAndTag, type Val } from './val.js';

/** The longest symbol (SCSYMBOL_LIMIT) and the longest that fits a Val. */
export const SYMBOL_LIMIT = 32;
export const MAX_SMALL_CHARS = 9;
const CODE_BITS = 6n;
const CODE_MASK = 63n;

function codeOf(byte: number): number | undefined {
  if (byte === 0x5f) return 1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30 + 2;
  if (byte >= 0x41 && byte <= 0x5a) return byte - 0x41 + 12;
  if (byte >= 0x61 && byte <= 0x7a) return byte - 0x61 + 38;
  return undefined;
}

function byteOf(code: number): number {
  if (code === 1) return 0x5f;
  if (code <= 11) return code - 2 + 0x30;
  if (code <= 37) return code - 12 + 0x41;
  return code - 38 + 0x61;
}

/** The host's check of a symbol's bytes: length, then each character. */
export function checkSymbolBytes(bytes: Uint8Array): void {
  if (bytes.length > SYMBOL_LIMIT)
    throw new HostError(
      'Value',
      'InvalidInput',
      `symbol too long: length ${bytes.length}, max ${SYMBOL_LIMIT}`,
    );
  for (const byte of bytes)
    if (codeOf(byte) === undefined)
      throw new HostError(
        'Value',
        'InvalidInput',
        `symbol bad char: encountered \`${byte}\`, supported range [a-zA-Z0-9_]`,
      );
}

/** The small symbol for these bytes, or undefined when they are too long or not symbol characters. */
export function smallSymbol(bytes: Uint8Array | string): Val | undefined {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
  if (data.length > MAX_SMALL_CHARS) return undefined;
  let body = 0n;
  for (const byte of data) {
    const code = codeOf(byte);
    if (code === undefined) return undefined;
    body = (body << CODE_BITS) | BigInt(code);
  }
  return fromBodyAndTag(body, Tag.SymbolSmall);
}

/** The characters of a small symbol. */
export function smallSymbolText(val: Val): string {
  let body = bodyOf(val);
  const bytes: number[] = [];
  while (body !== 0n) {
    const code = Number(body & CODE_MASK);
    if (code !== 0) bytes.unshift(byteOf(code));
    body >>= CODE_BITS;
  }
  return String.fromCharCode(...bytes);
}
