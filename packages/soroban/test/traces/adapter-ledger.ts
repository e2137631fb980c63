/**
 * The ledger helpers the Stellar asset contract tests call between host calls
 * (stellar_asset_contract.rs `StellarAssetContractTest`, builtin_contracts/testutils.rs
 * `create_account`): untraced, charged as the Rust helpers are. A ledger key is a metered `Rc`
 * (`to_account_key`, `to_trustline_key`); writes and reads go through the host's storage
 * (`add_ledger_entry` is `storage.put`), so the recording footprint sees them.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { toScAddress } from '../../src/builtin/values.js';
import type { Host } from '../../src/host/host.js';
import { contractIdOf } from '../../src/host/lifecycle.js';
import {
  chargeAccountEntryClone,
  chargeContractKey,
  contractInstanceKey,
  DECLARED_SIZE,
  maxLiveUntilLedger,
} from '../../src/storage/index.js';
import type { Val } from '../../src/values/val.js';
import type { LedgerOp, ScriptStep } from './script-types.js';

const accountId = (hex: string): xdr.AccountId => xdr.PublicKey.publicKeyTypeEd25519(Buffer.from(hex, 'hex'));

/** `Rc::metered_new(LedgerKey::..)`. */
function meteredKey(host: Host, key: xdr.LedgerKey): xdr.LedgerKey {
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
  return key;
}

const accountKey = (host: Host, hex: string) =>
  meteredKey(host, xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: accountId(hex) })));

function trustlineAsset(issuer: string, codeHex: string): xdr.TrustLineAsset {
  const assetCode = Buffer.from(codeHex, 'hex');
  return assetCode.length === 4
    ? xdr.TrustLineAsset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode, issuer: accountId(issuer) }))
    : xdr.TrustLineAsset.assetTypeCreditAlphanum12(
        new xdr.AlphaNum12({ assetCode, issuer: accountId(issuer) }),
      );
}

function trustlineKey(host: Host, account: string, issuer: string, codeHex: string): xdr.LedgerKey {
  const asset = trustlineAsset(issuer, codeHex);
  return meteredKey(
    host,
    xdr.LedgerKey.trustline(new xdr.LedgerKeyTrustLine({ accountId: accountId(account), asset })),
  );
}

const newEntry = (data: xdr.LedgerEntryData): xdr.LedgerEntry =>
  new xdr.LedgerEntry({ lastModifiedLedgerSeq: 0, data, ext: xdr.LedgerEntryExt.v0() });

const liabilitiesOf = (pair: [bigint, bigint] | undefined) =>
  new xdr.Liabilities({ buying: pair?.[0] ?? 0n, selling: pair?.[1] ?? 0n });

function accountEntry(op: Extract<LedgerOp, { op: 'account' }>): xdr.AccountEntry {
  const ext =
    op.liabilities || op.sponsorships
      ? xdr.AccountEntryExt.v1(
          new xdr.AccountEntryExtensionV1({
            liabilities: liabilitiesOf(op.liabilities),
            ext: op.sponsorships
              ? xdr.AccountEntryExtensionV1Ext.v2(
                  new xdr.AccountEntryExtensionV2({
                    numSponsored: op.sponsorships[0],
                    numSponsoring: op.sponsorships[1],
                    signerSponsoringIDs: [],
                    ext: xdr.AccountEntryExtensionV2Ext.v0(),
                  }),
                )
              : xdr.AccountEntryExtensionV1Ext.v0(),
          }),
        )
      : xdr.AccountEntryExt.v0();
  return new xdr.AccountEntry({
    accountId: accountId(op.account),
    balance: op.balance,
    seqNum: 0n,
    numSubEntries: op.subEntries,
    inflationDest: null,
    flags: op.flags,
    homeDomain: Buffer.alloc(0),
    thresholds: Buffer.from(op.thresholds),
    signers: op.signers.map(
      ([key, weight]) =>
        new xdr.Signer({ key: xdr.SignerKey.signerKeyTypeEd25519(Buffer.from(key, 'hex')), weight }),
    ),
    ext,
  });
}

function trustlineEntry(op: Extract<LedgerOp, { op: 'trustline' }>): xdr.TrustLineEntry {
  return new xdr.TrustLineEntry({
    accountId: accountId(op.account),
    asset: trustlineAsset(op.issuer, op.code),
    balance: op.balance,
    limit: op.limit,
    flags: op.flags,
    ext: op.liabilities
      ? xdr.TrustLineEntryExt.v1(
          new xdr.TrustLineEntryV1({
            liabilities: liabilitiesOf(op.liabilities),
            ext: xdr.TrustLineEntryV1Ext.v0(),
          }),
        )
      : xdr.TrustLineEntryExt.v0(),
  });
}

/**
 * `update_account_flags` / `update_trustline_flags` (stellar_asset_contract.rs): the entry read,
 * its data cloned (unmetered) with the new flags, `modify_ledger_entry_data` (a metered `Rc` of
 * the entry, its `ext` cloned), then written back.
 */
