/**
 * Allowances (`allowance.rs`): a temporary `Allowance({from, spender})` entry holding
 * `{amount, live_until_ledger}`; it reads as zero once its ledger has passed. Writing one checks
 * the ledger against the network's maximum and (for a non-zero amount) the current ledger, and
 * lets the entry live until that ledger.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Host } from '../../host/host.js';
import { maxLiveUntilLedger } from '../../storage/index.js';
import { contractError } from '../contract-error.js';
import { extendDataTtl, getData, putData, tryGetData } from '../env.js';
import { isCap67 } from './protocol.js';
import { type AllowanceValue, allowanceKey, allowanceOf, allowanceValue } from './storage-types.js';

export function readAllowance(host: Host, from: xdr.ScAddress, spender: xdr.ScAddress): bigint {
  const raw = tryGetData(host, allowanceKey(from, spender), 'temporary');
  if (raw === undefined) return 0n;
  const allowance = allowanceOf(raw);
  return allowance.liveUntilLedger < host.ledger.sequenceNumber ? 0n : allowance.amount;
}

export function writeAllowance(
  host: Host,
  from: xdr.ScAddress,
  spender: xdr.ScAddress,
  amount: bigint,
  liveUntil: number,
): void {
  const sequence = host.ledger.sequenceNumber;
  if (liveUntil > maxLiveUntilLedger(host.ledger))
    throw contractError('AllowanceError', 'live_until is greater than max');
  // A past ledger is allowed when clearing an allowance.
  if (amount > 0n && liveUntil < sequence)
    throw contractError('AllowanceError', 'live_until must be >= ledger sequence');
  const key = allowanceKey(from, spender);
  const raw = tryGetData(host, key, 'temporary');
  let next: AllowanceValue;
  let previousLiveUntil = 0;
  if (raw !== undefined) {
    const existing = allowanceOf(raw);
    previousLiveUntil = existing.liveUntilLedger;
    next = { amount, liveUntilLedger: liveUntil };
  } else if (amount > 0n) next = { amount, liveUntilLedger: liveUntil };
  else return;
  putData(host, key, allowanceValue(next), 'temporary');
  if (next.amount > 0n && previousLiveUntil < liveUntil) {
    const extra = isCap67(host) ? 0 : 1;
    const liveFor = Math.max(0, liveUntil - sequence) + extra;
    extendDataTtl(host, key, 'temporary', liveFor, liveFor);
  }
}

/** `spend_allowance`: a zero amount needs no allowance and writes nothing. */
export function spendAllowance(
  host: Host,
  from: xdr.ScAddress,
  spender: xdr.ScAddress,
  amount: bigint,
): void {
  const allowance = readAllowance(host, from, spender);
  if (allowance < amount) throw contractError('AllowanceError', 'not enough allowance to spend');
  if (amount <= 0n) return;
  const { liveUntilLedger } = allowanceOf(getData(host, allowanceKey(from, spender), 'temporary'));
  writeAllowance(host, from, spender, allowance - amount, liveUntilLedger);
}
