/**
 * What every RPC handler shares: the network it reads, the ledger range of the closed ledgers it
 * answers from, and the errors stellar-rpc answers with (jrpc2 codes, its messages).
 */
import { JSONRPC_ERRORS, JsonRpcError } from '@starspec/runtime';
import type { Network } from '../network/network.js';
import type { LedgerRecord } from '../network/records.js';

export interface RpcContext {
  network: Network;
  /** getNetwork's `friendbotUrl`; left out when undefined (no friendbot). */
  friendbotUrl?: string;
  /** getHealth fails when the last close is older than this many seconds (undefined: never). */
  maxHealthyLatencySeconds?: number;
  /** The clock health checks compare close times with, in Unix seconds. */
  now?: () => number;
}

export const invalidParams = (message: string, data?: unknown) =>
  new JsonRpcError(JSONRPC_ERRORS.invalidParams, message, data);
export const invalidRequest = (message: string) => new JsonRpcError(JSONRPC_ERRORS.invalidRequest, message);
export const internalError = (message: string) => new JsonRpcError(JSONRPC_ERRORS.internalError, message);

export interface LedgerRange {
  oldest: LedgerRecord;
  latest: LedgerRecord;
}

/** The retained range (stellar-rpc `GetLedgerRange`); -32603 before the first close. */
export function ledgerRange(context: RpcContext): LedgerRange {
  const oldest = context.network.closed.oldest();
  const latest = context.network.closed.latest();
  if (!oldest || !latest) throw internalError('DB is empty');
  return { oldest, latest };
}

/**
 * go-stellar-sdk `protocols/rpc` ValidatePagination, which getLedgers (GetLedgersRequest.Validate)
 * and getTransactions (GetTransactionsRequest.IsValid) share: either a cursor or a start ledger in
 * the range, and a limit within the method's maximum; every refusal is -32600.
 */
export function validatePagination(
  startLedger: number,
  pagination: { cursor?: string; limit?: number } | undefined,
  maxLimit: number,
  { oldest, latest }: LedgerRange,
): void {
  const cursor = pagination?.cursor ?? '';
  if (cursor !== '') {
    if (startLedger !== 0)
      throw invalidRequest(`startLedger (${startLedger}) and cursor (${cursor}) cannot both be set`);
  } else if (startLedger < oldest.sequence || startLedger > latest.sequence) {
    throw invalidRequest(
      `start ledger (${startLedger}) must be between the oldest ledger: ${oldest.sequence} and the latest ledger: ${latest.sequence} for this rpc instance`,
    );
  }
  if (pagination?.limit !== undefined && pagination.limit > maxLimit) {
    throw invalidRequest(`limit must not exceed ${maxLimit}`);
  }
}

export const base64 = (value: { toXdr(format: 'base64'): string }) => value.toXdr('base64');

/**
 * xdrFormat as go-stellar-sdk's `IsValidFormat` takes it: empty, `base64` or `json`; anything
 * else fails with its message, under the code the method gives a bad format.
 */
export function checkFormat(format: string | undefined, code: 'params' | 'request' = 'params'): void {
  const message = formatError(format);
  if (message === undefined) return;
  throw code === 'params' ? invalidParams(message) : invalidRequest(message);
}

/** IsValidFormat's error message, or undefined for a format the server takes. */
export function formatError(format: string | undefined): string | undefined {
  if (format === undefined || format === '' || format === 'base64' || format === 'json') return undefined;
  return `got '${format}': expected base64, json for optional 'xdrFormat'`;
}
