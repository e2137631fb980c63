/**
 * Ledger entries under a footprint (soroban-env-host/src/storage.rs `Storage`). Enforcing mode
 * (apply) reads only what the footprint declares, from entries loaded up front; recording mode
 * (simulation) reads through to a snapshot and records every key it touches. Each operation
 * charges `meter` where the Rust host's metered maps do.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { type AccessType, Footprint } from './footprint.js';
import { keyKind } from './key-kind.js';
import { LedgerKeyMap } from './key-map.js';
import { checkSupportedEntry, checkSupportedKey } from './key-order.js';
import { keyDurability, type LedgerInfo, maxLiveUntilLedger, minLiveUntilLedger } from './ledger-info.js';
import { DECLARED_SIZE, type Meter } from './meter.js';
import type { EntryWithLiveUntil, SnapshotSource } from './snapshot.js';

/** An entry with its live-until ledger, or null for a key known to have no entry (or deleted). */
export type StorageMap = LedgerKeyMap<EntryWithLiveUntil | null>;

export function newStorageMap(): StorageMap {
  return new LedgerKeyMap<EntryWithLiveUntil | null>(DECLARED_SIZE.storageSlot);
}

export interface StorageOptions {
  /**
   * The host compiled with its `recording_mode` feature (stellar-rpc, the host's own tests) also
   * looks for expired entries before every write and TTL extension, in both modes; stellar-core's
   * build does not. Only the charges differ in enforcing mode. Default: true.
   */
  recordingFeature?: boolean;
  /**
   * What touching an archived persistent entry does: 'restore' it (protocol 23 automatic
   * restoration, the default) or fail with `(Storage, InternalError)` as hosts before protocol 23
   * did (stellar-core never runs a transaction whose footprint holds an unrestored archived entry).
   */
  archived?: 'restore' | 'error';
}

/** Gives the host's current ledger, or undefined before the host has one. */
export type LedgerSource = () => LedgerInfo | undefined;

export class Storage {
  /**
   * Told when a TTL extension reads the ledger sequence: the Rust host asks its own env
   * (`host.get_ledger_sequence()` in storage.rs `extend_ttl`), a call its trace shows.
   */
  onSequenceRead: (() => void) | undefined;

  private constructor(
    private currentFootprint: Footprint,
    public map: StorageMap,
    private readonly source: SnapshotSource | undefined,
    private readonly ledgerSource: LedgerSource,
    private readonly recordingFeature: boolean,
    private readonly archived: 'restore' | 'error',
  ) {}

  /** Apply: only the footprint's keys, whose entries (live ones) are all in `map`. */
  static enforcing(
    footprint: Footprint,
    map: StorageMap,
    ledger: LedgerSource,
    options: StorageOptions = {},
  ) {
    return new Storage(
      footprint,
      map,
      undefined,
      ledger,
      options.recordingFeature ?? true,
      options.archived ?? 'restore',
    );
  }

  /** Simulation: reads through to `source`, recording the footprint. */
  static recording(source: SnapshotSource, ledger: LedgerSource, options: StorageOptions = {}): Storage {
    return new Storage(new Footprint(), newStorageMap(), source, ledger, true, options.archived ?? 'restore');
  }

  get footprint(): Footprint {
    return this.currentFootprint;
  }

  /** testutils `reset_footprint`: an empty footprint; the entries stay, as the ledger before a call. */
  resetFootprint(): void {
    this.currentFootprint = new Footprint();
  }

  get isRecording(): boolean {
    return this.source !== undefined;
  }

  /** The snapshot behind a recording storage (`get_snapshot_value`); enforcing storage has none. */
  snapshotValue(key: xdr.LedgerKey): EntryWithLiveUntil | undefined {
    if (!this.source)
      throw new HostError('Storage', 'InternalError', 'trying to get snapshot value in enforcing mode');
    return this.source.get(key);
  }

  private ledger(): LedgerInfo {
    const ledger = this.ledgerSource();
    if (!ledger) throw new HostError('Context', 'InternalError', 'missing ledger info');
    return ledger;
  }

  private access(key: xdr.LedgerKey, access: AccessType, meter: Meter): void {
    if (this.source) this.footprint.recordAccess(key, access, meter);
    else this.footprint.enforceAccess(key, access, meter);
  }

