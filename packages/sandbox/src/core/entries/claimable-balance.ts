/**
 * A claimable balance (CAP-23) as a mutable draft: its id, claimants, asset and amount, and the
 * CAP-35 clawback flag its extension carries. Its reserve (one base reserve per claimant) is
 * always sponsored, by its creator unless a sponsor pays it (stellar-core computeMultiplier).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { claimableBalanceKey } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { sha256 } from '../sha256.js';
import type { ReserveEntry } from '../sponsorship.js';
import { type EntryExtState, ledgerEntry, readEntryExt } from './entry-ext.js';

/** ClaimableBalanceFlags CLAIMABLE_BALANCE_CLAWBACK_ENABLED_FLAG. */
export const CLAIMABLE_BALANCE_CLAWBACK_ENABLED_FLAG = 0x1;

export interface ClaimableBalanceState extends EntryExtState {
  balanceId: xdr.ClaimableBalanceId;
  claimants: xdr.Claimant[];
  asset: xdr.Asset;
  amount: bigint;
  /** The entry carries ClaimableBalanceEntryExtensionV1 (stellar-core sets it only with a flag). */
  hasFlagsExt: boolean;
  flags: number;
}

export function readClaimableBalance(entry: xdr.LedgerEntry): ClaimableBalanceState {
  if (entry.data.type !== 'claimableBalance') throw new Error('not a claimable balance entry');
  const cb = entry.data.claimableBalance;
  const { sponsor, hasExtV1 } = readEntryExt(entry);
  return {
    sponsor,
    hasExtV1,
    balanceId: cb.balanceId,
    claimants: [...cb.claimants],
    asset: cb.asset,
    amount: cb.amount,
    hasFlagsExt: cb.ext.type === 'v1',
    flags: cb.ext.type === 'v1' ? cb.ext.v1.flags : 0,
  };
}

export function claimableBalanceEntry(cb: ClaimableBalanceState): xdr.LedgerEntry {
  const ext = cb.hasFlagsExt
    ? xdr.ClaimableBalanceEntryExt.v1(
        new xdr.ClaimableBalanceEntryExtensionV1({
          ext: xdr.ClaimableBalanceEntryExtensionV1Ext.v0(),
          flags: cb.flags,
        }),
      )
    : xdr.ClaimableBalanceEntryExt.v0();
  const entry = new xdr.ClaimableBalanceEntry({
    balanceId: cb.balanceId,
    claimants: cb.claimants,
    asset: cb.asset,
    amount: cb.amount,
    ext,
  });
  return ledgerEntry(xdr.LedgerEntryData.claimableBalance(entry), cb);
}

/** A new balance: no sponsor yet, no flags. */
export function newClaimableBalance(
  balanceId: xdr.ClaimableBalanceId,
  claimants: xdr.Claimant[],
  asset: xdr.Asset,
  amount: bigint,
): ClaimableBalanceState {
  return {
    sponsor: null,
    hasExtV1: false,
    balanceId,
    claimants,
    asset,
    amount,
    hasFlagsExt: false,
    flags: 0,
  };
}

/** stellar-core setClaimableBalanceClawbackEnabled. */
export function setClawbackEnabled(cb: ClaimableBalanceState): void {
  if (cb.hasFlagsExt) throw new Error('unexpected ClaimableBalanceEntry ext version');
  cb.hasFlagsExt = true;
  cb.flags = CLAIMABLE_BALANCE_CLAWBACK_ENABLED_FLAG;
}

/** stellar-core isClawbackEnabledOnClaimableBalance. */
export function isClawbackEnabledOnClaimableBalance(cb: ClaimableBalanceState): boolean {
  return cb.hasFlagsExt && (cb.flags & CLAIMABLE_BALANCE_CLAWBACK_ENABLED_FLAG) !== 0;
}

/** The balance as an entry whose reserve is counted: one base reserve per claimant. */
export function claimableBalanceReserve(cb: ClaimableBalanceState): ReserveEntry {
  return { type: 'claimableBalance', mult: cb.claimants.length, ext: cb };
}

export function loadClaimableBalance(
  ltx: LedgerTxn,
  balanceId: xdr.ClaimableBalanceId,
): ClaimableBalanceState | undefined {
  const entry = ltx.load(claimableBalanceKey(balanceId));
  return entry ? readClaimableBalance(entry) : undefined;
}

/** A V0 claimable balance id: SHA-256 of the preimage's XDR. */
export function balanceIdOf(preimage: xdr.HashIdPreimage): xdr.ClaimableBalanceId {
  return xdr.ClaimableBalanceId.claimableBalanceIdTypeV0(sha256(preimage.toXdr()));
}
