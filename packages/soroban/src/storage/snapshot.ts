/**
 * Where storage reads ledger entries from: an entry and its live-until ledger by key
 * (soroban-env-host/src/storage.rs `SnapshotSource`). A snapshot may hold archived persistent
 * entries and expired temporary ones; storage decides what their live-until ledger means.
 */
import type { xdr } from '@stellar/stellar-sdk/base';

export interface EntryWithLiveUntil {
  entry: xdr.LedgerEntry;
  /** Set for contract data and code (which have a TTL), undefined for classic entries. */
  liveUntil: number | undefined;
}

export interface SnapshotSource {
  get(key: xdr.LedgerKey): EntryWithLiveUntil | undefined;
}

/** Keys are the same key exactly when their XDR bytes are. */
export function keyId(key: xdr.LedgerKey): string {
  return key.toXdr('base64');
}

/** A snapshot held in memory, keyed by the XDR bytes of each key. */
export class InMemorySnapshot implements SnapshotSource {
  private readonly entries = new Map<string, EntryWithLiveUntil>();

  constructor(entries: Iterable<readonly [xdr.LedgerKey, EntryWithLiveUntil]> = []) {
    for (const [key, value] of entries) this.set(key, value);
  }

  get(key: xdr.LedgerKey): EntryWithLiveUntil | undefined {
    return this.entries.get(keyId(key));
  }

  set(key: xdr.LedgerKey, value: EntryWithLiveUntil): void {
    this.entries.set(keyId(key), value);
  }

  delete(key: xdr.LedgerKey): void {
    this.entries.delete(keyId(key));
  }

  get size(): number {
    return this.entries.size;
  }
}
