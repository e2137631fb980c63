/**
 * Stellar addresses (SEP-23 strkeys), read and written with @stellar/stellar-sdk: G… accounts,
 * M… muxed accounts (an account plus a 64-bit id) and C… contracts.
 */
import { Account, MuxedAccount, StrKey } from '@stellar/stellar-sdk/base';

/** True for a G… address with a valid checksum. */
export function isAccountId(text: string): boolean {
  return StrKey.isValidEd25519PublicKey(text);
}

/** The G… address of a 32-byte ed25519 public key. */
export function encodeAccountId(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new RangeError('an ed25519 public key has 32 bytes');
  return StrKey.encodeEd25519PublicKey(publicKey);
}

/** The M… address of a G… address and a 64-bit id. */
export function encodeMuxedAccount(accountId: string, id: bigint): string {
  if (!isAccountId(accountId)) throw new RangeError(`not an account id: ${accountId}`);
  if (id < 0n || id >= 2n ** 64n) throw new RangeError(`not a 64-bit muxed id: ${id}`);
  // The sequence number is never used: MuxedAccount only needs one to be built.
  return new MuxedAccount(new Account(accountId, '0'), id.toString()).accountId();
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
    const muxed = MuxedAccount.fromAddress(text, '0');
    return { kind: 'muxed', account: muxed.baseAccount().accountId(), id: muxed.id() };
  }
  return undefined;
}
