/**
 * A network whose ledger holds some more entries than its store: how the RPC tests put contract
 * code, instances and TTLs in front of the RPC face before the sandbox applies Soroban operations.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Network } from '../../src/network/network.js';
import { ttlKeyOf } from '../../src/soroban/resources.js';

export interface PlacedEntry {
  key: xdr.LedgerKey;
  entry: xdr.LedgerEntry;
  /** For contract data and code: the TTL entry written beside it. */
  liveUntil?: number;
}

function ttlEntry(key: xdr.LedgerKey, liveUntilLedgerSeq: number): xdr.LedgerEntry {
  const ttlKey = ttlKeyOf(key);
  if (ttlKey.type !== 'ttl') throw new Error('not a TTL key');
  const { keyHash } = ttlKey.ttl;
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.ttl(new xdr.TtlEntry({ keyHash, liveUntilLedgerSeq })),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

export function withEntries(network: Network, placed: readonly PlacedEntry[]): Network {
  const extra = new Map<string, xdr.LedgerEntry>();
  for (const { key, entry, liveUntil } of placed) {
    extra.set(key.toXdr('base64'), entry);
    if (liveUntil !== undefined) extra.set(ttlKeyOf(key).toXdr('base64'), ttlEntry(key, liveUntil));
  }
  const ledger = Object.create(network.ledger) as Network['ledger'];
  Object.defineProperty(ledger, 'entry', {
    value: (key: xdr.LedgerKey | string) =>
      extra.get(typeof key === 'string' ? key : key.toXdr('base64')) ?? network.ledger.entry(key),
  });
  return { ...network, ledger, closed: network.closed };
}
