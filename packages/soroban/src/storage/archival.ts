/**
 * Archived state: a persistent entry (contract data, instance or code) whose live-until ledger is
 * before the current one is archived and must be restored before use; a temporary one past its TTL
 * is gone. `AutoRestoringSnapshot` is soroban-simulation's snapshot_source.rs wrapper: it shows
 * archived entries as restored now and lists them, which is what stellar-rpc turns into a
 * simulation's `restorePreamble`.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { type Durability, keyDurability, type LedgerInfo, minLiveUntilLedger } from './ledger-info.js';
import { type EntryWithLiveUntil, keyId, type SnapshotSource } from './snapshot.js';

export type EntryState = 'live' | 'archived' | 'expired' | 'missing' | 'classic';

/** Whether a key's entry in `snapshot` can be used at ledger `sequence`. */
export function entryState(key: xdr.LedgerKey, snapshot: SnapshotSource, sequence: number): EntryState {
  const found = snapshot.get(key);
  if (!found) return 'missing';
  return stateOf(keyDurability(key), found, sequence);
}

function stateOf(
  durability: Durability | undefined,
  found: EntryWithLiveUntil,
  sequence: number,
): EntryState {
  if (durability === undefined) return 'classic';
  // Entries with a durability must have a TTL (snapshot_source.rs calls this internal).
  if (found.liveUntil === undefined)
    throw new HostError('Storage', 'InternalError', 'contract entry without TTL');
  if (found.liveUntil >= sequence) return 'live';
  return durability === 'persistent' ? 'archived' : 'expired';
}

/** The footprint keys whose entries are archived at ledger `sequence`, in footprint order. */
export function keysNeedingRestore(
  keys: Iterable<xdr.LedgerKey>,
  snapshot: SnapshotSource,
  sequence: number,
): xdr.LedgerKey[] {
  const seen = new Set<string>();
  const result: xdr.LedgerKey[] = [];
  for (const key of keys) {
    const id = keyId(key);
    if (seen.has(id)) continue;
    seen.add(id);
    if (entryState(key, snapshot, sequence) === 'archived') result.push(key);
  }
  return result;
}

/**
 * A snapshot in which archived entries read as restored in this ledger (live until the minimum
 * persistent TTL) and expired temporary ones as absent; the restored keys are remembered.
 */
export class AutoRestoringSnapshot implements SnapshotSource {
  private readonly restored = new Map<string, xdr.LedgerKey>();
  private readonly restoredLiveUntil: number;

  constructor(
    private readonly inner: SnapshotSource,
    private readonly ledger: LedgerInfo,
  ) {
    this.restoredLiveUntil = minLiveUntilLedger(ledger, 'persistent');
  }

  get(key: xdr.LedgerKey): EntryWithLiveUntil | undefined {
    const found = this.inner.get(key);
    if (!found) return undefined;
    const state = stateOf(keyDurability(key), found, this.ledger.sequenceNumber);
    if (state === 'expired') return undefined;
    if (state !== 'archived') return found;
    this.restored.set(keyId(key), key);
    return { entry: found.entry, liveUntil: this.restoredLiveUntil };
  }

  /** The keys restored so far: a RestoreFootprint operation must come first for these. */
  restoredKeys(): xdr.LedgerKey[] {
    return [...this.restored.values()];
  }

  resetRestoredKeys(): void {
    this.restored.clear();
  }
}
