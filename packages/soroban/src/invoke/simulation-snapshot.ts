/**
 * The ledger as simulation reads it (soroban-simulation snapshot_source.rs
 * `SimulationSnapshotSource`): account entries are shown with the extensions stellar-core adds
 * before it applies a transaction (v1 liabilities, v2 sponsorship counts, v3 sequence
 * ledger and time, all zero), so that their size, and with it the simulated disk read bytes and
 * instructions, match the apply's. Each account is rebuilt once per simulation.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { type EntryWithLiveUntil, keyId, type SnapshotSource } from '../storage/index.js';

function v3(): xdr.AccountEntryExtensionV2Ext {
  return xdr.AccountEntryExtensionV2Ext.v3(
    new xdr.AccountEntryExtensionV3({ ext: xdr.ExtensionPoint.v0(), seqLedger: 0, seqTime: 0n }),
  );
}

function withV2(v1: xdr.AccountEntryExtensionV1, signers: number): xdr.AccountEntryExtensionV1 {
  let v2: xdr.AccountEntryExtensionV2;
  if (v1.ext.type === 'v2') {
    const old = v1.ext.v2;
    v2 =
      old.ext.type === 'v3'
        ? old
        : new xdr.AccountEntryExtensionV2({
            numSponsored: old.numSponsored,
            numSponsoring: old.numSponsoring,
            signerSponsoringIDs: old.signerSponsoringIDs,
            ext: v3(),
          });
  } else {
    v2 = new xdr.AccountEntryExtensionV2({
      numSponsored: 0,
      numSponsoring: 0,
      signerSponsoringIDs: Array.from({ length: signers }, () => null),
      ext: v3(),
    });
  }
  return new xdr.AccountEntryExtensionV1({
    liabilities: v1.liabilities,
    ext: xdr.AccountEntryExtensionV1Ext.v2(v2),
  });
}

/** The account with every extension up to v3 present. */
export function withAccountExtensions(account: xdr.AccountEntry): xdr.AccountEntry {
  const v1 =
    account.ext.type === 'v1'
      ? account.ext.v1
      : new xdr.AccountEntryExtensionV1({
          liabilities: new xdr.Liabilities({ buying: 0n, selling: 0n }),
          ext: xdr.AccountEntryExtensionV1Ext.v0(),
        });
  return new xdr.AccountEntry({
    accountId: account.accountId,
    balance: account.balance,
    seqNum: account.seqNum,
    numSubEntries: account.numSubEntries,
    inflationDest: account.inflationDest,
    flags: account.flags,
    homeDomain: account.homeDomain,
    thresholds: account.thresholds,
    signers: account.signers,
    ext: xdr.AccountEntryExt.v1(withV2(v1, account.signers.length)),
  });
}

export class SimulationSnapshot implements SnapshotSource {
  readonly #accounts = new Map<string, EntryWithLiveUntil>();

  constructor(private readonly inner: SnapshotSource) {}

  get(key: xdr.LedgerKey): EntryWithLiveUntil | undefined {
    const found = this.inner.get(key);
    if (found?.entry.data.type !== 'account') return found;
    const id = keyId(key);
    const cached = this.#accounts.get(id);
    if (cached) return cached;
    const entry = new xdr.LedgerEntry({
      lastModifiedLedgerSeq: found.entry.lastModifiedLedgerSeq,
      data: xdr.LedgerEntryData.account(withAccountExtensions(found.entry.data.account)),
      ext: found.entry.ext,
    });
    const updated = { entry, liveUntil: found.liveUntil };
    this.#accounts.set(id, updated);
    return updated;
  }
}
