/**
 * The sandbox's latest closed ledger as Soroban reads it: entries with their live-until ledgers
 * (from the TTL entries beside them), the network's Soroban settings (its ConfigSetting entries,
 * or a local network's when the ledger has none) and the ledger facts a simulation runs with
 * (stellar-rpc `preflight.go` getLedgerInfo, lib/preflight `fill_ledger_info`).
 */
import type { EntryWithLiveUntil, LedgerInfo, NetworkSettings, SnapshotSource } from '@starspec/soroban';
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Network } from '../network/network.js';
import type { LedgerRecord } from '../network/records.js';
import { isSorobanKey, ttlKeyOf } from '../soroban/resources.js';

/** stellar-rpc preflight.go `defaultBaseReserve`: simulation prices with it, whatever the network's. */
const SIMULATION_BASE_RESERVE = 5_000_000;

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
      return { entry, liveUntil: isSorobanKey(key) ? liveUntilOf(network, key) : undefined };
    },
  };
}

/**
 * The network's Soroban settings, as soroban-simulation's `NetworkConfig::load_from_snapshot`
 * reads them from the ledger: the ledger read them from its ConfigSetting entries when it opened.
 */
export function networkSettings(network: Network): NetworkSettings {
  return network.ledger.sorobanSettings;
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
