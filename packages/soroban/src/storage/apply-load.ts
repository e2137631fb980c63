/**
 * What stellar-core loads for an InvokeHostFunction before calling the host
 * (transactions/InvokeHostFunctionOpFrame.cpp addReads and handleArchivedEntry, v23): live entries
 * of the footprint; expired temporary entries as absent; archived persistent entries only when the
 * transaction marks them for restoration (read-write, listed in `archivedSorobanEntries`, from
 * protocol 23), handed over as restored (live for the minimum persistent TTL) and counted as disk
 * reads. Any other archived entry fails the operation with ENTRY_ARCHIVED.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { keyDurability } from './ledger-info.js';
import { IN_MEMORY_SOROBAN_STATE_PROTOCOL } from './resources.js';
import type { EntryWithLiveUntil, SnapshotSource } from './snapshot.js';

export interface ApplyLoadInput {
  footprint: xdr.LedgerFootprint;
  snapshot: SnapshotSource;
  ledgerSequence: number;
  protocolVersion: number;
  minPersistentTtl: number;
  /** Indices into the read-write footprint of entries to restore (`archivedSorobanEntries`). */
  archivedSorobanEntries: readonly number[];
  /** The transaction's declared disk read bytes. */
  diskReadBytes: number;
  maxContractSizeBytes: number;
  maxContractDataEntrySizeBytes: number;
}

export type ApplyLoadResult =
  | {
      ok: true;
      entries: EntryWithLiveUntil[];
      restoredRwEntryIndices: number[];
      diskReadEntries: number;
      diskReadBytes: number;
    }
  | { ok: false; code: 'entryArchived' | 'resourceLimitExceeded'; key: xdr.LedgerKey; detail: string };

export function loadForApply(input: ApplyLoadInput): ApplyLoadResult {
  const restoredLiveUntil = input.ledgerSequence + input.minPersistentTtl - 1;
  const inMemoryState = input.protocolVersion >= IN_MEMORY_SOROBAN_STATE_PROTOCOL;
  const marked = new Set(input.archivedSorobanEntries);
  const entries: EntryWithLiveUntil[] = [];
  const restoredRwEntryIndices: number[] = [];
  let diskReadEntries = 0;
  let diskReadBytes = 0;

  const readDisk = (key: xdr.LedgerKey, size: number): ApplyLoadResult | undefined => {
    diskReadEntries++;
    diskReadBytes += size;
    if (diskReadBytes > input.diskReadBytes) {
      return {
        ok: false,
        code: 'resourceLimitExceeded',
        key,
        detail: 'operation byte-read resources exceeds amount specified',
      };
    }
    return undefined;
  };
  const tooLarge = (key: xdr.LedgerKey, size: number): ApplyLoadResult | undefined => {
    const limit =
      key.type === 'contractCode' ? input.maxContractSizeBytes : input.maxContractDataEntrySizeBytes;
    if ((key.type === 'contractCode' || key.type === 'contractData') && size > limit) {
      return {
        ok: false,
        code: 'resourceLimitExceeded',
        key,
        detail: 'ledger entry exceeds the network size limit',
      };
    }
    return undefined;
  };

  const addReads = (keys: readonly xdr.LedgerKey[], readOnly: boolean): ApplyLoadResult | undefined => {
    for (const [index, key] of keys.entries()) {
      const durability = keyDurability(key);
      let found = input.snapshot.get(key);
      if (durability && found && found.liveUntil !== undefined && found.liveUntil < input.ledgerSequence) {
        if (durability === 'temporary') found = undefined;
        else {
          if (readOnly || !inMemoryState || !marked.has(index)) {
            const kind = key.type === 'contractCode' ? 'contract code' : 'contract data';
            return {
              ok: false,
              code: 'entryArchived',
              key,
              detail: `trying to access an archived ${kind} entry`,
            };
          }
          const size = found.entry.toXdr().length;
          const failure = tooLarge(key, size) ?? readDisk(key, size);
          if (failure) return failure;
          entries.push({ entry: found.entry, liveUntil: restoredLiveUntil });
          restoredRwEntryIndices.push(index);
          continue;
        }
      }
      const size = found ? found.entry.toXdr().length : 0;
      if (found) entries.push(found);
      const failure =
        tooLarge(key, size) ?? (!durability || !inMemoryState ? readDisk(key, size) : undefined);
      if (failure) return failure;
    }
    return undefined;
  };

  const failure = addReads(input.footprint.readOnly, true) ?? addReads(input.footprint.readWrite, false);
  if (failure) return failure;
  return { ok: true, entries, restoredRwEntryIndices, diskReadEntries, diskReadBytes };
}