function updateFlags(host: Host, key: xdr.LedgerKey, flags: number): void {
  const entry = host.storage.get(key, host.budget);
  const data = xdr.LedgerEntryData.fromXDR(entry.data.toXDR());
  if (data.type === 'account') Object.assign(data.account, { flags });
  else if (data.type === 'trustline') Object.assign(data.trustLine, { flags });
  else throw new Error(`cannot update the flags of a ${data.type} entry`);
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerEntry);
  host.budget.charge('MemCpy', DECLARED_SIZE.ledgerEntryExt);
  host.storage.put(key, newEntry(data), undefined, host.budget);
}

export function ledgerOp(host: Host, op: LedgerOp): void {
  switch (op.op) {
    case 'account': {
      const key = accountKey(host, op.account);
      host.storage.put(key, newEntry(xdr.LedgerEntryData.account(accountEntry(op))), undefined, host.budget);
      return;
    }
    case 'trustline': {
      const key = trustlineKey(host, op.account, op.issuer, op.code);
      const data = xdr.LedgerEntryData.trustline(trustlineEntry(op));
      host.storage.put(key, newEntry(data), undefined, host.budget);
      return;
    }
    case 'trustlineBalance': {
      // The key `create_trustline` returned, read again: no new key.
      const asset = trustlineAsset(op.issuer, op.code);
      const key = xdr.LedgerKey.trustline(
        new xdr.LedgerKeyTrustLine({ accountId: accountId(op.account), asset }),
      );
      host.storage.get(key, host.budget);
      return;
    }
    case 'nativeBalance': {
      // `load_account`: the entry read, then its account cloned (metered).
      const entry = host.storage.get(accountKey(host, op.account), host.budget);
      if (entry.data.type === 'account') chargeAccountEntryClone(entry.data.account, host.budget);
      return;
    }
    case 'accountKey':
      accountKey(host, op.account);
      return;
    case 'accountFlags':
      // The key is the one the test made before (`accountKey`).
      updateFlags(
        host,
        xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: accountId(op.account) })),
        op.flags,
      );
      return;
    case 'trustlineFlags': {
      const asset = trustlineAsset(op.issuer, op.code);
      const key = xdr.LedgerKey.trustline(
        new xdr.LedgerKeyTrustLine({ accountId: accountId(op.account), asset }),
      );
      updateFlags(host, key, op.flags);
      return;
    }
    case 'assetContractId':
      contractIdOf(
        host,
        xdr.ContractIdPreimage.contractIdPreimageFromAsset(xdr.Asset.fromXDR(op.asset, 'hex')),
      );
      // The test then reads the contract's address back to compare (`to_sc_address`): a visit, a clone.
      host.meter.charge('VisitObject');
      host.meter.charge('MemCpy', DECLARED_SIZE.scAddress);
      return;
  }
}

/** `with_mut_ledger_info` of a test setting the sequence number: the ledger info changed in place, uncharged. */
export function setLedgerSequence(host: Host, to: Extract<ScriptStep, { s: 'ledgerSequence' }>['to']): void {
  const ledger = host.ledger;
  ledger.sequenceNumber =
    to === 'maxLiveUntil' ? maxLiveUntilLedger(ledger) : to === 'next' ? ledger.sequenceNumber + 1 : to;
}

/**
 * A test's removal of a contract's instance (test_custom_account_auth): `contract_id_from_address`
 * (the address visited and cloned), `contract_instance_ledger_key` (data_helper.rs: the id cloned,
 * the key allocated), then the storage's metered `del`.
 */
export function deleteInstance(host: Host, address: Val): void {
  const scAddress = toScAddress(host, address);
  if (scAddress.type !== 'scAddressTypeContract') throw new Error('not a contract address');
  chargeContractKey(host.budget);
  host.storage.del(contractInstanceKey(Uint8Array.from(scAddress.contractId.value)), host.budget);
}

/** The test's own metered read of a contract's instance entry in the storage map (no footprint access). */
export function readInstance(host: Host, address: Val, newKey: boolean): void {
  const id = host.objects.expect(address, 'Address').value;
  if (id.type !== 'scAddressTypeContract') throw new Error('not a contract address');
  // `contract_id_from_address` and `contract_instance_ledger_key`, where the test makes the key.
  if (newKey) {
    toScAddress(host, address);
    chargeContractKey(host.budget);
  }
  host.storage.map.get(contractInstanceKey(Uint8Array.from(id.contractId.value)), host.budget);
}

/** `set_ledger_info(LedgerInfo { protocol_version, ..Default::default() })`: every other field zero. */
export function setDefaultLedgerInfo(host: Host, protocol: number): void {
  Object.assign(host.ledger, {
    protocolVersion: protocol,
    sequenceNumber: 0,
    timestamp: 0n,
    networkId: new Uint8Array(32),
    baseReserve: 0,
    minTempEntryTtl: 0,
    minPersistentEntryTtl: 0,
    maxEntryTtl: 0,
  });
}
