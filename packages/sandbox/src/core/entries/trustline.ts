/**
 * A trust line as a mutable draft, its extension chain flattened (v1 liabilities, v2 liquidity
 * pool use count); like accounts, the chain only ever grows (stellar-core
 * prepareTrustLineEntryExtensionV1/V2).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { trustLineKey } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { type EntryExtState, ledgerEntry, readEntryExt } from './entry-ext.js';

export const AUTHORIZED_FLAG = 0x1;
export const AUTHORIZED_TO_MAINTAIN_LIABILITIES_FLAG = 0x2;
export const TRUSTLINE_CLAWBACK_ENABLED_FLAG = 0x4;
export const MASK_TRUSTLINE_FLAGS_V17 = 0x7;

export interface TrustLineState extends EntryExtState {
  accountId: xdr.PublicKey;
  asset: xdr.TrustLineAsset;
  balance: bigint;
  limit: bigint;
  flags: number;
  extVersion: 0 | 1 | 2;
  buyingLiabilities: bigint;
  sellingLiabilities: bigint;
  liquidityPoolUseCount: number;
}

export function readTrustLine(entry: xdr.LedgerEntry): TrustLineState {
  if (entry.data.type !== 'trustline') throw new Error('not a trust line entry');
  const t = entry.data.trustLine;
  const { sponsor, hasExtV1 } = readEntryExt(entry);
  const state: TrustLineState = {
    sponsor,
    hasExtV1,
    accountId: t.accountId,
    asset: t.asset,
    balance: t.balance,
    limit: t.limit,
    flags: t.flags,
    extVersion: 0,
    buyingLiabilities: 0n,
    sellingLiabilities: 0n,
    liquidityPoolUseCount: 0,
  };
  if (t.ext.type !== 'v1') return state;
  state.extVersion = 1;
  state.buyingLiabilities = t.ext.v1.liabilities.buying;
  state.sellingLiabilities = t.ext.v1.liabilities.selling;
  if (t.ext.v1.ext.type !== 'v2') return state;
  state.extVersion = 2;
  state.liquidityPoolUseCount = t.ext.v1.ext.v2.liquidityPoolUseCount;
  return state;
}

function trustLineExt(t: TrustLineState): xdr.TrustLineEntryExt {
  if (t.extVersion === 0) return xdr.TrustLineEntryExt.v0();
  const v1Ext =
    t.extVersion === 2
      ? xdr.TrustLineEntryV1Ext.v2(
          new xdr.TrustLineEntryExtensionV2({
            liquidityPoolUseCount: t.liquidityPoolUseCount,
            ext: xdr.TrustLineEntryExtensionV2Ext.v0(),
          }),
        )
      : xdr.TrustLineEntryV1Ext.v0();
  return xdr.TrustLineEntryExt.v1(
    new xdr.TrustLineEntryV1({
      liabilities: new xdr.Liabilities({ buying: t.buyingLiabilities, selling: t.sellingLiabilities }),
      ext: v1Ext,
    }),
  );
}

export function trustLineEntry(t: TrustLineState): xdr.LedgerEntry {
  const entry = new xdr.TrustLineEntry({
    accountId: t.accountId,
    asset: t.asset,
    balance: t.balance,
    limit: t.limit,
    flags: t.flags,
    ext: trustLineExt(t),
  });
  return ledgerEntry(xdr.LedgerEntryData.trustline(entry), t);
}

export function newTrustLine(
  accountId: xdr.PublicKey,
  asset: xdr.TrustLineAsset,
  limit: bigint,
  flags: number,
): TrustLineState {
  return {
    sponsor: null,
    hasExtV1: false,
    accountId,
    asset,
    balance: 0n,
    limit,
    flags,
    extVersion: 0,
    buyingLiabilities: 0n,
    sellingLiabilities: 0n,
    liquidityPoolUseCount: 0,
  };
}

export function loadTrustLine(
  ltx: LedgerTxn,
  accountId: xdr.PublicKey,
  asset: xdr.TrustLineAsset,
): TrustLineState | undefined {
  const entry = ltx.load(trustLineKey(accountId, asset));
  return entry ? readTrustLine(entry) : undefined;
}

export function storeTrustLine(ltx: LedgerTxn, trustLine: TrustLineState): void {
  ltx.put(trustLineEntry(trustLine));
}

/** stellar-core isAuthorized. */
export function isAuthorized(t: TrustLineState): boolean {
  return (t.flags & AUTHORIZED_FLAG) !== 0;
}

/** stellar-core isAuthorizedToMaintainLiabilities: a pool-share line always is. */
export function isAuthorizedToMaintainLiabilities(t: TrustLineState): boolean {
  if (t.asset.type === 'assetTypePoolShare') return true;
  return (t.flags & (AUTHORIZED_FLAG | AUTHORIZED_TO_MAINTAIN_LIABILITIES_FLAG)) !== 0;
}

export function isClawbackEnabledOnTrustLine(t: TrustLineState): boolean {
  return (t.flags & TRUSTLINE_CLAWBACK_ENABLED_FLAG) !== 0;
}