  /** The entry and its live-until ledger, or undefined when there is none (`try_get_full`). */
  tryGetFull(key: xdr.LedgerKey, meter: Meter): EntryWithLiveUntil | undefined {
    checkSupportedKey(key);
    this.prepareReadOnlyAccess(key, meter);
    const value = this.map.get(key, meter);
    // prepareReadOnlyAccess guarantees the key is in the map.
    if (value === undefined)
      throw new HostError('Storage', 'InternalError', 'key missing from the storage map');
    return value ?? undefined;
  }

  tryGet(key: xdr.LedgerKey, meter: Meter): xdr.LedgerEntry | undefined {
    return this.tryGetFull(key, meter)?.entry;
  }

  getWithLiveUntil(key: xdr.LedgerKey, meter: Meter): EntryWithLiveUntil {
    const value = this.tryGetFull(key, meter);
    if (!value)
      throw new HostError('Storage', 'MissingValue', `trying to get non-existing value for ${keyKind(key)}`);
    return value;
  }

  get(key: xdr.LedgerKey, meter: Meter): xdr.LedgerEntry {
    return this.getWithLiveUntil(key, meter).entry;
  }

  has(key: xdr.LedgerKey, meter: Meter): boolean {
    return this.tryGetFull(key, meter) !== undefined;
  }

  put(key: xdr.LedgerKey, entry: xdr.LedgerEntry, liveUntil: number | undefined, meter: Meter): void {
    this.putOpt(key, { entry, liveUntil }, meter);
  }

  del(key: xdr.LedgerKey, meter: Meter): void {
    this.putOpt(key, null, meter);
  }

  private putOpt(key: xdr.LedgerKey, value: EntryWithLiveUntil | null, meter: Meter): void {
    checkSupportedKey(key);
    if (value) checkSupportedEntry(value.entry);
    if (this.recordingFeature) this.handleMaybeExpiredEntry(key, meter);
    this.access(key, 'readWrite', meter);
    this.map.set(key, value, meter);
  }

  /**
   * Extends the entry to live `extendTo` ledgers past the current one, if its live-until ledger is
   * at most `threshold` ledgers away (`extend_ttl`). Past the maximum TTL a persistent entry is
   * clamped to the maximum and a temporary one is an error: a temporary entry must live exactly as
   * long as asked (a nonce must not outlive its signature's window silently, nor expire early).
   */
  extendTtl(key: xdr.LedgerKey, threshold: number, extendTo: number, meter: Meter): void {
    checkSupportedKey(key);
    if (threshold > extendTo) {
      throw new HostError(
        'Storage',
        'InvalidInput',
        `threshold must be <= extend_to (${threshold} > ${extendTo})`,
      );
    }
    const { entry, oldLiveUntil, ledger, sequence } = this.liveEntryToExtend(key, meter);
    let newLiveUntil = sequence + extendTo;
    if (newLiveUntil > 0xffff_ffff)
      throw new HostError('Context', 'InternalError', 'live-until ledger overflows u32');
    const max = maxLiveUntilLedger(ledger);
    if (newLiveUntil > max) {
      const durability = keyDurability(key);
      if (durability === undefined) throw new HostError('Storage', 'InternalError', 'durability is missing');
      if (durability === 'temporary') {
        throw new HostError(
          'Storage',
          'InvalidAction',
          `trying to extend past max live_until ledger (${newLiveUntil})`,
        );
      }
      newLiveUntil = max;
    }
    if (newLiveUntil > oldLiveUntil && Math.max(oldLiveUntil - sequence, 0) <= threshold) {
      this.map.set(key, { entry, liveUntil: newLiveUntil }, meter);
    }
  }

  /**
   * Protocol 26's `extend_ttl_v2`: extends the entry towards `extendTo` ledgers past the current
   * one by as many ledgers as that takes, at most `maxExtension` and at most to the network's
   * maximum, and only if that is at least `minExtension` ledgers (otherwise nothing changes). A
   * temporary entry asked past the maximum TTL is an error, as with `extendTtl`.
   */
  extendTtlV2(
    key: xdr.LedgerKey,
    extendTo: number,
    minExtension: number,
    maxExtension: number,
    meter: Meter,
  ): void {
    if (maxExtension < minExtension) {
      throw new HostError(
        'Storage',
        'InvalidInput',
        `max_extension must be >= min_extension (${maxExtension} < ${minExtension})`,
      );
    }
    const { entry, oldLiveUntil, currentTtl, maxLiveUntil } = this.prepareExtendTtl(key, extendTo, meter);
    const extension = Math.min(
      Math.max(extendTo - currentTtl, 0),
      maxExtension,
      Math.max(maxLiveUntil - oldLiveUntil, 0),
    );
    if (extension < minExtension) return;
    const newLiveUntil = oldLiveUntil + extension;
    if (newLiveUntil > 0xffff_ffff)
      throw new HostError('Context', 'InternalError', 'live-until ledger overflows u32');
    if (newLiveUntil > oldLiveUntil) this.map.set(key, { entry, liveUntil: newLiveUntil }, meter);
  }

