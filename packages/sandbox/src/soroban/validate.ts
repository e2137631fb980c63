/**
 * The checks a Soroban transaction passes besides a classic one's (stellar-core
 * TransactionFrame::commonValidPreSeqNum and XDRProvidesValidFee, protocol 23): the declared
 * resources within the network's limits, the declared resource fee within the full fee and
 * covering the resource fee, no key twice in the footprint.
 */

import type { xdr } from '@stellar/stellar-sdk/base';
import { keyId } from '../core/keys.js';
import type { TransactionFrame } from '../core/tx/frame.js';
import { MAX_RESOURCE_FEE, resourcesWithinLimits, sorobanResourceFee } from './resources.js';
import type { NetworkSettings } from './settings.js';

/** XDRProvidesValidFee: SorobanTransactionData present and a resource fee in [0, 2^50]. */
export function providesValidFee(tx: TransactionFrame): boolean {
  if (!tx.isSoroban) return true;
  const data = tx.sorobanData;
  return data !== undefined && data.resourceFee >= 0n && data.resourceFee <= MAX_RESOURCE_FEE;
}

/** false when the Soroban transaction is txSOROBAN_INVALID. */
export function sorobanTransactionValid(
  tx: TransactionFrame,
  settings: NetworkSettings,
  chargeFee: boolean,
): boolean {
  const data = tx.sorobanData;
  if (!data) return false;
  if (!resourcesWithinLimits(tx, data, settings)) return false;
  // From protocol 23 a fee bump's inner transaction may bid less than its resource fee.
  if (chargeFee && data.resourceFee > tx.fullFee) return false;
  const fee = sorobanResourceFee(tx, data, settings);
  if (data.resourceFee < fee.nonRefundable + fee.refundable) return false;
  const seen = new Set<string>();
  for (const key of [...data.resources.footprint.readOnly, ...data.resources.footprint.readWrite]) {
    const id = keyId(key);
    if (seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/**
 * TransactionFrame::validateSorobanMemo: an invoke_host_function transaction has no memo and no
 * muxed source (its own or its operation's). The queue refuses it at every protocol; from 25
 * it is also part of validity (commonValidPreSeqNum), before the other Soroban checks.
 */
export function sorobanMemoValid(tx: TransactionFrame): boolean {
  const [op, ...more] = tx.operations;
  if (!op || more.length > 0 || op.body.type !== 'invokeHostFunction') return true;
  const muxed = (account: xdr.MuxedAccount | null | undefined) => account?.type === 'keyTypeMuxedEd25519';
  return tx.memo.type === 'memoNone' && !muxed(tx.tx.sourceAccount) && !muxed(op.sourceAccount);
}
