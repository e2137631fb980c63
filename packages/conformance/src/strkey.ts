/** Stellar account ids, written with @stellar/stellar-sdk, so the suites can name fresh accounts. */
import { randomBytes } from 'node:crypto';
import { StrKey } from '@stellar/stellar-sdk/base';

/** The G… address of a 32-byte public key. */
export function accountId(key: Uint8Array): string {
  if (key.length !== 32) throw new RangeError('an account key has 32 bytes');
  return StrKey.encodeEd25519PublicKey(key);
}

/** A fresh, valid G… address that no back-end knows yet. */
export function randomAccountId(): string {
  return accountId(randomBytes(32));
}
