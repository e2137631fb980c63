/**
 * How a LedgerEntryChange moves the index's copy of the ledger state: created, updated and
 * restored entries are written, removed ones deleted (the `state` before-images change nothing).
 * Entries are kept under the base64 of their LedgerKey, as stellar-core keys them.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { accountId, base64 } from '../derive/format.js';
import { readLedgerEntry } from '../generated/xdr-reader.gen.js';
import { writeLedgerKey } from '../generated/xdr-writer.gen.js';
import { readXdr } from '../meta/xdr-reader.js';
import { writeXdr, writeXdrAs } from '../meta/xdr-writer.js';

export interface ChangeEffect {
  key: string;
  /** The entry now, or null when removed. */
  entry: xdr.LedgerEntry | null;
}

// A ledger's derivations ask for the same entry's key, and its XDR, several times (the state
// rows, the touched records, each operation's sorted changes): each is made once per decoded
// object. Nothing changes a decoded ledger's values, so they may be shared.
const keysOfEntries = new WeakMap<xdr.LedgerEntry, xdr.LedgerKey | null>();
const keysXdr = new WeakMap<xdr.LedgerKey, Uint8Array>();

/**
 * `entryKey` made once per entry object: for a decoded ledger's entries, which its derivations
 * ask for again (an archive's millions of entries, each asked for once, use `entryKey`).
 */
export function derivedEntryKey(entry: xdr.LedgerEntry): xdr.LedgerKey | undefined {
  let key = keysOfEntries.get(entry);
  if (key === undefined) {
    key = entryKey(entry) ?? null;
    keysOfEntries.set(entry, key);
  }
  return key ?? undefined;
}

/** A LedgerKey's XDR (the same bytes for the same key object: not to be changed). */
export function ledgerKeyXdr(key: xdr.LedgerKey): Uint8Array {
  let bytes = keysXdr.get(key);
  if (!bytes) {
    bytes = writeXdr(writeLedgerKey, key);
    keysXdr.set(key, bytes);
  }
  return bytes;
}

/**
 * A LedgerKey's base64, as the index keys entries: from its XDR when a derivation made that
 * already (ledgerKeyXdr), else written without keeping it (a key made for one lookup, or one
 * of an archive's millions of entries).
 */
export function ledgerKeyBase64(key: xdr.LedgerKey): string {
  const bytes = keysXdr.get(key);
  return bytes ? base64(bytes) : writeXdrAs(writeLedgerKey, key, 'base64');
}

/**
 * An entry as the index stores it (`entries.entry`, the base64 of its XDR) read back, by the
 * generated reader: the SDK's decoding builds each value twice over.
 */
export function storedEntry(text: unknown): xdr.LedgerEntry {
  return readXdr('LedgerEntry', readLedgerEntry, Buffer.from(String(text), 'base64'));
}

/** The key of a classic entry (stellar-core LedgerEntryKey); undefined for Soroban entries. */
export function entryKey(entry: xdr.LedgerEntry): xdr.LedgerKey | undefined {
  const data = entry.data;
  switch (data.type) {
    case 'account':
      return xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: data.account.accountId }));
    case 'trustline':
      return xdr.LedgerKey.trustline(
        new xdr.LedgerKeyTrustLine({ accountId: data.trustLine.accountId, asset: data.trustLine.asset }),
      );
    case 'offer':
      return xdr.LedgerKey.offer(
        new xdr.LedgerKeyOffer({ sellerId: data.offer.sellerId, offerId: data.offer.offerId }),
      );
    case 'data':
      return xdr.LedgerKey.data(
        new xdr.LedgerKeyData({ accountId: data.data.accountId, dataName: data.data.dataName.bytes }),
      );
    case 'claimableBalance':
      return xdr.LedgerKey.claimableBalance(
        new xdr.LedgerKeyClaimableBalance({ balanceId: data.claimableBalance.balanceId }),
      );
    case 'liquidityPool':
      return xdr.LedgerKey.liquidityPool(
        new xdr.LedgerKeyLiquidityPool({ liquidityPoolId: data.liquidityPool.liquidityPoolId }),
      );
    default:
      return undefined;
  }
}

const KEPT = new Set(['account', 'trustline', 'offer', 'data', 'claimableBalance', 'liquidityPool']);

/** Whether the index keeps entries of this type (a LedgerKey's or LedgerEntryData's `type`). */
export const isKeptType = (type: string): boolean => KEPT.has(type);

export function keyOfChange(change: xdr.LedgerEntryChange): ChangeEffect | undefined {
  switch (change.type) {
    case 'ledgerEntryRemoved':
      return isKeptType(change.removed.type)
        ? { key: ledgerKeyBase64(change.removed), entry: null }
        : undefined;
    case 'ledgerEntryState':
      return undefined;
    default: {
      const entry =
        change.type === 'ledgerEntryCreated'
          ? change.created
          : change.type === 'ledgerEntryUpdated'
            ? change.updated
            : change.restored;
      const key = derivedEntryKey(entry);
      return key ? { key: ledgerKeyBase64(key), entry } : undefined;
    }
  }
}

/** `account`, `trustline`, `offer`, `data`, `claimableBalance` or `liquidityPool`. */
export function entryKind(entry: xdr.LedgerEntry): string {
  return entry.data.type;
}

/** The account an entry belongs to (none for claimable balances and pools). */
export function entryOwner(entry: xdr.LedgerEntry): string | undefined {
  const data = entry.data;
  switch (data.type) {
    case 'account':
      return accountId(data.account.accountId);
    case 'trustline':
      return accountId(data.trustLine.accountId);
    case 'offer':
      return accountId(data.offer.sellerId);
    case 'data':
      return accountId(data.data.accountId);
    default:
      return undefined;
  }
}
