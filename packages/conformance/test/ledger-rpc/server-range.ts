/**
 * The scripted provider's ledger range and paging params, refused as stellar-rpc refuses them:
 * go-stellar-sdk `protocols/rpc` ValidatePagination (getLedgers, getTransactions: -32600),
 * `methods/get_events.go` (-32600 for the range, -32602 for a cursor with a range), Go strconv's
 * errors for cursors (-32602), and getLedgers' cursor range (-32602). Breaks change one of them.
 */
import { JsonRpcError } from '@starspec/runtime';

export const OLDEST = 1043200;
export const LATEST = 1043229;

export type RangedMethod = 'getLedgers' | 'getTransactions' | 'getEvents';

export interface Paging {
  startLedger?: number;
  pagination?: { cursor?: string; limit?: number };
}

export function limitOf(params: Paging, fallback: number, max: number): number {
  const limit = params.pagination?.limit ?? 0;
  if (limit > max) throw new JsonRpcError(-32600, `limit must not exceed ${max}`);
  return limit === 0 ? fallback : limit;
}

/**
 * The start ledger of a page asked by `startLedger`, or undefined when it is asked by cursor.
 * `range-error-as-invalid-params` refuses a start outside the range with -32602;
 * `start-after-latest-empty` answers a start after the latest ledger (an empty page follows).
 */
export function startOf(
  method: RangedMethod,
  params: Paging,
  on: (name: string) => boolean,
): number | undefined {
  const { startLedger: start, pagination } = params;
  if (pagination?.cursor !== undefined) {
    if (start === undefined) return undefined;
    if (method === 'getEvents') throw new JsonRpcError(-32602, 'ledger ranges and cursor cannot both be set');
    throw new JsonRpcError(
      -32600,
      `startLedger (${start}) and cursor (${pagination.cursor}) cannot both be set`,
    );
  }
  if (typeof start === 'number' && start >= OLDEST && start <= LATEST) return start;
  if (typeof start === 'number' && start > LATEST && on('start-after-latest-empty')) return start;
  const message =
    method === 'getEvents'
      ? `startLedger must be within the ledger range: ${OLDEST} - ${LATEST}`
      : `start ledger (${start}) must be between the oldest ledger: ${OLDEST} and the latest ledger: ${LATEST} for this rpc instance`;
  throw new JsonRpcError(on('range-error-as-invalid-params') ? -32602 : -32600, message);
}

/**
 * A cursor read as Go's strconv reads it (ParseUint 32 bits for getLedgers, ParseInt 64 for
 * getTransactions); `cursor-range-unchecked` reads any digits.
 */
export function numericCursor(
  cursor: string,
  kind: 'ParseUint' | 'ParseInt',
  on: (name: string) => boolean,
): bigint {
  if (!/^\d+$/.test(cursor))
    throw new JsonRpcError(-32602, `strconv.${kind}: parsing "${cursor}": invalid syntax`);
  const value = BigInt(cursor);
  const max = kind === 'ParseUint' ? 2n ** 32n - 1n : 2n ** 63n - 1n;
  if (value > max && !on('cursor-range-unchecked'))
    throw new JsonRpcError(-32602, `strconv.${kind}: parsing "${cursor}": value out of range`);
  return value;
}

/**
 * The first ledger after a getLedgers cursor, which must be retained (-32602 otherwise);
 * `ledgers-end-empty-page` lets a cursor at the latest ledger through (an empty page follows).
 */
export function afterLedgerCursor(cursor: string, on: (name: string) => boolean): number {
  const from = Number(numericCursor(cursor, 'ParseUint', on)) + 1;
  if (from >= OLDEST && from <= LATEST) return from;
  if (from === LATEST + 1 && on('ledgers-end-empty-page')) return from;
  throw new JsonRpcError(
    -32602,
    `cursor ('${cursor}') must be between the oldest ledger: ${OLDEST} and the latest ledger: ${LATEST} for this rpc instance`,
  );
}
