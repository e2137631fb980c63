/**
 * The ledger a host runs against (soroban-env-host/src/ledger_info.rs `LedgerInfo`) and the TTL
 * bounds derived from it. TTLs count the current ledger: an entry given a TTL of n ledgers lives
 * until `sequence + n - 1`.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';

export interface LedgerInfo {
  protocolVersion: number;
  sequenceNumber: number;
  timestamp: bigint;
  /** 32 bytes: the SHA-256 of the network passphrase. */
  networkId: Uint8Array;
  baseReserve: number;
  minTempEntryTtl: number;
  minPersistentEntryTtl: number;
  maxEntryTtl: number;
}

export type Durability = 'temporary' | 'persistent';

const U32_MAX = 0xffff_ffff;

function addU32(base: number, ttl: number): number {
  const sum = base + Math.max(ttl - 1, 0);
  // A network whose TTL settings overflow a u32 is mis-configured: the host calls it internal.
  if (sum > U32_MAX) throw new HostError('Context', 'InternalError', 'live-until ledger overflows u32');
  return sum;
}

/** The live-until ledger a new entry of this durability gets (`min_live_until_ledger_checked`). */
export function minLiveUntilLedger(ledger: LedgerInfo, durability: Durability): number {
  const ttl = durability === 'temporary' ? ledger.minTempEntryTtl : ledger.minPersistentEntryTtl;
  return addU32(ledger.sequenceNumber, ttl);
}

/** The furthest live-until ledger any entry may have now (`max_live_until_ledger_checked`). */
export function maxLiveUntilLedger(ledger: LedgerInfo): number {
  return addU32(ledger.sequenceNumber, ledger.maxEntryTtl);
}

/** Contract data keys carry their durability, code is persistent, classic keys have none. */
export function keyDurability(key: xdr.LedgerKey): Durability | undefined {
  if (key.type === 'contractData') return key.contractData.durability.name;
  if (key.type === 'contractCode') return 'persistent';
  return undefined;
}
