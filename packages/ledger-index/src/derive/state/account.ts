/**
 * The account record (`GET /accounts/{account_id}`) from an account entry, its trust lines and
 * its data entries, as stellar-horizon `resourceadapter/account_entry.go` (fed by the accounts,
 * trust lines, data and signers processors) writes it; and what `listAccounts` finds it by.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset } from '../assets.js';
import { entrySponsor } from '../entry.js';
import { accountId, base64 } from '../format.js';
import { nativeBalance, poolShareId, sortTrustLines, trustLineBalance } from './balances.js';
import type { AccountBody } from './common.js';
import { accountSigners, signerSummary, thresholdBytes } from './signers.js';

/** The live entries an account record is made of. */
export interface AccountEntries {
  account: xdr.LedgerEntry;
  trustLines: readonly xdr.LedgerEntry[];
  data: readonly xdr.LedgerEntry[];
}

const AUTH_REQUIRED_FLAG = 0x1;
const AUTH_REVOCABLE_FLAG = 0x2;
const AUTH_IMMUTABLE_FLAG = 0x4;
const AUTH_CLAWBACK_ENABLED_FLAG = 0x8;

function accountOf(entry: xdr.LedgerEntry): xdr.AccountEntry {
  if (entry.data.type !== 'account') throw new TypeError(`not an account: ${entry.data.type}`);
  return entry.data.account;
}

/** The account entry's extension chain, flattened (v1 liabilities, v2 sponsorship, v3 sequence). */
function extensions(account: xdr.AccountEntry) {
  const v1 = account.ext.type === 'v1' ? account.ext.v1 : undefined;
  const v2 = v1?.ext.type === 'v2' ? v1.ext.v2 : undefined;
  const v3 = v2?.ext.type === 'v3' ? v2.ext.v3 : undefined;
  return {
    buying: v1?.liabilities.buying ?? 0n,
    selling: v1?.liabilities.selling ?? 0n,
    numSponsored: v2?.numSponsored ?? 0,
    numSponsoring: v2?.numSponsoring ?? 0,
    seqLedger: v3?.seqLedger ?? 0,
    seqTime: v3?.seqTime ?? 0n,
  };
}

function text(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('utf8');
}

/**
 * `sequence_ledger`/`sequence_time` appear only when both are set: stellar-horizon keeps them
 * as `zero.Int`, which reads 0 as absent.
 */
function sequenceFields(
  seqLedger: number,
  seqTime: bigint,
): { sequence_ledger?: number; sequence_time?: string } {
  return seqLedger !== 0 && seqTime !== 0n
    ? { sequence_ledger: seqLedger, sequence_time: seqTime.toString() }
    : {};
}

function dataValues(data: readonly xdr.LedgerEntry[]): Record<string, string> {
  const pairs = data.flatMap((entry) =>
    entry.data.type === 'data'
      ? [[text(entry.data.data.dataName.bytes), base64(entry.data.data.dataValue.toBytes())] as const]
      : [],
  );
  // Go writes a map's keys in sorted order.
  return Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The account record; `lastModifiedTime` is the close time of its entry's last-modified ledger. */
export function accountRecord(entries: AccountEntries, lastModifiedTime: string | null): AccountBody {
  const account = accountOf(entries.account);
  const id = accountId(account.accountId);
  const ext = extensions(account);
  const [, low = 0, medium = 0, high = 0] = thresholdBytes(account);
  const homeDomain = text(account.homeDomain.bytes);
  // Built field by field, in the record's order (see transactionBody).
  const record = { id, account_id: id, sequence: account.seqNum.toString() } as AccountBody;
  Object.assign(record, sequenceFields(ext.seqLedger, ext.seqTime));
  record.subentry_count = account.numSubEntries;
  if (account.inflationDest) record.inflation_destination = accountId(account.inflationDest);
  if (homeDomain) record.home_domain = homeDomain;
  record.last_modified_ledger = entries.account.lastModifiedLedgerSeq;
  record.last_modified_time = lastModifiedTime;
  record.thresholds = { low_threshold: low, med_threshold: medium, high_threshold: high };
  record.flags = {
    auth_required: (account.flags & AUTH_REQUIRED_FLAG) !== 0,
    auth_revocable: (account.flags & AUTH_REVOCABLE_FLAG) !== 0,
    auth_immutable: (account.flags & AUTH_IMMUTABLE_FLAG) !== 0,
    auth_clawback_enabled: (account.flags & AUTH_CLAWBACK_ENABLED_FLAG) !== 0,
  };
  const balances = sortTrustLines(entries.trustLines).map(trustLineBalance);
  balances.push(nativeBalance(account.balance, ext.buying, ext.selling));
  record.balances = balances;
  record.signers = accountSigners(account);
  record.data = dataValues(entries.data);
  record.num_sponsoring = ext.numSponsoring;
  record.num_sponsored = ext.numSponsored;
  const sponsor = entrySponsor(entries.account);
  if (sponsor) record.sponsor = sponsor;
  record.paging_token = id;
  return record;
}

/** What `listAccounts` filters accounts by. */
export type AccountFilterName = 'signer' | 'sponsor' | 'asset' | 'liquidity_pool';

/**
 * The values `listAccounts` finds the account by, as stellar-horizon's queries do:
 * `AccountEntriesForSigner` (its signer summary), `AccountsForSponsor` (the sponsor of the
 * account, its data entries, signers or trust lines), `AccountsForAsset` (trust lines to issued
 * assets, canonical form) and `AccountsForLiquidityPool` (pool share trust lines).
 */
export function accountFilters(entries: AccountEntries): [AccountFilterName, string][] {
  const account = accountOf(entries.account);
  const filters = new Map<string, [AccountFilterName, string]>();
  const add = (name: AccountFilterName, value: string | undefined) => {
    if (value !== undefined) filters.set(`${name} ${value}`, [name, value]);
  };
  for (const signer of signerSummary(account)) {
    add('signer', signer.key);
    add('sponsor', signer.sponsor);
  }
  for (const entry of [entries.account, ...entries.data, ...entries.trustLines])
    add('sponsor', entrySponsor(entry));
  for (const entry of entries.trustLines) {
    if (entry.data.type !== 'trustline') continue;
    const asset = entry.data.trustLine.asset;
    const poolId = poolShareId(asset);
    if (poolId !== undefined) add('liquidity_pool', poolId);
    else if (asset.type !== 'assetTypeNative') add('asset', canonicalAsset(asset));
  }
  return [...filters.values()];
}
