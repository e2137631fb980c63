/**
 * Stellar accounts no back-end knows yet, written with @stellar/stellar-sdk: their ids and ledger
 * keys. (apps/anchor reads addresses with its own strkey module: a suite never shares code with a
 * back-end it judges.)
 */
import { randomBytes } from 'node:crypto';
import { StrKey, xdr } from '@stellar/stellar-sdk/base';

/** The G… address of a 32-byte public key. */
export function accountId(key: Uint8Array): string {
  if (key.length !== 32) throw new RangeError('an account key has 32 bytes');
  return StrKey.encodeEd25519PublicKey(key);
}

/** A fresh, valid G… address that no back-end knows yet. */
export function randomAccountId(): string {
  return accountId(randomBytes(32));
}

/** XDR of a LedgerKey of type ACCOUNT for a random ed25519 key (an account that does not exist). */
export function randomAccountKey(): string {
  const accountId = xdr.PublicKey.publicKeyTypeEd25519(randomBytes(32));
  return xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId })).toXdr('base64');
}
