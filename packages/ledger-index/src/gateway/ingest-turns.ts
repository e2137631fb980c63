/**
 * Ingestion by one node of many sharing a PostgreSQL index: a node ingests only while it holds
 * the ingestion lock (ingest-lock.ts). It waits for the lock, follows the RPC server while it holds
 * it, and waits again if it loses it, until stopped.
 */
import type { HeldLock } from './ingest-lock.js';

export interface IngestTurnsOptions {
  /** Waits for the lock; undefined when stopped first. */
  take(signal: AbortSignal): Promise<HeldLock | undefined>;
  /** Ingests until its signal aborts; rejects when the index cannot go on. */
  follow(signal: AbortSignal): Promise<void>;
  signal: AbortSignal;
  /** Told when this node starts (true) and stops (false) ingesting. */
  onTurn?: (ingesting: boolean) => void;
}

/** Runs until `signal` aborts; rejects only when following cannot go on. */
export async function ingestInTurns(options: IngestTurnsOptions): Promise<void> {
  const { signal } = options;
  while (!signal.aborted) {
    const held = await options.take(signal);
    if (!held) return;
    const turn = AbortSignal.any([signal, held.lost]);
    options.onTurn?.(true);
    try {
      await options.follow(turn);
    } catch (error) {
      // A call that failed because the lock went is the end of a turn, not of the index.
      if (!turn.aborted || signal.aborted) throw error;
    } finally {
      options.onTurn?.(false);
      await held.release();
    }
  }
}
