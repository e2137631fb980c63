/**
 * The claimable balance record (`GET /claimable_balances/{id}`) of its entry, as stellar-horizon
 * `resourceadapter/claimable_balances.go` writes it (from the claimable balances processor).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset } from '../assets.js';
import { claimPredicateJson } from '../claim-predicate.js';
import { accountId, amount, claimableBalanceId } from '../format.js';
import { type ClaimableBalanceBody, sponsorField } from './common.js';

const CLAIMABLE_BALANCE_CLAWBACK_ENABLED_FLAG = 0x1;

function balanceOf(entry: xdr.LedgerEntry): xdr.ClaimableBalanceEntry {
  if (entry.data.type !== 'claimableBalance')
    throw new TypeError(`not a claimable balance: ${entry.data.type}`);
  return entry.data.claimableBalance;
}

function destinations(
  balance: xdr.ClaimableBalanceEntry,
): { destination: string; predicate: xdr.ClaimPredicate }[] {
  return balance.claimants.map((claimant) => ({
    destination: accountId(claimant.v0.destination),
    predicate: claimant.v0.predicate,
  }));
}

export function claimableBalanceRecord(
  entry: xdr.LedgerEntry,
  lastModifiedTime: string | null,
): ClaimableBalanceBody {
  const balance = balanceOf(entry);
  const id = claimableBalanceId(balance.balanceId);
  const flags = balance.ext.type === 'v1' ? balance.ext.v1.flags : 0;
  return {
    id,
    asset: canonicalAsset(balance.asset),
    amount: amount(balance.amount),
    ...sponsorField(entry),
    last_modified_ledger: entry.lastModifiedLedgerSeq,
    last_modified_time: lastModifiedTime,
    claimants: destinations(balance).map(({ destination, predicate }) => ({
      destination,
      predicate: claimPredicateJson(predicate),
    })),
    flags: { clawback_enabled: (flags & CLAIMABLE_BALANCE_CLAWBACK_ENABLED_FLAG) !== 0 },
    paging_token: `${entry.lastModifiedLedgerSeq}-${id}`,
  };
}

/** The columns `listClaimableBalances` filters and pages by. */
export function claimableBalanceColumns(entry: xdr.LedgerEntry) {
  const balance = balanceOf(entry);
  return {
    id: claimableBalanceId(balance.balanceId),
    lastModified: entry.lastModifiedLedgerSeq,
    asset: canonicalAsset(balance.asset),
    claimants: [...new Set(destinations(balance).map(({ destination }) => destination))],
  };
}
