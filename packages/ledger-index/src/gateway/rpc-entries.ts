/**
 * The gateway's reads of the network's current state by key: getLedgerEntries for the entries
 * (in calls of at most 200 keys, stellar-rpc's `getLedgerEntriesMaxKeys`, every call read at the
 * same ledger) and getLedgers for the close time of a ledger its index does not hold.
 */
import { JsonRpcError, type RpcClient } from '@starspec/ledger-rpc/client';
import { xdr } from '@stellar/stellar-sdk/base';
import { timestamp } from '../derive/format.js';
import type { EntrySource, LiveEntries } from '../source.js';
import { entryKey, ledgerKeyBase64 } from '../store/entry-state.js';

/** stellar-rpc `methods/get_ledger_entries.go`: `getLedgerEntriesMaxKeys`. */
export const MAX_KEYS_PER_CALL = 200;
/** Close times kept (a ledger's never changes): the oldest known goes first past this many. */
export const CLOSE_TIMES_KEPT = 1024;
/** getLedgers' answer to a start ledger outside the server's range. */
const OUT_OF_RANGE = -32600;
/** Reads of several calls that landed on different ledgers are asked again this many times. */
const SAME_LEDGER_ATTEMPTS = 3;

/** The RPC server answered something the gateway cannot build a Horizon answer from. */
export class RpcStateError extends Error {
  override readonly name = 'RpcStateError';
}

function entryOf(found: { xdr?: string; extXdr?: string; lastModifiedLedgerSeq: number }): xdr.LedgerEntry {
  // Without `extXdr` (servers before v23) the sponsor is unknown: no answer rather than a wrong one.
  if (found.xdr === undefined || found.extXdr === undefined)
    throw new RpcStateError('getLedgerEntries answered an entry without xdr and extXdr (stellar-rpc ≥ 23)');
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: found.lastModifiedLedgerSeq,
    data: xdr.LedgerEntryData.fromXdr(found.xdr, 'base64'),
    ext: xdr.LedgerEntryExt.fromXdr(found.extXdr, 'base64'),
  });
}

async function readOnce(client: RpcClient, keys: readonly string[]): Promise<LiveEntries | undefined> {
  const entries = new Map<string, xdr.LedgerEntry>();
  let ledger: number | undefined;
  for (let start = 0; start < keys.length; start += MAX_KEYS_PER_CALL) {
    const answer = await client.getLedgerEntries({ keys: keys.slice(start, start + MAX_KEYS_PER_CALL) });
    if (ledger !== undefined && answer.latestLedger !== ledger) return undefined;
    ledger = answer.latestLedger;
    for (const found of answer.entries) {
      // Keyed as the index keys its entries: the entry's own key, encoded here.
      const entry = entryOf(found);
      const key = entryKey(entry);
      if (key) entries.set(ledgerKeyBase64(key), entry);
    }
  }
  return { ledger: ledger ?? 0, entries };
}

export function rpcEntrySource(client: RpcClient): EntrySource {
  const closeTimes = new Map<number, string | null>();
  return {
    async entries(keys) {
      for (let attempt = 0; attempt < SAME_LEDGER_ATTEMPTS; attempt += 1) {
        const read = await readOnce(client, keys);
        if (read) return read;
      }
      throw new RpcStateError('getLedgerEntries calls kept landing on different ledgers');
    },
    async closeTime(sequence) {
      const known = closeTimes.get(sequence);
      if (known !== undefined) return known;
      let closedAt: string | null = null;
      try {
        const { ledgers } = await client.getLedgers({ startLedger: sequence, pagination: { limit: 1 } });
        const [ledger] = ledgers;
        if (ledger?.sequence === sequence) closedAt = timestamp(BigInt(ledger.ledgerCloseTime));
      } catch (error) {
        // Outside the server's retention (-32600): as Horizon without the ledger, null.
        if (!(error instanceof JsonRpcError && error.code === OUT_OF_RANGE)) throw error;
      }
      if (closeTimes.size >= CLOSE_TIMES_KEPT) closeTimes.delete(closeTimes.keys().next().value as number);
      closeTimes.set(sequence, closedAt);
      return closedAt;
    },
  };
}
