/**
 * The History Archive State (HAS): the checkpoint's ledger and its bucket lists, as stellar-core
 * writes it (history/HistoryArchive.h serialize, HistoryArchive.cpp load): version 1, or 2 with
 * `hotArchiveBuckets` (from protocol 23); 11 levels, each `curr`, `snap` and a pending merge
 * `next` a reader does not need (both its inputs are in the levels).
 */
import { HistoryArchiveError } from './errors.js';

/** BucketListBase::kNumLevels. */
export const BUCKET_LEVELS = 11;

export interface HistoryArchiveState {
  version: 1 | 2;
  currentLedger: number;
  networkPassphrase?: string;
  /** The live bucket list's buckets by hash, newest first (level 0 curr, level 0 snap, level 1 curr, …); empty ones left out. */
  liveBuckets: string[];
  /** The hot archive's, the same way (version 2): archived Soroban entries, which the index does not keep. */
  hotArchiveBuckets: string[];
}

const HASH = /^[0-9a-f]{64}$/;
const EMPTY = /^0{64}$/;

function bucketsOf(levels: unknown, field: string, where: string): string[] {
  if (!Array.isArray(levels) || levels.length !== BUCKET_LEVELS)
    throw new HistoryArchiveError(`${where}: ${field} is not a list of ${BUCKET_LEVELS} levels`);
  return levels.flatMap((level: { curr?: unknown; snap?: unknown }, i) =>
    [level?.curr, level?.snap].flatMap((hash) => {
      if (typeof hash !== 'string' || !HASH.test(hash))
        throw new HistoryArchiveError(`${where}: ${field}[${i}] has no bucket hash (64 hex digits)`);
      return EMPTY.test(hash) ? [] : [hash];
    }),
  );
}

/** The state read from a HAS file's text; `where` (its URL) names it in errors. */
export function parseHistoryArchiveState(text: string, where: string): HistoryArchiveState {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HistoryArchiveError(`${where} is not a History Archive State (not JSON)`);
  }
  if (typeof json !== 'object' || json === null)
    throw new HistoryArchiveError(`${where} is not a History Archive State (not a JSON object)`);
  const { version, currentLedger, networkPassphrase } = json;
  if (version !== 1 && version !== 2)
    throw new HistoryArchiveError(`${where}: unexpected History Archive State version ${String(version)}`);
  if (typeof currentLedger !== 'number' || !Number.isInteger(currentLedger) || currentLedger < 1)
    throw new HistoryArchiveError(`${where}: currentLedger is not a ledger sequence`);
  return {
    version,
    currentLedger,
    ...(typeof networkPassphrase === 'string' ? { networkPassphrase } : {}),
    liveBuckets: bucketsOf(json.currentBuckets, 'currentBuckets', where),
    hotArchiveBuckets: version === 2 ? bucketsOf(json.hotArchiveBuckets, 'hotArchiveBuckets', where) : [],
  };
}
