/**
 * An account's `balances`: one per trust line (issued assets and liquidity pool shares), then
 * the lumen balance, as stellar-horizon `resourceadapter/balance.go` writes them.
 */
import type { components } from '@starspec/ledger-api';
import type { xdr } from '@stellar/stellar-sdk/base';
import { assetFields } from '../assets.js';
import { entrySponsor } from '../entry.js';
import { amount } from '../format.js';
import { hex } from './common.js';

type Schemas = components['schemas'];
export type Balance = Schemas['Balance'];
/** A trust line's balance: an issued asset's or a pool's shares. */
type LineBalance = Exclude<Balance, { asset_type: 'native' }>;

const AUTHORIZED_FLAG = 0x1;
const AUTHORIZED_TO_MAINTAIN_LIABILITIES_FLAG = 0x2;
const TRUSTLINE_CLAWBACK_ENABLED_FLAG = 0x4;

function trustLineOf(entry: xdr.LedgerEntry): xdr.TrustLineEntry {
  if (entry.data.type !== 'trustline') throw new TypeError(`not a trust line: ${entry.data.type}`);
  return entry.data.trustLine;
}

/** The liquidity pool id (hex) of a pool share trust line asset. */
export function poolShareId(asset: xdr.TrustLineAsset): string | undefined {
  return asset.type === 'assetTypePoolShare' ? hex(asset.liquidityPoolId.toBytes()) : undefined;
}

/** stellar-horizon `fillAuthorizationFlags`: after CAP-18 authorized implies maintain liabilities. */
function addAuthorizationFlags(balance: LineBalance, flags: number): void {
  const authorized = (flags & AUTHORIZED_FLAG) !== 0;
  balance.is_authorized = authorized;
  balance.is_authorized_to_maintain_liabilities =
    authorized || (flags & AUTHORIZED_TO_MAINTAIN_LIABILITIES_FLAG) !== 0;
  if ((flags & TRUSTLINE_CLAWBACK_ENABLED_FLAG) !== 0) balance.is_clawback_enabled = true;
}

function liabilities(line: xdr.TrustLineEntry): { buying: bigint; selling: bigint } {
  return line.ext.type === 'v1' ? line.ext.v1.liabilities : { buying: 0n, selling: 0n };
}

/**
 * One trust line's balance. Pool share balances carry no liabilities and, as in
 * `PopulatePoolShareBalance`, no sponsor.
 */
export function trustLineBalance(entry: xdr.LedgerEntry): Balance {
  const line = trustLineOf(entry);
  const poolId = poolShareId(line.asset);
  // Built field by field, in the record's order (see transactionBody).
  if (poolId !== undefined) {
    const shares = {
      balance: amount(line.balance),
      liquidity_pool_id: poolId,
      limit: amount(line.limit),
      last_modified_ledger: entry.lastModifiedLedgerSeq,
    } as Extract<LineBalance, { asset_type: 'liquidity_pool_shares' }>;
    addAuthorizationFlags(shares, line.flags);
    shares.asset_type = 'liquidity_pool_shares';
    return shares;
  }
  const { buying, selling } = liabilities(line);
  const asset = assetFields(line.asset);
  if (asset.asset_type === 'native') throw new TypeError('a trust line never holds lumens');
  const balance = {
    balance: amount(line.balance),
    limit: amount(line.limit),
    buying_liabilities: amount(buying),
    selling_liabilities: amount(selling),
  } as Exclude<LineBalance, { asset_type: 'liquidity_pool_shares' }>;
  const sponsor = entrySponsor(entry);
  if (sponsor) balance.sponsor = sponsor;
  balance.last_modified_ledger = entry.lastModifiedLedgerSeq;
  addAuthorizationFlags(balance, line.flags);
  balance.asset_type = asset.asset_type;
  balance.asset_code = asset.asset_code ?? '';
  balance.asset_issuer = asset.asset_issuer ?? '';
  return balance;
}

export function nativeBalance(balance: bigint, buying: bigint, selling: bigint): Balance {
  return {
    balance: amount(balance),
    buying_liabilities: amount(buying),
    selling_liabilities: amount(selling),
    asset_type: 'native',
  };
}

/** stellar-horizon `GetSortedTrustLinesByAccountID` order: asset code, issuer, pool id (shares first). */
function sortKey(entry: xdr.LedgerEntry): [string, string, string] {
  const asset = trustLineOf(entry).asset;
  const poolId = poolShareId(asset);
  if (poolId !== undefined) return ['', '', poolId];
  const fields = assetFields(asset);
  return [fields.asset_code ?? '', fields.asset_issuer ?? '', ''];
}

function compare(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function sortTrustLines(entries: readonly xdr.LedgerEntry[]): xdr.LedgerEntry[] {
  return entries
    .map((entry) => ({ entry, key: sortKey(entry) }))
    .sort((a, b) => compare(a.key, b.key))
    .map(({ entry }) => entry);
}
