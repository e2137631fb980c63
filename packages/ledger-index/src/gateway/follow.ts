/**
 * Follows a Stellar RPC server's ledgers through getLedgers: from where the index stopped (or
 * `from`, or the server's oldest retained ledger), a page at a time (the next page asked for
 * while one is ingested), then each new ledger as it closes. Ingestion is idempotent, so a
 * restart after a crash picks up where the index is.
 */
import type { RpcClient } from '@starspec/ledger-rpc/client';
import type { Ingester } from '../ingest/ingester.js';

export interface FollowOptions {
  client: RpcClient;
  ingester: Ingester;
  /** First ledger to ingest when the index is empty (default: the server's oldest). */
  from?: number;
  /**
   * Ledgers of history the index keeps: an empty index without `from` starts this many ledgers
   * before the server's latest (when it has them), not at ledgers the retention would delete.
   */
  retention?: number;
  /** Ledgers asked per getLedgers call (1–200, default 200); two pages are held at most. */
  pageSize?: number;
  /**
   * Ledgers written per transaction while catching up (default 25): a page is ingested this many
   * at a time, and reported once committed. Live, each new ledger is its own transaction.
   */
  batchLedgers?: number;
  /** Wait between polls once caught up (default 1 s). */
  pollMs?: number;
  signal: AbortSignal;
  /** Each ingested ledger, and the server's latest. */
  onProgress?: (ingested: number, latest: number) => void;
  /** A failed poll; following goes on after `pollMs`. */
  onError?: (error: unknown) => void;
}

/**
 * Ledgers per transaction while catching up. Smaller batches keep the derivation and the writes
 * overlapped for more of a run (the first batch is derived with nothing to write, the last written
 * with nothing to derive); per batch, a commit and a thread hop. 25 measured faster than 10 and 50.
 */
export const DEFAULT_BATCH_LEDGERS = 25;

/** The index cannot continue: the server no longer has the next ledger it needs. */
export class LedgerGapError extends Error {
  override readonly name = 'LedgerGapError';
}

/** Waits `ms`, or less when stopped; the abort listener goes with the wait (one poll, one listener). */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    // Stopped while a call was under way: no wait ('abort' has been dispatched already).
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

const turnOfEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function startLedger(options: FollowOptions): Promise<number> {
  const { store } = options.ingester;
  // An index loaded from a history archive goes on from its checkpoint, as from a latest ledger.
  const latest = (await store.latestLedger()) ?? (await store.stateLedger());
  const health = await options.client.getHealth();
  if (latest !== undefined) {
    if (latest + 1 < health.oldestLedger)
      throw new LedgerGapError(
        `the index ends at ledger ${latest} but the RPC server keeps ledgers from ${health.oldestLedger} on: ledgers ${latest + 1}–${health.oldestLedger - 1} are lost`,
      );
    return latest + 1;
  }
  const windowStart =
    options.retention === undefined ? health.oldestLedger : health.latestLedger - options.retention + 1;
  return Math.max(options.from ?? windowStart, health.oldestLedger);
}

type Page = Awaited<ReturnType<RpcClient['getLedgers']>>;

/**
 * The batches handed to the ingester and not yet committed, `most` at most: the ingester derives
 * the others while it writes the first, across page ends too.
 */
class Handed {
  readonly #inFlight: Promise<void>[] = [];
  readonly #most: number;

  constructor(most: number) {
    this.#most = most;
  }

  /** Keeps a batch handed over; with `most` in flight, waits for the oldest (and rejects if it failed). */
  async add(ingested: Promise<void>): Promise<void> {
    // Its failure is seen when it is awaited.
    ingested.catch(() => undefined);
    this.#inFlight.push(ingested);
    if (this.#inFlight.length >= this.#most) await this.#inFlight.shift();
  }

  /** Waits for every batch handed over; rejects with the first failure, once all have settled. */
  async drain(): Promise<void> {
    const all = this.#inFlight.splice(0);
    const settled = await Promise.allSettled(all);
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

/** Runs until `signal` aborts; rejects only when the index cannot be continued. */
export async function followRpc(options: FollowOptions): Promise<void> {
  const { client, signal } = options;
  const pollMs = options.pollMs ?? 1000;
  const size = Math.max(1, options.batchLedgers ?? DEFAULT_BATCH_LEDGERS);
  const askPage = (startLedger: number, limit = options.pageSize ?? 200) =>
    client.getLedgers({ startLedger, pagination: { limit } });
  // `next` is the first ledger not yet committed, `handed` the first not yet handed over.
  let next = await startLedger(options);
  let handed = next;
  // One being written, and as many being derived as the deriver derives side by side.
  const inFlight = new Handed(1 + options.ingester.parallelDerivations);
  // While catching up, the page after the one being handed over, asked for meanwhile: the server
  // makes and sends it while this side derives and writes (one page ahead at most).
  let ahead: { start: number; page: Promise<Page> } | undefined;
  while (!signal.aborted) {
    try {
      let page: Page;
      if (ahead?.start === handed) page = await ahead.page;
      else {
        const latest = (await client.getLatestLedger()).sequence;
        if (handed > latest) {
          await inFlight.drain();
          await sleep(pollMs, signal);
          continue;
        }
        // Far behind, the first page is one batch: its derivation starts while the next page comes.
        page = await askPage(handed, handed + size <= latest ? size : undefined);
      }
      ahead = undefined;
      const last = page.ledgers.at(-1)?.sequence;
      if (last !== undefined && last < page.latestLedger) {
        ahead = { start: last + 1, page: askPage(last + 1) };
        // Its failure is seen when it is awaited; a page never awaited (stopped, or a batch failed) fails unseen.
        ahead.page.catch(() => undefined);
      }
      for (let at = 0; at < page.ledgers.length && !signal.aborted; at += size) {
        const batch = page.ledgers.slice(at, at + size);
        const ingested = options.ingester.ingestMany(batch.map((ledger) => ledger.metadataXdr)).then(() => {
          for (const ledger of batch) {
            next = ledger.sequence + 1;
            options.onProgress?.(ledger.sequence, page.latestLedger);
          }
        });
        handed = (batch.at(-1) as Page['ledgers'][number]).sequence + 1;
        await inFlight.add(ingested);
        // A turn of the event loop between batches: an in-memory SQLite index is ingested on the
        // serving thread (gateway.ts), and its synchronous calls would otherwise run a page's
        // batches back to back, answering no request until the whole page is in.
        await turnOfEventLoop();
      }
      if (signal.aborted) break;
      if (page.ledgers.length === 0) {
        await inFlight.drain();
        if (next < page.oldestLedger)
          throw new LedgerGapError(
            `ledger ${next} is no longer kept by the RPC server (it keeps ${page.oldestLedger} on)`,
          );
        await sleep(pollMs, signal);
      }
    } catch (error) {
      // A batch failed, or a call: what was handed after the last commit goes again from there.
      ahead = undefined;
      await inFlight.drain().catch(() => undefined);
      handed = next;
      if (signal.aborted || error instanceof LedgerGapError) throw error;
      options.onError?.(error);
      await sleep(pollMs, signal);
    }
  }
  // Stopped: the batches handed over end first.
  await inFlight.drain().catch(() => undefined);
}
