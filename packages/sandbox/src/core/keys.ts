/**
 * Ledger keys and account ids. Every entry of the state is stored under the base64 XDR of its
 * `LedgerKey` (its "key id"), the form a persistent store keeps too.
 * Key builders follow stellar-core's TransactionUtils (accountKey, trustlineKey, offerKey, ...).
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { BoundedCache } from './bounded-cache.js';

/** Account key ids by the account's raw key: the apply loop asks for the same few again and again. */
const accountKeyIds = new BoundedCache<string>(0xffff);

/**
 * The XDR of each key object, encoded once: a Soroban footprint's keys are checked at submission
 * and again at apply, and loaded with their TTL entries, each of which encoded the same key again.
 * A LedgerKey is not changed once made (the host's key maps rely on that too).
 */
const keyEncodings = new WeakMap<xdr.LedgerKey, { bytes: Buffer; id?: string }>();
function encodingOf(key: xdr.LedgerKey): { bytes: Buffer; id?: string } {
  let encoding = keyEncodings.get(key);
  if (!encoding) {
    encoding = { bytes: Buffer.from(key.toXdr()) };
    keyEncodings.set(key, encoding);
  }
  return encoding;
}

/** A ledger key's XDR bytes (shared: not to be written to). */
export function keyBytes(key: xdr.LedgerKey): Buffer {
  return encodingOf(key).bytes;
}

/** The map key of a ledger entry: the base64 XDR of its `LedgerKey`. */
export function keyId(key: xdr.LedgerKey): string {
  if (key.type !== 'account') {
    const encoding = encodingOf(key);
    encoding.id ??= encoding.bytes.toString('base64');
    return encoding.id;
  }
  const raw = Buffer.from(key.account.accountId.ed25519.toBytes()).toString('base64');
  return accountKeyIds.get(raw, () => key.toXdr('base64'));
}

export function accountKey(accountId: xdr.PublicKey): xdr.LedgerKey {
  return xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId }));
}

export function trustLineKey(accountId: xdr.PublicKey, asset: xdr.TrustLineAsset): xdr.LedgerKey {
  return xdr.LedgerKey.trustline(new xdr.LedgerKeyTrustLine({ accountId, asset }));
}

export function offerKey(sellerId: xdr.PublicKey, offerId: bigint): xdr.LedgerKey {
  return xdr.LedgerKey.offer(new xdr.LedgerKeyOffer({ sellerId, offerId }));
}

export function dataKey(accountId: xdr.PublicKey, dataName: string | Uint8Array): xdr.LedgerKey {
  return xdr.LedgerKey.data(new xdr.LedgerKeyData({ accountId, dataName }));
}

export function claimableBalanceKey(balanceId: xdr.ClaimableBalanceId): xdr.LedgerKey {
  return xdr.LedgerKey.claimableBalance(new xdr.LedgerKeyClaimableBalance({ balanceId }));
}

export function liquidityPoolKey(liquidityPoolId: Uint8Array): xdr.LedgerKey {
  return xdr.LedgerKey.liquidityPool(
    new xdr.LedgerKeyLiquidityPool({ liquidityPoolId: new xdr.PoolId(liquidityPoolId) }),
  );
}

/** The key of an entry (stellar-core LedgerEntryKey). */
export function configSettingKey(id: xdr.ConfigSettingId): xdr.LedgerKey {
  return xdr.LedgerKey.configSetting(new xdr.LedgerKeyConfigSetting({ configSettingId: id }));
}

export function entryKey(entry: xdr.LedgerEntry): xdr.LedgerKey {
  const data = entry.data;
  switch (data.type) {
    case 'account':
      return accountKey(data.account.accountId);
    case 'trustline':
      return trustLineKey(data.trustLine.accountId, data.trustLine.asset);
    case 'offer':
      return offerKey(data.offer.sellerId, data.offer.offerId);
    case 'data':
      return dataKey(data.data.accountId, data.data.dataName.bytes);
    case 'claimableBalance':
      return claimableBalanceKey(data.claimableBalance.balanceId);
    case 'liquidityPool':
      return liquidityPoolKey(data.liquidityPool.liquidityPoolId.toBytes());
    case 'contractData': {
      const { contract, key, durability } = data.contractData;
      return xdr.LedgerKey.contractData(new xdr.LedgerKeyContractData({ contract, key, durability }));
    }
    case 'contractCode':
      return xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: data.contractCode.hash }));
    case 'ttl':
      return xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: data.ttl.keyHash }));
    case 'configSetting':
      return configSettingKey(xdr.ConfigSettingId.fromName(data.configSetting.type));
    default:
      throw new Error(`no key for a ${(data as xdr.LedgerEntryData).type} entry`);
  }
}

export function accountIdFromBytes(ed25519: Uint8Array): xdr.PublicKey {
  return xdr.PublicKey.publicKeyTypeEd25519(ed25519);
}

export function accountIdFromAddress(address: string): xdr.PublicKey {
  return accountIdFromBytes(StrKey.decodeEd25519PublicKey(address));
}

/** The raw ed25519 key of an account id. */
export function accountIdBytes(id: xdr.PublicKey): Uint8Array {
  return id.ed25519.toBytes();
}

export function accountAddress(id: xdr.PublicKey): string {
  return StrKey.encodeEd25519PublicKey(accountIdBytes(id));
}

/** The account behind a (possibly muxed) account (stellar-core toAccountID). */
export function muxedToAccountId(muxed: xdr.MuxedAccount): xdr.PublicKey {
  return muxed.type === 'keyTypeEd25519'
    ? accountIdFromBytes(muxed.ed25519.toBytes())
    : accountIdFromBytes(muxed.med25519.ed25519.toBytes());
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function sameAccount(a: xdr.PublicKey, b: xdr.PublicKey): boolean {
  return sameBytes(accountIdBytes(a), accountIdBytes(b));
}

/** Byte-wise comparison (stellar-core compares hashes and keys as unsigned byte strings). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
