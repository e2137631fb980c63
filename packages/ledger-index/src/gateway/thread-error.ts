/**
 * An error as it crosses from a worker thread: structured cloning keeps only the standard error
 * names, so a LedgerGapError would arrive as a plain Error; this record keeps its name, message,
 * stack and the message of its cause.
 */
export interface ThreadError {
  name: string;
  message: string;
  stack?: string;
  cause?: string;
}

export function toThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return {
    name: error.name,
    message: error.message,
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    ...(cause === undefined ? {} : { cause }),
  };
}

/** The error again on this side: its name, message and the thread's stack. */
export function fromThreadError(record: ThreadError): Error {
  const error = new Error(
    record.message,
    record.cause === undefined ? {} : { cause: new Error(record.cause) },
  );
  error.name = record.name;
  if (record.stack !== undefined) error.stack = record.stack;
  return error;
}
