/**
 * A stream's watch on the ingested ledgers: it is woken only by a ledger its wake rule accepts,
 * and a ledger that comes while the stream is busy is kept for its next wait, so none is missed
 * between a page and the wait.
 */
import type { LedgerSummary } from '../ingest/ledger-summary.js';
import type { WakeRule } from './stream-wake.js';

/** Calls `listener` after each ingested ledger; answers the function that stops it. */
export type OnLedger = (listener: (ledger: LedgerSummary) => void) => () => void;

export interface LedgerWatchOptions {
  /** Each ingested ledger (without it a stream ends after its first page). */
  onLedger?: OnLedger;
  /** Aborted when the face stops: open streams end with their close event. */
  closing?: AbortSignal;
}

export interface LedgerWatch {
  /** Resolves true once a ledger for the stream came since the last call; false when cancelled or closing. */
  next(): Promise<boolean>;
  /** Stops watching (the listener is let go); a wait under way resolves false. */
  cancel(): void;
}

export function watchLedgers({ onLedger, closing }: LedgerWatchOptions, wakes: WakeRule): LedgerWatch {
  let pending = false;
  let cancelled = false;
  let wake: ((value: boolean) => void) | undefined;
  const stop = onLedger?.((ledger) => {
    if (!wakes(ledger)) return;
    if (wake) wake(true);
    else pending = true;
    wake = undefined;
  });
  const closed = () => {
    wake?.(false);
    wake = undefined;
  };
  closing?.addEventListener('abort', closed, { once: true });
  return {
    next() {
      if (!stop || cancelled || closing?.aborted) return Promise.resolve(false);
      if (pending) {
        pending = false;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        wake = resolve;
      });
    },
    cancel() {
      cancelled = true;
      stop?.();
      closing?.removeEventListener('abort', closed);
      closed();
    },
  };
}
