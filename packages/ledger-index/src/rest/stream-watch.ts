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

/**
 * The face's stop, told to its streams through one 'abort' listener for them all (one each
 * would be a thousand listeners on the signal at the stream cap).
 */
export interface Closing {
  readonly aborted: boolean;
  /** Calls `close` when the face stops; answers the function that forgets it. */
  on(close: () => void): () => void;
}

export function closingOf(signal?: AbortSignal): Closing {
  const closers = new Set<() => void>();
  signal?.addEventListener(
    'abort',
    () => {
      for (const close of closers) close();
      closers.clear();
    },
    { once: true },
  );
  return {
    get aborted() {
      return signal?.aborted ?? false;
    },
    on(close) {
      closers.add(close);
      return () => closers.delete(close);
    },
  };
}

export interface LedgerWatch {
  /** Resolves true once a ledger for the stream came since the last call; false when cancelled or closing. */
  next(): Promise<boolean>;
  /** Stops watching (the listener is let go, once); a wait under way resolves false. */
  cancel(): void;
}

export function watchLedgers(onLedger: OnLedger | undefined, closing: Closing, wakes: WakeRule): LedgerWatch {
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
  const forget = closing.on(closed);
  return {
    next() {
      if (!stop || cancelled || closing.aborted) return Promise.resolve(false);
      if (pending) {
        pending = false;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        wake = resolve;
      });
    },
    cancel() {
      if (cancelled) return;
      cancelled = true;
      stop?.();
      forget();
      closed();
    },
  };
}
