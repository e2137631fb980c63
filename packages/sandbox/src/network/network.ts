/**
 * The running network: a ledger that closes on a schedule (every second by default, on an
 * interval, or only when asked), its closed ledgers within the retention window, and waiting for
 * a submitted transaction to land in one. Kept in memory or in a SQLite file (`db`): each close
 * is committed to the file before anything (records, listeners, waiters) shows it.
 */
import { HistoryArchive } from '../archive/publisher.js';
import { checkRetention } from '../history.js';
import { createLedger, type Ledger, type LedgerOptions, STANDALONE_PASSPHRASE } from '../ledger.js';
import type { SubmitResult } from '../queue.js';
import { MEMORY, openStorage, storageOptions } from '../storage/open.js';
import { ClosedLedgers, DEFAULT_RETENTION } from './closed-ledgers.js';
import type { LedgerRecord, TxRecord } from './records.js';

/** Milliseconds between closes, or `'manual'`: a ledger closes only when `closeLedger()` is called. */
export type CloseSchedule = number | 'manual';

export const DEFAULT_CLOSE_EVERY = 1000;

export interface NetworkOptions
  extends Omit<LedgerOptions, 'store' | 'history' | 'atomically' | 'bucketStorage'> {
  /**
   * Where the network is kept: `':memory:'` (the default) or a SQLite file, created when missing
   * and resumed from when it holds a network (refused with a StorageError when made for another
   * passphrase or by a newer version).
   */
  db?: string;
  closeEvery?: CloseSchedule;
  /** Ledgers kept for the faces (default 120,960, as stellar-rpc). */
  retention?: number;
  /** Called when a scheduled close fails (default: console.error); the schedule goes on. */
  onCloseError?: (error: unknown) => void;
}

export interface Network {
  readonly ledger: Ledger;
  readonly passphrase: string;
  readonly closed: ClosedLedgers;
  /** The network's history archive: a checkpoint published every 8 ledgers (archive/). */
  readonly archive: HistoryArchive;
  readonly closeEvery: CloseSchedule;
  /** Queues a transaction (base64 envelope) for the next ledger. */
  submit(envelopeXdr: string): SubmitResult;
  /** Closes the next ledger now. */
  closeLedger(): LedgerRecord;
  /** Calls `listener` after every close; returns a function that stops it. */
  onClose(listener: (record: LedgerRecord) => void): () => void;
  /**
   * Resolves with the transaction once a closed ledger holds it; with undefined when it left
   * the queue without landing, or the network stopped.
   */
  inclusion(hash: string): Promise<TxRecord | undefined>;
  /** Starts closing on the schedule (nothing to do for `'manual'`). */
  start(): void;
  /** Stops the schedule and answers every pending `inclusion` with undefined. */
  stop(): void;
  /** Stops, and releases the database file: `closeLedger()` throws afterwards. */
  close(): void;
}

export function checkCloseSchedule(closeEvery: CloseSchedule): CloseSchedule {
  if (closeEvery === 'manual') return closeEvery;
  if (!Number.isInteger(closeEvery) || closeEvery < 1) {
    throw new RangeError(
      `closeEvery must be 'manual' or a whole number of milliseconds, at least 1 (got ${closeEvery})`,
    );
  }
  return closeEvery;
}

export function createNetwork(options: NetworkOptions = {}): Network {
  const {
    closeEvery = DEFAULT_CLOSE_EVERY,
    retention = DEFAULT_RETENTION,
    onCloseError = (error: unknown) => console.error('[sandbox] ledger close failed:', error),
    db = MEMORY,
    ...ledgerOptions
  } = options;
  const schedule = checkCloseSchedule(closeEvery);
  checkRetention(retention);
  const storage = openStorage(db, ledgerOptions.passphrase ?? STANDALONE_PASSPHRASE);
  let ledger: Ledger;
  let closed: ClosedLedgers;
  try {
    ledger = createLedger({ ...ledgerOptions, retention, ...storageOptions(storage) });
    closed = new ClosedLedgers(ledger.history, ledger.passphrase, retention);
  } catch (error) {
    storage.close();
    throw error;
  }
  const history = ledger.history;
  const archive = new HistoryArchive({
    passphrase: ledger.passphrase,
    buckets: ledger.buckets,
    ledgers: (from, to) => history.range(from, to),
    ...(ledger.latestSequence === 1 ? { genesis: ledger.latestHeader() } : {}),
  });
  const listeners = new Set<(record: LedgerRecord) => void>();
  const waiting = new Map<string, ((tx: TxRecord | undefined) => void)[]>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function settle(hash: string, tx: TxRecord | undefined): void {
    const resolvers = waiting.get(hash) ?? [];
    waiting.delete(hash);
    for (const resolve of resolvers) resolve(tx);
  }

  function stop(): void {
    stopped = true;
    clearInterval(timer);
    timer = undefined;
    for (const hash of [...waiting.keys()]) settle(hash, undefined);
  }

  function closeLedger(): LedgerRecord {
    // Committed to the storage when it returns: only then do the records and listeners see it.
    ledger.close();
    const latest = ledger.history.latest();
    if (!latest) throw new Error('the ledger closed without a history entry');
    const record = closed.add(latest);
    archive.closed(latest);
    const pending = new Set(ledger.pending());
    for (const hash of [...waiting.keys()]) {
      const tx = closed.transaction(hash);
      if (tx || !pending.has(hash)) settle(hash, tx);
    }
    for (const listener of listeners) {
      try {
        listener(record);
      } catch (error) {
        onCloseError(error);
      }
    }
    return record;
  }

  return {
    ledger,
    passphrase: ledger.passphrase,
    closed,
    archive,
    closeEvery: schedule,
    submit(envelopeXdr) {
      const submitted = ledger.submit(envelopeXdr);
      // Evicted by a higher fee: it will not land, so whoever waits for it hears now.
      for (const hash of submitted.evicted ?? []) settle(hash, undefined);
      return submitted;
    },
    closeLedger,
    onClose(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    inclusion(hash) {
      const landed = closed.transaction(hash);
      if (landed) return Promise.resolve(landed);
      if (stopped || !ledger.pending().includes(hash)) return Promise.resolve(undefined);
      return new Promise((resolve) => waiting.set(hash, [...(waiting.get(hash) ?? []), resolve]));
    },
    start() {
      if (schedule === 'manual' || timer || stopped) return;
      timer = setInterval(() => {
        try {
          closeLedger();
        } catch (error) {
          onCloseError(error);
        }
      }, schedule);
    },
    stop,
    close() {
      stop();
      storage.close();
    },
  };
}
