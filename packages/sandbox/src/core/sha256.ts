/**
 * SHA-256 through node:crypto: the bytes of the SDK's `hash` (a Uint8Array, text as UTF-8),
 * computed natively from the first call, where the SDK's JavaScript digest runs interpreted
 * through the start (the network id, the root's and friendbot's keys, the first ledgers' hashes).
 */
import { createHash } from 'node:crypto';

export function sha256(data: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest());
}
