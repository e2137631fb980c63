/**
 * Stellar account ids (SEP-23 strkeys: base32 of version byte, 32-byte key, CRC16-XModem little
 * endian), so that the suites can name fresh accounts a back-end accepts as valid.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const ACCOUNT_VERSION = 6 << 3;

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base32(bytes: Uint8Array): string {
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

/** The G… address of a 32-byte public key. */
export function accountId(key: Uint8Array): string {
  if (key.length !== 32) throw new RangeError('an account key has 32 bytes');
  const body = new Uint8Array(33);
  body[0] = ACCOUNT_VERSION;
  body.set(key, 1);
  const checksum = crc16(body);
  const full = new Uint8Array(35);
  full.set(body);
  full[33] = checksum & 0xff;
  full[34] = checksum >> 8;
  return base32(full);
}

/** A fresh, valid G… address that no back-end knows yet. */
export function randomAccountId(): string {
  return accountId(randomBytes(32));
}
