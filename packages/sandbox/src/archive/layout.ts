/**
 * Where a history archive keeps its files, as stellar-core names them (util/Fs.cpp remoteName,
 * history/FileTransferInfo.cpp, HistoryManager checkpoint math). The checkpoint frequency is 8,
 * as on quickstart's local network (stellar-core's ARTIFICIALLY_ACCELERATE_TIME_FOR_TESTING;
 * Horizon there runs with CHECKPOINT_FREQUENCY=8); public networks use 64.
 */

export const CHECKPOINT_FREQUENCY = 8;
export const WELL_KNOWN_PATH = '.well-known/stellar-history.json';

/** Whether `ledger` closes a checkpoint (HistoryManager::isLastLedgerInCheckpoint). */
export function isCheckpoint(ledger: number, frequency = CHECKPOINT_FREQUENCY): boolean {
  return (ledger + 1) % frequency === 0;
}

/** The first ledger of the checkpoint ending at `checkpoint` (the first one starts at genesis, 1). */
export function firstLedgerOf(checkpoint: number, frequency = CHECKPOINT_FREQUENCY): number {
  return Math.max(1, checkpoint + 1 - frequency);
}

const hex8 = (ledger: number) => ledger.toString(16).padStart(8, '0');

/** `type/xx/yy/zz/type-HEX.suffix`, the directories from the name's first three bytes. */
function remoteName(type: string, hex: string, suffix: string): string {
  return `${type}/${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex.slice(4, 6)}/${type}-${hex}.${suffix}`;
}

/** A checkpoint's History Archive State file. */
export const historyPath = (checkpoint: number) => remoteName('history', hex8(checkpoint), 'json');

/** A checkpoint's `ledger`, `transactions` or `results` file. */
export const checkpointPath = (type: 'ledger' | 'transactions' | 'results', checkpoint: number) =>
  remoteName(type, hex8(checkpoint), 'xdr.gz');

/** A bucket's file, by its hash (hex). */
export const bucketPath = (hash: string) => remoteName('bucket', hash, 'xdr.gz');
