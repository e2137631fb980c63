/**
 * RestoreFootprintOp and ExtendFootprintTTLOp over a snapshot, as stellar-core v23 applies them
 * (transactions/RestoreFootprintOpFrame.cpp, ExtendFootprintTTLOpFrame.cpp). Both are pure: they
 * return the new live-until ledgers and the rent changes; the caller writes the TTLs and charges
 * the rent fee (fees.rs) against the refundable fee.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { type EntrySizeForRent, xdrSizeForRent } from './ledger-changes.js';
import { type Durability, keyDurability } from './ledger-info.js';
import type { LedgerEntryRentChange } from './rent-changes.js';
import { IN_MEMORY_SOROBAN_STATE_PROTOCOL } from './resources.js';
import type { SnapshotSource } from './snapshot.js';

/** The network settings these operations need (the rest of the network config lives elsewhere). */
export interface FootprintOpSettings {
  minPersistentTtl: number;
  maxEntryTtl: number;
  maxContractSizeBytes: number;
  maxContractDataEntrySizeBytes: number;
}

export interface FootprintOpContext {
  snapshot: SnapshotSource;
  ledgerSequence: number;
  protocolVersion: number;
  settings: FootprintOpSettings;
  /** The transaction's declared resources. */
  resources: { footprint: xdr.LedgerFootprint; diskReadBytes: number; writeBytes: number };
  /** Rent size of code entries from protocol 23 (XDR size plus module memory); XDR size if absent. */
  entrySizeForRent?: EntrySizeForRent;
}

export type FootprintOpCode = 'success' | 'malformed' | 'resourceLimitExceeded';

export interface FootprintOpResult {
  code: FootprintOpCode;
  /** Why it failed, as the diagnostic event stellar-core emits. */
  detail?: string;
  /** Keys whose TTL changes, with their new live-until ledger, in footprint order. */
  newLiveUntil: Array<{ key: xdr.LedgerKey; entry: xdr.LedgerEntry; liveUntilLedger: number }>;
  rentChanges: LedgerEntryRentChange[];
  readBytes: number;
  writeBytes: number;
}

function result(code: FootprintOpCode, detail?: string): FootprintOpResult {
  return { code, detail, newLiveUntil: [], rentChanges: [], readBytes: 0, writeBytes: 0 };
}

function sizeForRent(context: FootprintOpContext, entry: xdr.LedgerEntry, xdrSize: number): number {
  if (context.protocolVersion < IN_MEMORY_SOROBAN_STATE_PROTOCOL || entry.data.type !== 'contractCode')
    return xdrSize;
  return Math.min((context.entrySizeForRent ?? xdrSizeForRent)(entry, xdrSize, { charge() {} }), 0xffff_ffff);
}

/** validateContractLedgerEntry: entries above the network's size limits cannot be written. */
function sizeLimitError(key: xdr.LedgerKey, size: number, settings: FootprintOpSettings): string | undefined {
  if (key.type === 'contractCode' && size > settings.maxContractSizeBytes) {
    return 'Wasm size exceeds network config maximum contract size';
  }
  if (key.type === 'contractData' && size > settings.maxContractDataEntrySizeBytes) {
    return 'ContractData size exceeds network config maximum size';
  }
  return undefined;
}

function rentChange(
  key: xdr.LedgerKey,
  durability: Durability,
  size: number,
  oldLiveUntil: number | undefined,
  newLiveUntil: number,
): LedgerEntryRentChange {
  return {
    isPersistent: durability === 'persistent',
    isCodeEntry: key.type === 'contractCode',
    oldSizeBytes: oldLiveUntil === undefined ? 0 : size,
    newSizeBytes: size,
    oldLiveUntilLedger: oldLiveUntil ?? 0,
    newLiveUntilLedger: newLiveUntil,
  };
}

/** Restores the archived persistent entries of the read-write footprint for the minimum persistent TTL. */
export function restoreFootprint(context: FootprintOpContext): FootprintOpResult {
  const { footprint } = context.resources;
  if (footprint.readOnly.length > 0) {
    return result('malformed', 'read-only footprint must be empty for RestoreFootprint operation');
  }
  if (footprint.readWrite.some((key) => keyDurability(key) !== 'persistent')) {
    return result('malformed', 'only persistent Soroban entries can be restored');
  }
  const restoredLiveUntil = context.ledgerSequence + context.settings.minPersistentTtl - 1;
  const done = result('success');
  for (const key of footprint.readWrite) {
    const found = context.snapshot.get(key);
    // Missing entries and live ones need nothing.
    if (!found || found.liveUntil === undefined || found.liveUntil >= context.ledgerSequence) continue;
    const size = found.entry.toXdr().length;
    done.readBytes += size;
    if (done.readBytes > context.resources.diskReadBytes) {
      return result('resourceLimitExceeded', 'operation byte-read resources exceeds amount specified');
    }
    done.writeBytes += size;
    const tooLarge = sizeLimitError(key, size, context.settings);
    if (tooLarge) return result('resourceLimitExceeded', tooLarge);
    if (done.writeBytes > context.resources.writeBytes) {
      return result('resourceLimitExceeded', 'operation byte-write resources exceeds amount specified');
    }
    done.rentChanges.push(
      rentChange(key, 'persistent', sizeForRent(context, found.entry, size), undefined, restoredLiveUntil),
    );
    done.newLiveUntil.push({ key, entry: found.entry, liveUntilLedger: restoredLiveUntil });
  }
  return done;
}

/** Extends the live read-only footprint entries to live `extendTo` ledgers past the current one. */
export function extendFootprintTtl(context: FootprintOpContext, extendTo: number): FootprintOpResult {
  const { footprint } = context.resources;
  if (footprint.readWrite.length > 0) {
    return result('malformed', 'read-write footprint must be empty for ExtendFootprintTTL operation');
  }
  if (footprint.readOnly.some((key) => keyDurability(key) === undefined)) {
    return result('malformed', 'only entries with TTL (contract data or code entries) can have it extended');
  }
  if (extendTo > context.settings.maxEntryTtl - 1) {
    return result(
      'malformed',
      `TTL extension is too large: ${extendTo} > ${context.settings.maxEntryTtl - 1}`,
    );
  }
  const newLiveUntil = context.ledgerSequence + extendTo;
  // Protocol 23 holds Soroban state in memory: extending reads nothing from disk.
  const checkReads = context.protocolVersion < IN_MEMORY_SOROBAN_STATE_PROTOCOL;
  const done = result('success');
  for (const key of footprint.readOnly) {
    const found = context.snapshot.get(key);
    // Archived entries must be restored first; missing ones are skipped so the rest still extend.
    if (!found || found.liveUntil === undefined || found.liveUntil < context.ledgerSequence) continue;
    if (found.liveUntil >= newLiveUntil) continue;
    const size = found.entry.toXdr().length;
    const tooLarge = sizeLimitError(key, size, context.settings);
    if (tooLarge) return result('resourceLimitExceeded', tooLarge);
    if (checkReads) {
      done.readBytes += size;
      if (done.readBytes > context.resources.diskReadBytes) {
        return result('resourceLimitExceeded', 'operation byte-read resources exceeds amount specified');
      }
    }
    const durability = keyDurability(key) ?? 'persistent';
    const rentSize = sizeForRent(context, found.entry, size);
    done.rentChanges.push(rentChange(key, durability, rentSize, found.liveUntil, newLiveUntil));
    done.newLiveUntil.push({ key, entry: found.entry, liveUntilLedger: newLiveUntil });
  }
  return done;
}
