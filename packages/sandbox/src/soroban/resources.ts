/**
 * A Soroban transaction's declared resources against the network's per-transaction limits, and
 * the resource fee they cost before apply (stellar-core TransactionFrame.cpp, protocol 23:
 * `checkSorobanResources`, `getNumDiskReadEntries`, `computePreApplySorobanResourceFee`).
 */

import { computeTransactionResourceFee, feeConfiguration } from '@starspec/soroban/network';
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid, isIssuer, isNative } from '../core/assets.js';
import { BoundedCache } from '../core/bounded-cache.js';
import { keyBytes, keyId } from '../core/keys.js';
import { sha256 } from '../core/sha256.js';
import type { TransactionFrame } from '../core/tx/frame.js';
import type { NetworkSettings } from './settings.js';

/** stellar-core MAX_RESOURCE_FEE: a declared resource fee above it is malformed. */
export const MAX_RESOURCE_FEE = 1n << 50n;

export function isSorobanKey(key: xdr.LedgerKey): boolean {
  return key.type === 'contractData' || key.type === 'contractCode';
}

export function isPersistentKey(key: xdr.LedgerKey): boolean {
  return (
    key.type === 'contractCode' ||
    (key.type === 'contractData' && key.contractData.durability.name === 'persistent')
  );
}

/**
 * TTL keys by their entry's key id: the host hands the snapshot a new key object on each read,
 * and each read of an entry reads its TTL entry too, which hashed the key and encoded the TTL key
 * anew every time.
 */
const ttlKeys = new BoundedCache<xdr.LedgerKey>(0xffff);

/** The TTL entry's key of a contract data or code key: SHA-256 of the key's XDR. */
export function ttlKeyOf(key: xdr.LedgerKey): xdr.LedgerKey {
  return ttlKeys.get(keyId(key), () =>
    xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: sha256(keyBytes(key)) })),
  );
}

/** `archivedSorobanEntries`: the read-write indices marked for automatic restoration. */
export function archivedIndices(data: xdr.SorobanTransactionData): readonly number[] {
  return data.ext.type === 'resourceExt' ? data.ext.resourceExt.archivedSorobanEntries : [];
}

/** getNumDiskReadEntries: classic keys plus archived entries; a restore reads its whole footprint. */
export function diskReadEntries(tx: TransactionFrame, data: xdr.SorobanTransactionData): number {
  const { readOnly, readWrite } = data.resources.footprint;
  if (tx.operations[0]?.body.type === 'restoreFootprint') return readWrite.length;
  const classic = [...readOnly, ...readWrite].filter((key) => !isSorobanKey(key)).length;
  return classic + archivedIndices(data).length;
}

export interface ResourceFeeParts {
  nonRefundable: bigint;
  /** The events part of the refundable fee (events of `eventsSizeBytes`); rent comes on top. */
  refundable: bigint;
}

/** computeSorobanResourceFee over the declared resources, the envelope size and the events size. */
export function sorobanResourceFee(
  tx: TransactionFrame,
  data: xdr.SorobanTransactionData,
  settings: NetworkSettings,
  eventsSizeBytes = 0,
): ResourceFeeParts {
  const r = data.resources;
  return computeTransactionResourceFee(
    {
      instructions: r.instructions,
      diskReadEntries: diskReadEntries(tx, data),
      writeEntries: r.footprint.readWrite.length,
      diskReadBytes: r.diskReadBytes,
      writeBytes: r.writeBytes,
      contractEventsSizeBytes: eventsSizeBytes,
      transactionSizeBytes: tx.size,
    },
    feeConfiguration(settings),
  );
}

/** A footprint key stellar-core accepts: accounts, valid non-native trust lines of non-issuers, contract entries. */
function validFootprintKey(key: xdr.LedgerKey, settings: NetworkSettings): boolean {
  switch (key.type) {
    case 'account':
    case 'contractData':
    case 'contractCode':
      break;
    case 'trustline': {
      const { asset, accountId } = key.trustLine;
      if (!isAssetValid(asset) || isNative(asset) || isIssuer(accountId, asset)) return false;
      break;
    }
    default:
      return false;
  }
  return keyBytes(key).length <= settings.contractDataKeySizeBytes;
}

/** checkSorobanResources (protocol 23): false when a declared resource passes a network limit. */
export function resourcesWithinLimits(
  tx: TransactionFrame,
  data: xdr.SorobanTransactionData,
  settings: NetworkSettings,
): boolean {
  const r = data.resources;
  const { readOnly, readWrite } = r.footprint;
  if (BigInt(r.instructions) > settings.compute.txMaxInstructions) return false;
  if (r.diskReadBytes > settings.ledgerCost.txMaxDiskReadBytes) return false;
  if (r.writeBytes > settings.ledgerCost.txMaxWriteBytes) return false;
  if (readOnly.length + readWrite.length > settings.ledgerCostExt.txMaxFootprintEntries) return false;
  if (diskReadEntries(tx, data) > settings.ledgerCost.txMaxDiskReadEntries) return false;
  if (readWrite.length > settings.ledgerCost.txMaxWriteLedgerEntries) return false;
  if (![...readOnly, ...readWrite].every((key) => validFootprintKey(key, settings))) return false;
  if (tx.size > settings.bandwidth.txMaxSizeBytes) return false;
  // The archived indices: ascending, within the read-write footprint, persistent entries.
  let last = -1;
  for (const index of archivedIndices(data)) {
    if (index <= last || index >= readWrite.length) return false;
    if (!isPersistentKey(readWrite[index] as xdr.LedgerKey)) return false;
    last = index;
  }
  return true;
}
