/**
 * Which current-state records a ledger's entry changes touch: the account of every account,
 * trust line and data entry change; every offer, claimable balance and liquidity pool changed;
 * and the pool of every pool share trust line (its `total_trustlines`).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { derivedEntryKey, ledgerKeyBase64 } from '../../store/entry-state.js';
import { accountId, claimableBalanceId } from '../format.js';
import { hex } from './common.js';

export interface TouchedRecords {
  /** Account ids. */
  accounts: Set<string>;
  /** Record id → base64 LedgerKey of its entry. */
  offers: Map<bigint, string>;
  claimableBalances: Map<string, string>;
  liquidityPools: Map<string, string>;
  /** Sellers of the offers changed (what open streams of offers are woken by). */
  offerSellers: Set<string>;
}

/** The key of the entry a change leaves (undefined for a before-image, named again by the next change). */
export function changedKey(change: xdr.LedgerEntryChange): xdr.LedgerKey | undefined {
  switch (change.type) {
    case 'ledgerEntryRemoved':
      return change.removed;
    case 'ledgerEntryState':
      // A before-image: the change after it names the same entry.
      return undefined;
    case 'ledgerEntryCreated':
      return derivedEntryKey(change.created);
    case 'ledgerEntryUpdated':
      return derivedEntryKey(change.updated);
    default:
      return derivedEntryKey(change.restored);
  }
}

function poolKey(id: xdr.PoolId): string {
  return ledgerKeyBase64(
    xdr.LedgerKey.liquidityPool(new xdr.LedgerKeyLiquidityPool({ liquidityPoolId: id })),
  );
}

export function touchedRecords(changes: readonly xdr.LedgerEntryChange[]): TouchedRecords {
  const touched: TouchedRecords = {
    accounts: new Set(),
    offers: new Map(),
    claimableBalances: new Map(),
    liquidityPools: new Map(),
    offerSellers: new Set(),
  };
  for (const change of changes) {
    const key = changedKey(change);
    switch (key?.type) {
      case 'account':
        touched.accounts.add(accountId(key.account.accountId));
        break;
      case 'trustline': {
        touched.accounts.add(accountId(key.trustLine.accountId));
        const asset = key.trustLine.asset;
        if (asset.type === 'assetTypePoolShare')
          touched.liquidityPools.set(hex(asset.liquidityPoolId.toBytes()), poolKey(asset.liquidityPoolId));
        break;
      }
      case 'data':
        touched.accounts.add(accountId(key.data.accountId));
        break;
      case 'offer':
        touched.offers.set(key.offer.offerId, ledgerKeyBase64(key));
        touched.offerSellers.add(accountId(key.offer.sellerId));
        break;
      case 'claimableBalance':
        touched.claimableBalances.set(
          claimableBalanceId(key.claimableBalance.balanceId),
          ledgerKeyBase64(key),
        );
        break;
      case 'liquidityPool':
        touched.liquidityPools.set(hex(key.liquidityPool.liquidityPoolId.toBytes()), ledgerKeyBase64(key));
        break;
      default:
        break;
    }
  }
  return touched;
}

/** The records any of these ledgers touched. */
export function mergeTouched(ledgers: readonly TouchedRecords[]): TouchedRecords {
  const all = touchedRecords([]);
  for (const touched of ledgers) {
    for (const id of touched.accounts) all.accounts.add(id);
    for (const [id, key] of touched.offers) all.offers.set(id, key);
    for (const [id, key] of touched.claimableBalances) all.claimableBalances.set(id, key);
    for (const [id, key] of touched.liquidityPools) all.liquidityPools.set(id, key);
    for (const seller of touched.offerSellers) all.offerSellers.add(seller);
  }
  return all;
}
