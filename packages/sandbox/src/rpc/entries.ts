/**
 * getLedgerEntries (stellar-rpc `methods/get_ledger_entries.go`, `ledgerentries/main.go`) from
 * the state as of the last close: contract data and code with the live-until ledger of their TTL
 * entry, an archived persistent entry (its TTL past) with that past ledger, as stellar-core's
 * query server answers it at protocol 23, and an expired temporary entry left out as gone.
 */
import type { GetLedgerEntriesParams, GetLedgerEntriesResult } from '@starspec/ledger-rpc';
import { xdr } from '@stellar/stellar-sdk/base';
import { isSorobanKey } from '../soroban/resources.js';
import { checkFormat, invalidParams, ledgerRange, type RpcContext } from './common.js';
import { liveUntilOf } from './soroban-state.js';
import type { ToJson } from './xdr-json.js';

/** stellar-rpc getLedgerEntriesMaxKeys. */
export const MAX_LEDGER_KEYS = 200;

export function getLedgerEntries(
  context: RpcContext,
  params: GetLedgerEntriesParams,
  toJson?: ToJson,
): GetLedgerEntriesResult {
  checkFormat(params.xdrFormat);
  const { keys } = params;
  if (keys.length > MAX_LEDGER_KEYS) {
    throw invalidParams(`key count (${keys.length}) exceeds maximum supported (${MAX_LEDGER_KEYS})`);
  }
  const decoded = keys.map((key, i): [string, xdr.LedgerKey] => {
    let ledgerKey: xdr.LedgerKey;
    try {
      ledgerKey = xdr.LedgerKey.fromXdr(key, 'base64');
    } catch {
      throw invalidParams(`cannot unmarshal key value ${key} at index ${i}`);
    }
    if (ledgerKey.type === 'ttl') throw invalidParams('ledger ttl entries cannot be queried directly');
    return [ledgerKey.toXdr('base64'), ledgerKey];
  });
  const { latest } = ledgerRange(context);
  const entries: GetLedgerEntriesResult['entries'] = [];
  for (const [key, ledgerKey] of new Map(decoded)) {
    const entry = context.network.ledger.entry(key);
    if (!entry) continue;
    const liveUntil = isSorobanKey(ledgerKey) ? liveUntilOf(context.network, ledgerKey) : undefined;
    const expired = liveUntil !== undefined && liveUntil < latest.sequence;
    if (
      expired &&
      ledgerKey.type === 'contractData' &&
      ledgerKey.contractData.durability.name === 'temporary'
    )
      continue;
    const ttl = liveUntil === undefined ? {} : { liveUntilLedgerSeq: liveUntil };
    const data = entry.data.toXdr('base64');
    const ext = entry.ext.toXdr('base64');
    const { lastModifiedLedgerSeq } = entry;
    // ledgerKeyEntryToResult: key, data and extension, base64 or json.
    entries.push(
      toJson
        ? {
            keyJson: toJson('LedgerKey', key),
            dataJson: toJson('LedgerEntryData', data),
            lastModifiedLedgerSeq,
            extJson: toJson('LedgerEntryExt', ext),
            ...ttl,
          }
        : { key, xdr: data, lastModifiedLedgerSeq, extXdr: ext, ...ttl },
    );
  }
  return { entries, latestLedger: latest.sequence };
}
