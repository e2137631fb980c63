/**
 * The sandbox's own history archive, published as stellar-core publishes checkpoints
 * (HistoryManagerImpl::publishQueuedHistory, CheckpointBuilder): when a checkpoint's last ledger
 * closes, its History Archive State (also as `.well-known/stellar-history.json`), the buckets it
 * names, and gzipped `ledger`, `transactions` and `results` files for its ledgers. Files are kept
 * in memory; buckets only while the latest state names them, so memory follows the state's size.
 */
import { gzipSync } from 'node:zlib';
import { xdr } from '@stellar/stellar-sdk/base';
import { type Bucket, bucketBytes, recordMark } from '../bucket/bucket.js';
import type { BucketState } from '../bucket/bucket-state.js';
import type { ClosedLedger } from '../close/close-ledger.js';
import { historyArchiveState, serializeHas } from './has.js';
import {
  bucketPath,
  CHECKPOINT_FREQUENCY,
  checkpointPath,
  firstLedgerOf,
  historyPath,
  isCheckpoint,
  WELL_KNOWN_PATH,
} from './layout.js';

const SERVER = 'starspec-sandbox';

/** XDR records framed as stellar-core's XDROutputFileStream writes them, gzipped. */
function xdrFile(records: readonly { toXdr(): Uint8Array }[]): Buffer {
  const parts: Uint8Array[] = [];
  for (const record of records) {
    const bytes = record.toXdr();
    parts.push(recordMark(bytes.length), bytes);
  }
  return gzipSync(Buffer.concat(parts));
}

function historyEntries(ledger: ClosedLedger) {
  if (ledger.meta.type !== 'v2') return undefined;
  const meta = ledger.meta.v2;
  const results = meta.txProcessing.map((t) => t.result);
  if (results.length === 0) return undefined;
  // CheckpointBuilder::appendTransactionSet: ledgers with transactions only, the set generalized.
  const txs = new xdr.TransactionHistoryEntry({
    ledgerSeq: ledger.sequence,
    txSet: new xdr.TransactionSet({ previousLedgerHash: ledger.header.previousLedgerHash, txs: [] }),
    ext: xdr.TransactionHistoryEntryExt.generalizedTxSet(meta.txSet),
  });
  const txResults = new xdr.TransactionHistoryResultEntry({
    ledgerSeq: ledger.sequence,
    txResultSet: new xdr.TransactionResultSet({ results }),
    ext: xdr.TransactionHistoryResultEntryExt.v0(),
  });
  return { txs, txResults };
}

export interface ArchiveSource {
  passphrase: string;
  buckets: BucketState;
  /** The closed ledgers the network keeps, oldest first, from `from` to `to`. */
  ledgers(from: number, to: number): ClosedLedger[];
  /** The genesis ledger's header entry, when the network started here. */
  genesis?: xdr.LedgerHeaderHistoryEntry;
}

export class HistoryArchive {
  readonly #files = new Map<string, Buffer>();
  readonly #source: ArchiveSource;
  readonly frequency = CHECKPOINT_FREQUENCY;
  #latestCheckpoint: number | undefined;

  constructor(source: ArchiveSource) {
    this.#source = source;
  }

  /** A file by its path in the archive. */
  file(path: string): Buffer | undefined {
    return this.#files.get(path);
  }

  /** The last checkpoint published, if any. */
  get latestCheckpoint(): number | undefined {
    return this.#latestCheckpoint;
  }

  /** Called after each close: publishes when `ledger` ends a checkpoint. */
  closed(ledger: ClosedLedger): void {
    if (isCheckpoint(ledger.sequence, this.frequency)) this.#publish(ledger);
  }

  #publish(checkpoint: ClosedLedger): void {
    const { buckets, passphrase } = this.#source;
    const protocol = checkpoint.header.ledgerVersion;
    const has = historyArchiveState(
      checkpoint.sequence,
      protocol,
      passphrase,
      SERVER,
      buckets.live,
      buckets.hotArchive,
    );
    const first = firstLedgerOf(checkpoint.sequence, this.frequency);
    const ledgers = this.#source.ledgers(first, checkpoint.sequence);
    const headers = ledgers.map(
      (l) =>
        new xdr.LedgerHeaderHistoryEntry({
          hash: l.hash,
          header: l.header,
          ext: xdr.LedgerHeaderHistoryEntryExt.v0(),
        }),
    );
    if (first === 1 && this.#source.genesis) headers.unshift(this.#source.genesis);
    const history = ledgers.flatMap((l) => historyEntries(l) ?? []);
    this.#files.set(checkpointPath('ledger', checkpoint.sequence), xdrFile(headers));
    this.#files.set(checkpointPath('transactions', checkpoint.sequence), xdrFile(history.map((h) => h.txs)));
    this.#files.set(checkpointPath('results', checkpoint.sequence), xdrFile(history.map((h) => h.txResults)));
    this.#putBuckets([...buckets.live.buckets(), ...buckets.hotArchive.buckets()]);
    const text = Buffer.from(serializeHas(has));
    this.#files.set(historyPath(checkpoint.sequence), text);
    this.#files.set(WELL_KNOWN_PATH, text);
    this.#latestCheckpoint = checkpoint.sequence;
  }

  /** Writes the buckets the latest state names, and drops those it no longer does. */
  #putBuckets(named: readonly Bucket[]): void {
    const keep = new Set<string>();
    for (const bucket of named) {
      const path = bucketPath(Buffer.from(bucket.hash).toString('hex'));
      keep.add(path);
      if (!this.#files.has(path)) this.#files.set(path, gzipSync(bucketBytes(bucket)));
    }
    for (const path of this.#files.keys())
      if (path.startsWith('bucket/') && !keep.has(path)) this.#files.delete(path);
  }
}
