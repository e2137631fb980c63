/**
 * getLedgers (stellar-rpc `methods/get_ledgers.go`, go-stellar-sdk `GetLedgersRequest.Validate`
 * and `ValidatePagination`): pages of closed ledgers by start ledger or cursor.
 */
import type { GetLedgersParams, GetLedgersResult } from '@starspec/ledger-rpc';
import { parseGoInteger } from '../network/cursor.js';
import { base64Once } from './base64-once.js';
import { checkFormat, invalidParams, ledgerRange, type RpcContext, validatePagination } from './common.js';
import type { ToJson } from './xdr-json.js';

/** stellar-rpc `max-ledgers-limit` and `default-ledgers-limit`. */
export const MAX_LEDGERS_LIMIT = 200;
export const DEFAULT_LEDGERS_LIMIT = 50;

const inRange = (sequence: number, oldest: number, latest: number) =>
  sequence >= oldest && sequence <= latest;

export function getLedgers(context: RpcContext, params: GetLedgersParams, toJson?: ToJson): GetLedgersResult {
  const range = ledgerRange(context);
  const { oldest, latest } = range;
  const startLedger = params.startLedger ?? 0;
  const { pagination } = params;
  const cursor = pagination?.cursor ?? '';
  // ValidatePagination, then IsValidFormat: all -32600.
  validatePagination(startLedger, pagination, MAX_LEDGERS_LIMIT, range);
  checkFormat(params.xdrFormat, 'request');

  let start = startLedger;
  if (cursor !== '') {
    const parsed = parseGoInteger(cursor, 'ParseUint', 32);
    if ('error' in parsed) throw invalidParams(parsed.error);
    start = (Number(parsed.value) + 1) >>> 0; // uint32 arithmetic, as in Go
    if (!inRange(start, oldest.sequence, latest.sequence)) {
      throw invalidParams(
        `cursor ('${cursor}') must be between the oldest ledger: ${oldest.sequence} and the latest ledger: ${latest.sequence} for this rpc instance`,
      );
    }
  }
  const limit = pagination?.limit ? pagination.limit : DEFAULT_LEDGERS_LIMIT;

  const ledgers = context.network.closed.range(start, start + limit - 1).map((record) => {
    const header = base64Once(record.headerEntry);
    const metadata = base64Once(record.closed.meta);
    const ledger = {
      hash: record.hash,
      sequence: record.sequence,
      ledgerCloseTime: String(record.closeTime),
    };
    if (!toJson) return { ...ledger, headerXdr: header, metadataXdr: metadata };
    // protocol.LedgerInfo has no omitempty on the base64 fields: json mode sends them empty.
    return {
      ...ledger,
      headerXdr: '',
      headerJson: toJson('LedgerHeaderHistoryEntry', header),
      metadataXdr: '',
      metadataJson: toJson('LedgerCloseMeta', metadata),
    };
  });
  const last = ledgers.at(-1);
  return {
    ledgers,
    latestLedger: latest.sequence,
    latestLedgerCloseTime: latest.closeTime,
    oldestLedger: oldest.sequence,
    oldestLedgerCloseTime: oldest.closeTime,
    cursor: last ? String(last.sequence) : cursor !== '' ? cursor : String(start - 1),
  };
}