  /** The entry a TTL extension reads: it must exist, have a TTL and still be live. */
  private liveEntryToExtend(key: xdr.LedgerKey, meter: Meter) {
    if (this.recordingFeature) this.handleMaybeExpiredEntry(key, meter);
    const { entry, liveUntil: oldLiveUntil } = this.getWithLiveUntil(key, meter);
    if (oldLiveUntil === undefined)
      throw new HostError('Storage', 'InternalError', 'trying to extend invalid entry');
    const ledger = this.ledger();
    this.onSequenceRead?.();
    const sequence = ledger.sequenceNumber;
    if (oldLiveUntil < sequence) {
      throw new HostError(
        'Storage',
        'InternalError',
        `accessing no-longer-live entry (${oldLiveUntil} < ${sequence})`,
      );
    }
    return { entry, oldLiveUntil, ledger, sequence };
  }

  /** `prepare_extend_ttl` (v26.0.0 storage.rs): the live entry and where its TTL stands. */
  private prepareExtendTtl(key: xdr.LedgerKey, extendTo: number, meter: Meter) {
    checkSupportedKey(key);
    const { entry, oldLiveUntil, ledger, sequence } = this.liveEntryToExtend(key, meter);
    const maxLiveUntil = maxLiveUntilLedger(ledger);
    const durability = keyDurability(key);
    if (durability === undefined) throw new HostError('Storage', 'InternalError', 'durability is missing');
    const maxTtl = Math.max(maxLiveUntil - sequence, 0);
    if (durability === 'temporary' && extendTo > maxTtl) {
      throw new HostError(
        'Storage',
        'InvalidAction',
        `trying to extend temporary entry past max TTL allowed by network: ${extendTo} > ${maxTtl}`,
      );
    }
    return { entry, oldLiveUntil, currentTtl: Math.max(oldLiveUntil - sequence, 0), maxLiveUntil };
  }

  private prepareReadOnlyAccess(key: xdr.LedgerKey, meter: Meter): void {
    if (!this.source) {
      this.footprint.enforceAccess(key, 'readOnly', meter);
      return;
    }
    this.footprint.recordAccess(key, 'readOnly', meter);
    // The map caches the snapshot: a miss reads through once.
    if (!this.map.has(key, meter)) this.map.set(key, this.source.get(key) ?? null, meter);
    this.footprint.recordAccess(key, 'readOnly', meter);
    this.handleMaybeExpiredEntry(key, meter);
  }

  /**
   * A snapshot may hold entries past their TTL: a temporary one is gone; a persistent one is
   * restored on access (protocol 23 automatic restoration), recorded read-write, to live for the
   * minimum persistent TTL (`handle_maybe_expired_entry`).
   */
  private handleMaybeExpiredEntry(key: xdr.LedgerKey, meter: Meter): void {
    const ledger = this.ledger();
    const current = this.map.get(key, meter);
    if (!current) return;
    const durability = keyDurability(key);
    if (durability === undefined) return;
    if (current.liveUntil === undefined) {
      throw new HostError('Storage', 'InternalError', 'unexpected contract entry without TTL');
    }
    if (current.liveUntil >= ledger.sequenceNumber) return;
    if (durability === 'temporary') {
      this.map.set(key, null, meter);
      return;
    }
    if (this.archived === 'error') {
      throw new HostError('Storage', 'InternalError', 'accessed a persistent entry that has been archived');
    }
    this.footprint.recordAccess(key, 'readWrite', meter);
    let restoredUntil: number;
    try {
      restoredUntil = minLiveUntilLedger(ledger, 'persistent');
    } catch {
      throw new HostError(
        'Storage',
        'InternalError',
        'persistent entry TTL overflow, ledger is mis-configured',
      );
    }
    this.map.set(key, { entry: current.entry, liveUntil: restoredUntil }, meter);
  }

  /** The map as it is now, to return to if a call fails (frame.rs RollbackPoint). */
  rollbackPoint(meter: Meter): StorageMap {
    return this.map.clone(meter);
  }

  /** Back to a rollback point: the footprint keeps what was recorded since. */
  rollback(point: StorageMap): void {
    this.map = point;
  }
}
