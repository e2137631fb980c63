/**
 * The network's Soroban settings: the ConfigSetting entries a new sandbox's genesis ledger holds
 * (quickstart's local network at protocol 23, from `@starspec/soroban/network`, which loads
 * without the host), read back from the ledger state as stellar-core's SorobanNetworkConfig
 * reads them: at start, and again after a close that applied upgrades.
 */

import {
  localNetworkConfigEntries,
  localNetworkSettings,
  type NetworkSettings,
  readNetworkSettings,
} from '@starspec/soroban/network';
import type { xdr } from '@stellar/stellar-sdk/base';
import type { EntryStore } from '../core/store.js';

export type { NetworkSettings };

/** The ConfigSetting entries of a genesis ledger (stamped with ledger `sequence`). */
export function genesisConfigEntries(sequence: number, minPersistentTtl?: number): xdr.LedgerEntry[] {
  if (minPersistentTtl !== undefined && !(Number.isInteger(minPersistentTtl) && minPersistentTtl >= 1))
    throw new RangeError(
      `minPersistentTtl must be a whole number of ledgers, at least 1: ${minPersistentTtl}`,
    );
  return localNetworkConfigEntries({ minPersistentTtl }, sequence);
}

/**
 * The settings the stored ConfigSetting entries hold. A database written before the sandbox held
 * them has none: its network runs on the local network's values without showing them as entries.
 */
export function storedNetworkSettings(store: EntryStore): NetworkSettings {
  const entries: xdr.LedgerEntry[] = [];
  for (const [, entry] of store.entries()) if (entry.data.type === 'configSetting') entries.push(entry);
  if (entries.length === 0) return localNetworkSettings();
  return readNetworkSettings(entries);
}
