// Runs the calls of a JSON-RPC batch a few at a time and hands their answers on in request order,
// one by one as the consumer pulls them, so that a batch holds at most `concurrency` answers in
// memory and never keeps the event loop from other requests for more than one call.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Yields `run(item)` for each item, in order, skipping nulls. At most `concurrency` runs are in
 * flight; a new one starts only when the consumer pulls (so a slow reader stops the batch), and
 * each start waits a turn of the event loop first, so sync handlers of one batch interleave with
 * every other request. Mirrors jrpc2's server, which runs a batch's calls in goroutines gated by a
 * semaphore of `ServerOptions.Concurrency` slots (server.go `dispatchLocked`, `invoke`).
 */
export async function* inOrderBounded<T>(
  items: readonly T[],
  run: (item: T) => Promise<string | null>,
  concurrency: number,
): AsyncGenerator<string, void, undefined> {
  // Each run is settled into a value as it starts: one that fails while waiting its turn in the
  // window must not become an unhandled rejection (which would end the process).
  const window: Promise<{ answer: string | null } | { error: unknown }>[] = [];
  let next = 0;
  while (next < items.length || window.length > 0) {
    while (window.length < concurrency && next < items.length) {
      await nextTurn();
      window.push(
        run(items[next++] as T).then(
          (answer) => ({ answer }),
          (error: unknown) => ({ error }),
        ),
      );
    }
    const settled = (await window.shift()) as { answer: string | null } | { error: unknown };
    if ('error' in settled) throw settled.error;
    if (settled.answer !== null) yield settled.answer;
  }
}
