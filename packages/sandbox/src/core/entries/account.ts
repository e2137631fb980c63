/**
 * An account entry as a mutable draft: AccountEntry with its extension chain flattened
 * (v1 liabilities, v2 sponsorship counts and signer sponsors, v3 sequence ledger/time).
 * `extVersion` keeps how far the chain went: stellar-core only ever extends it
 * (prepareAccountEntryExtensionV1/V2/V3), and the XDR written back keeps that depth.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { accountKey } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { type EntryExtState, ledgerEntry, readEntryExt } from './entry-ext.js';

export const THRESHOLD_MASTER_WEIGHT = 0;
export const THRESHOLD_LOW = 1;
export const THRESHOLD_MED = 2;
export const THRESHOLD_HIGH = 3;

export const AUTH_REQUIRED_FLAG = 0x1;
export const AUTH_REVOCABLE_FLAG = 0x2;
export const AUTH_IMMUTABLE_FLAG = 0x4;
export const AUTH_CLAWBACK_ENABLED_FLAG = 0x8;
export const MASK_ACCOUNT_FLAGS_V17 = 0xf;

export interface AccountState extends EntryExtState {
  accountId: xdr.PublicKey;
  balance: bigint;
  seqNum: bigint;
  numSubEntries: number;
  inflationDest: xdr.PublicKey | null;
  flags: number;
  homeDomain: Uint8Array;
  /** [master weight, low, medium, high]. */
  thresholds: Uint8Array;
  signers: xdr.Signer[];
  extVersion: 0 | 1 | 2 | 3;
  buyingLiabilities: bigint;
  sellingLiabilities: bigint;
  numSponsored: number;
  numSponsoring: number;
  /** One per signer, in the same order (present from extension v2). */
  signerSponsoringIds: (xdr.PublicKey | null)[];
  seqLedger: number;
  seqTime: bigint;
}

export function readAccount(entry: xdr.LedgerEntry): AccountState {
  if (entry.data.type !== 'account') throw new Error('not an account entry');
  const a = entry.data.account;
  const { sponsor, hasExtV1 } = readEntryExt(entry);
  const state: AccountState = {
    sponsor,
    hasExtV1,
    accountId: a.accountId,
    balance: a.balance,
    seqNum: a.seqNum,
    numSubEntries: a.numSubEntries,
    inflationDest: a.inflationDest,
    flags: a.flags,
    homeDomain: a.homeDomain.bytes,
    thresholds: Uint8Array.from(a.thresholds.toBytes()),
    signers: [...a.signers],
    extVersion: 0,
    buyingLiabilities: 0n,
    sellingLiabilities: 0n,
    numSponsored: 0,
    numSponsoring: 0,
    signerSponsoringIds: [],
    seqLedger: 0,
    seqTime: 0n,
  };
  if (a.ext.type !== 'v1') return state;
  const v1 = a.ext.v1;
  state.extVersion = 1;
  state.buyingLiabilities = v1.liabilities.buying;
  state.sellingLiabilities = v1.liabilities.selling;
  if (v1.ext.type !== 'v2') return state;
  const v2 = v1.ext.v2;
  state.extVersion = 2;
  state.numSponsored = v2.numSponsored;
  state.numSponsoring = v2.numSponsoring;
  state.signerSponsoringIds = [...v2.signerSponsoringIDs];
  if (v2.ext.type !== 'v3') return state;
  state.extVersion = 3;
  state.seqLedger = v2.ext.v3.seqLedger;
  state.seqTime = v2.ext.v3.seqTime;
  return state;
}

/** stellar-core prepareAccountEntryExtensionV1/V2/V3: extends the chain to `version`. */
export function prepareAccountExt(account: AccountState, version: 1 | 2 | 3): void {
  if (account.extVersion < 2 && version >= 2) {
    account.signerSponsoringIds = account.signers.map(() => null);
  }
  if (account.extVersion < version) account.extVersion = version;
}

function accountExt(a: AccountState): xdr.AccountEntryExt {
  if (a.extVersion === 0) return xdr.AccountEntryExt.v0();
  let v1Ext: xdr.AccountEntryExtensionV1Ext = xdr.AccountEntryExtensionV1Ext.v0();
  if (a.extVersion >= 2) {
    const v2Ext =
      a.extVersion === 3
        ? xdr.AccountEntryExtensionV2Ext.v3(
            new xdr.AccountEntryExtensionV3({
              ext: xdr.ExtensionPoint.v0(),
              seqLedger: a.seqLedger,
              seqTime: a.seqTime,
            }),
          )
        : xdr.AccountEntryExtensionV2Ext.v0();
    v1Ext = xdr.AccountEntryExtensionV1Ext.v2(
      new xdr.AccountEntryExtensionV2({
        numSponsored: a.numSponsored,
        numSponsoring: a.numSponsoring,
        signerSponsoringIDs: a.signerSponsoringIds,
        ext: v2Ext,
      }),
    );
  }
  return xdr.AccountEntryExt.v1(
    new xdr.AccountEntryExtensionV1({
      liabilities: new xdr.Liabilities({ buying: a.buyingLiabilities, selling: a.sellingLiabilities }),
      ext: v1Ext,
    }),
  );
}

export function accountEntry(a: AccountState): xdr.LedgerEntry {
  const entry = new xdr.AccountEntry({
    accountId: a.accountId,
    balance: a.balance,
    seqNum: a.seqNum,
    numSubEntries: a.numSubEntries,
    inflationDest: a.inflationDest,
    flags: a.flags,
    homeDomain: a.homeDomain,
    thresholds: a.thresholds,
    signers: a.signers,
    ext: accountExt(a),
  });
  return ledgerEntry(xdr.LedgerEntryData.account(entry), a);
}

/** A new account as stellar-core CreateAccountOpFrame makes it: master weight 1, nothing else. */
export function newAccount(accountId: xdr.PublicKey, balance: bigint, seqNum: bigint): AccountState {
  return {
    sponsor: null,
    hasExtV1: false,
    accountId,
    balance,
    seqNum,
    numSubEntries: 0,
    inflationDest: null,
    flags: 0,
    homeDomain: new Uint8Array(0),
    thresholds: Uint8Array.from([1, 0, 0, 0]),
    signers: [],
    extVersion: 0,
    buyingLiabilities: 0n,
    sellingLiabilities: 0n,
    numSponsored: 0,
    numSponsoring: 0,
    signerSponsoringIds: [],
    seqLedger: 0,
    seqTime: 0n,
  };
}

export function loadAccount(ltx: LedgerTxn, accountId: xdr.PublicKey): AccountState | undefined {
  const entry = ltx.load(accountKey(accountId));
  return entry ? readAccount(entry) : undefined;
}

export function storeAccount(ltx: LedgerTxn, account: AccountState): void {
  ltx.put(accountEntry(account));
}
