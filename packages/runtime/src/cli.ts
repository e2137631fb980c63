/**
 * What the command-line servers share: a usage error (exit 2), whole-number options, and a
 * plain sentence for why a server could not listen (exit 1).
 */

/** A wrong argument or environment value: the command prints it and exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `text` as a whole number from `min` to `max`, or a UsageError naming `flag`. */
export function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${text}')`);
  }
  return value;
}

/** Why listening on `host:port` failed, in a sentence. */
export function listenProblem(error: unknown, port: number, host: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `port ${port} is already in use on ${host}`;
  if (code === 'EACCES') return `port ${port} on ${host} needs privileges this process does not have`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `${host} is not an address of this machine`;
  return `could not start: ${(error as Error).message}`;
}
