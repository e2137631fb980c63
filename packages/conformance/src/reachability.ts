/**
 * Whether the target can be reached at all, asked once before the checks run: a refused
 * connection or an unknown host is one error, not a failure of every check.
 */
import { connect } from 'node:net';

/** The target cannot be connected to; the run stops before any check. */
export class TargetUnreachableError extends Error {}

/** Errors that mean nothing listens there (an answer of any kind, even a reset, means something does). */
const NOBODY_THERE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/** Opens and closes one TCP connection to the base URL's host and port; throws TargetUnreachableError. */
export async function assertReachable(baseUrl: string, timeoutMs: number): Promise<void> {
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const problem = await new Promise<string | undefined>((resolve) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(`no connection within ${timeoutMs} ms`);
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(NOBODY_THERE.has(error.code ?? '') ? `${error.code}: ${describe(error.code)}` : undefined);
    });
  });
  if (problem !== undefined) {
    throw new TargetUnreachableError(`cannot reach ${url.host} (${baseUrl}): ${problem}`);
  }
}

function describe(code: string | undefined): string {
  if (code === 'ECONNREFUSED') return 'nothing listens on that port; is the service running?';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  return 'no route to the host';
}
