/**
 * An error and the errors it wraps, outermost first: undici's "fetch failed" carries the socket's
 * error (with its `code`) in `cause`. Both the retry of a reset read and the start-up message walk it.
 */
export function* causes(error: unknown, depth: number): Generator<{ code?: unknown; message?: unknown }> {
  let current = error as { code?: unknown; cause?: unknown; message?: unknown } | null | undefined;
  for (let link = 0; current && link < depth; link++) {
    yield current;
    current = current.cause as typeof current;
  }
}
