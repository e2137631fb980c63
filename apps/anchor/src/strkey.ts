/**
 * Stellar addresses (SEP-23 strkeys), read and written with @stellar/stellar-base: G… accounts,
 * M… muxed accounts (an account plus a 64-bit id) and C… contracts.
 */
import { StrKey } from '@stellar/stellar-sdk/base';

/** True for a G… address with a valid checksum. */
export function isAccountId(text: string): boolean {
  return StrKey.isValidEd25519PublicKey(text);
}

/** The G… address of a 32-byte ed25519 public key. */
export function encodeAccountId(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new RangeError('an ed25519 public key has 32 bytes');
  return StrKey.encodeEd25519PublicKey(Buffer.from(publicKey));
}

/** The M… address of a G… address and a 64-bit id. */
export function encodeMuxedAccount(accountId: string, id: bigint): string {
  if (!isAccountId(accountId)) throw new RangeError(`not an account id: ${accountId}`);
  const payload = Buffer.alloc(40);
  StrKey.decodeEd25519PublicKey(accountId).copy(payload);
  payload.writeBigUInt64BE(id, 32);
  return StrKey.encodeMed25519PublicKey(payload);
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
  if (StrKey.isValidEd25519PublicKey(text)) return { kind: 'account', account: text };
  if (StrKey.isValidContract(text)) return { kind: 'contract', account: text };
  if (StrKey.isValidMed25519PublicKey(text)) {
    const payload = StrKey.decodeMed25519PublicKey(text);
    const account = StrKey.encodeEd25519PublicKey(payload.subarray(0, 32));
    return { kind: 'muxed', account, id: payload.readBigUInt64BE(32).toString() };
  }
  return undefined;
}
