/**
 * The rent inputs of a ledger change set (e2e_invoke.rs extract_rent_changes): one per entry with
 * a TTL that still exists and was extended or grew; fees.rs computes the rent fee from these.
 */
import type { LedgerEntryChange } from './ledger-changes.js';

/** fees.rs LedgerEntryRentChange. */
export interface LedgerEntryRentChange {
  isPersistent: boolean;
  isCodeEntry: boolean;
  /** 0 for a new (or restored) entry. */
  oldSizeBytes: number;
  newSizeBytes: number;
  /** 0 for a new (or restored) entry. */
  oldLiveUntilLedger: number;
  newLiveUntilLedger: number;
}

export function extractRentChanges(changes: readonly LedgerEntryChange[]): LedgerEntryRentChange[] {
  const rent: LedgerEntryRentChange[] = [];
  for (const change of changes) {
    const ttl = change.ttlChange;
    if (!ttl) continue;
    // A read-only or deleted entry keeps its old size for rent.
    const newSize = change.newValue ? change.newEntrySizeBytesForRent : change.oldEntrySizeBytesForRent;
    const extended = ttl.newLiveUntilLedger > ttl.oldLiveUntilLedger;
    const grew = newSize > change.oldEntrySizeBytesForRent;
    if (!extended && !grew) continue;
    rent.push({
      isPersistent: ttl.durability === 'persistent',
      isCodeEntry: ttl.entryType === 'contractCode',
      oldSizeBytes: change.oldEntrySizeBytesForRent,
      newSizeBytes: newSize,
      oldLiveUntilLedger: ttl.oldLiveUntilLedger,
      newLiveUntilLedger: ttl.newLiveUntilLedger,
    });
  }
  return rent;
}
