/**
 * Stellar strkeys (SEP-23): base32 of a version byte, the payload and a CRC16-XModem checksum
 * (little-endian). Only what the anchor needs: reading G (account), M (muxed account) and
 * C (contract) addresses, and writing G addresses.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const VERSION = { account: 6 << 3, muxed: 12 << 3, contract: 2 << 3 } as const;

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base32Decode(text: string): Uint8Array | undefined {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return undefined;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  // Leftover bits must be zero padding, else the text is not canonical.
  if (bits >= 5 || (buffer & ((1 << bits) - 1)) !== 0) return undefined;
  return Uint8Array.from(out);
}

function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

function decode(text: string, version: number, payloadLength: number): Uint8Array | undefined {
  const raw = base32Decode(text);
  if (raw === undefined || raw.length !== payloadLength + 3 || raw[0] !== version) return undefined;
  const body = raw.subarray(0, raw.length - 2);
  const checksum = (raw[raw.length - 2] ?? 0) | ((raw[raw.length - 1] ?? 0) << 8);
  if (crc16(body) !== checksum) return undefined;
  return raw.slice(1, raw.length - 2);
}

function encode(version: number, payload: Uint8Array): string {
  const body = new Uint8Array(payload.length + 1);
  body[0] = version;
  body.set(payload, 1);
  const checksum = crc16(body);
  const full = new Uint8Array(body.length + 2);
  full.set(body);
  full[body.length] = checksum & 0xff;
  full[body.length + 1] = checksum >> 8;
  return base32Encode(full);
}

/** True for a G… address with a valid checksum. */
export function isAccountId(text: string): boolean {
  return text.length === 56 && decode(text, VERSION.account, 32) !== undefined;
}

/** The G… address of a 32-byte ed25519 public key. */
export function encodeAccountId(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new RangeError('an ed25519 public key has 32 bytes');
  return encode(VERSION.account, publicKey);
}

/** The M… address of a G… address and a 64-bit id. */
export function encodeMuxedAccount(accountId: string, id: bigint): string {
  const key = decode(accountId, VERSION.account, 32);
  if (key === undefined) throw new RangeError(`not an account id: ${accountId}`);
  const payload = new Uint8Array(40);
  payload.set(key);
  new DataView(payload.buffer).setBigUint64(32, id);
  return encode(VERSION.muxed, payload);
}

export type ParsedAddress =
  | { kind: 'account'; account: string }
  | { kind: 'muxed'; account: string; id: string }
  | { kind: 'contract'; account: string };

/**
 * Reads a G…, M… or C… address, checking its checksum. A muxed address is split into its
 * G… account and its id (a decimal uint64): it names the customer `G…` with memo `id`.
 */
export function parseAddress(text: string): ParsedAddress | undefined {
  if (text.startsWith('G') && isAccountId(text)) return { kind: 'account', account: text };
  if (text.startsWith('C') && text.length === 56 && decode(text, VERSION.contract, 32) !== undefined) {
    return { kind: 'contract', account: text };
  }
  if (text.startsWith('M') && text.length === 69) {
    const payload = decode(text, VERSION.muxed, 40);
    if (payload === undefined) return undefined;
    const id = new DataView(payload.buffer, payload.byteOffset).getBigUint64(32);
    return { kind: 'muxed', account: encode(VERSION.account, payload.subarray(0, 32)), id: id.toString() };
  }
  return undefined;
}
