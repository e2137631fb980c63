/**
 * Why the gateway could not start on its RPC server, said so a person can act on it: the URL, the
 * cause (not undici's bare "fetch failed"), and where the JSON-RPC endpoint probably is when the
 * URL answered 405 (a server's root, with the endpoint at `/rpc`, as the sandbox and quickstart have it).
 */
import { JsonRpcHttpError } from '@starspec/ledger-rpc/client';
import { causes } from './error-causes.js';

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'nothing listens on that port; is the RPC server running?',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'no route to the host',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed",
};

/** The innermost `code` and message of an error and its causes. */
function innermost(error: unknown): { code?: string; message: string } {
  let code: string | undefined;
  let message = String((error as Error)?.message ?? error);
  for (const cause of causes(error, 5)) {
    if (typeof cause.code === 'string') code = cause.code;
    if (typeof cause.message === 'string' && cause.message !== '') message = cause.message;
  }
  return { ...(code === undefined ? {} : { code }), message };
}

/** Why a request did not reach a server: the socket's code and what it means, else the innermost message. */
export function unreachable(error: unknown): string {
  const { code, message } = innermost(error);
  return code === undefined ? message : `${code} (${CAUSES[code] ?? message})`;
}

/** One line for `starspec-horizon: …` when the first calls to the RPC server fail. */
export function describeRpcFailure(rpcUrl: string, error: unknown): string {
  if (error instanceof JsonRpcHttpError) {
    const url = new URL(rpcUrl);
    const hint =
      error.status === 405 && !/\/rpc\/?$/.test(url.pathname)
        ? ` (POST is not allowed there: is the JSON-RPC endpoint ${new URL('rpc', url.href.endsWith('/') ? url.href : `${url.href}/`).href}?)`
        : '';
    return `the RPC server at ${rpcUrl} answered HTTP ${error.status}${hint}`;
  }
  return `cannot reach the RPC server at ${rpcUrl}: ${unreachable(error)}`;
}
