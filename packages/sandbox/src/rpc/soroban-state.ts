/**
 * The sandbox's latest closed ledger as Soroban reads it: entries with their live-until ledgers
 * (from the TTL entries beside them), the network's Soroban settings (its ConfigSetting entries,
 * or a local network's when the ledger has none) and the ledger facts a simulation runs with
 * (stellar-rpc `preflight.go` getLedgerInfo, lib/preflight `fill_ledger_info`).
 */
import type { EntryWithLiveUntil, LedgerInfo, NetworkSettings, SnapshotSource } from '@starspec/soroban';
import { localNetworkSettings, readNetworkSettings } from '@starspec/soroban/network';
import { hash, xdr } from '@stellar/stellar-sdk/base';
import type { Network } from '../network/network.js';
import type { LedgerRecord } from '../network/records.js';

/** stellar-rpc preflight.go `defaultBaseReserve`: simulation prices with it, whatever the network's. */
const SIMULATION_BASE_RESERVE = 5_000_000;

/** Contract data and code live until a ledger their TTL entry holds. */
export function hasTtl(key: xdr.LedgerKey): boolean {
  return key.type === 'contractData' || key.type === 'contractCode';
}

/** The TTL entry's key: the SHA-256 of the entry key's XDR. */
export function ttlKeyOf(key: xdr.LedgerKey): xdr.LedgerKey {
  return xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: new xdr.Hash(hash(key.toXdr())) }));
}

/** The live-until ledger of a contract data or code entry, undefined when its TTL entry is missing. */
export function liveUntilOf(network: Network, key: xdr.LedgerKey): number | undefined {
  const ttl = network.ledger.entry(ttlKeyOf(key));
  return ttl?.data.type === 'ttl' ? ttl.data.ttl.liveUntilLedgerSeq : undefined;
}

/** Entries as of the last close, with live-until ledgers; expired ones included (the host judges them). */
export function ledgerSnapshot(network: Network): SnapshotSource {
  return {
    get(key: xdr.LedgerKey): EntryWithLiveUntil | undefined {
      const entry = network.ledger.entry(key);
      if (!entry) return undefined;
      return { entry, liveUntil: hasTtl(key) ? liveUntilOf(network, key) : undefined };
    },
  };
}

/** Every ConfigSetting entry the ledger holds. */
export function configSettingEntries(network: Network): xdr.LedgerEntry[] {
  const entries: xdr.LedgerEntry[] = [];
  for (const name of Object.keys(xdr.ConfigSettingId)) {
    const configSettingId = (xdr.ConfigSettingId as unknown as Record<string, xdr.ConfigSettingId>)[name];
    if (!(configSettingId instanceof xdr.ConfigSettingId)) continue;
    const key = xdr.LedgerKey.configSetting(new xdr.LedgerKeyConfigSetting({ configSettingId }));
    const entry = network.ledger.entry(key);
    if (entry) entries.push(entry);
  }
  return entries;
}

/**
 * The network's Soroban settings, as soroban-simulation's `NetworkConfig::load_from_snapshot`
 * reads them from the ledger; a ledger without ConfigSetting entries runs with a local network's.
 */
export function networkSettings(network: Network): NetworkSettings {
  const entries = configSettingEntries(network);
  return entries.length > 0 ? readNetworkSettings(entries) : localNetworkSettings();
}

/** The ledger a simulation runs in: the latest closed one, its close time and protocol. */
export function simulationLedger(
  network: Network,
  latest: LedgerRecord,
  settings: NetworkSettings,
): LedgerInfo {
  const { stateArchival } = settings;
  return {
    protocolVersion: latest.headerEntry.header.ledgerVersion,
    sequenceNumber: latest.sequence,
    timestamp: BigInt(latest.closeTime),
    networkId: network.ledger.networkId,
    baseReserve: SIMULATION_BASE_RESERVE,
    minTempEntryTtl: stateArchival.minTemporaryTtl,
    minPersistentEntryTtl: stateArchival.minPersistentTtl,
    maxEntryTtl: stateArchival.maxEntryTtl,
  };
}
