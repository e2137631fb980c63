/**
 * Ledger upgrades, as stellar-core's Upgrades.cpp checks (isValidForApply) and applies them
 * (applyTo) at a ledger close: each in its own LedgerTxn after the transactions, its entry changes
 * in the meta's `upgradesProcessing` (UpgradeEntryMeta), the opaque upgrade in the StellarValue.
 * A Soroban config upgrade names a ConfigUpgradeSet by its key (contract id, SHA-256 of its XDR);
 * core reads the set from a temporary contract data entry, the sandbox keeps the set it was given
 * with the upgrade, under the key of the zero contract id.
 */

import { costTypeCountAt } from '@starspec/soroban/network';
import { xdr } from '@stellar/stellar-sdk/base';
import { isIssuer } from '../core/assets.js';
import type { HeaderState } from '../core/header.js';
import { configSettingKey } from '../core/keys.js';
import type { LedgerTxn } from '../core/ledger-txn.js';
import { MAX_PROTOCOL_VERSION } from '../core/protocol.js';
import { sha256 } from '../core/sha256.js';
import { configEntry, upgradeConfigEntries } from '../soroban/protocol-settings.js';
import { prepareLiabilities } from './prepare-liabilities.js';

/** An upgrade to apply at the next close, with the config set a config upgrade names. */
export interface ScheduledUpgrade {
  upgrade: xdr.LedgerUpgrade;
  configSet?: xdr.ConfigUpgradeSet;
}

/** stellar-core MASK_LEDGER_HEADER_FLAGS: the three liquidity pool switches. */
const LEDGER_HEADER_FLAGS_MASK = 0x7;

/** ConfigSettingId values written by the ledger, never by an upgrade (isNonUpgradeableConfigSettingEntry). */
const NOT_UPGRADEABLE = new Set([
  'configSettingLiveSorobanStateSizeWindow',
  'configSettingEvictionIterator',
  'configSettingFrozenLedgerKeys',
  'configSettingFreezeBypassTxs',
]);
/** Settings that exist only from protocol 26 (NetworkConfig.cpp isValidConfigSettingEntry). */
const FROM_V26 = new Set([
  'configSettingFrozenLedgerKeys',
  'configSettingFrozenLedgerKeysDelta',
  'configSettingFreezeBypassTxs',
  'configSettingFreezeBypassTxsDelta',
]);

export const ZERO_CONTRACT_ID = new Uint8Array(32);

/** The key a config upgrade carries for `set`: its content hash, under the zero contract id. */
export function configUpgradeKey(set: xdr.ConfigUpgradeSet): xdr.ConfigUpgradeSetKey {
  return new xdr.ConfigUpgradeSetKey({
    contractId: new xdr.ContractId(ZERO_CONTRACT_ID),
    contentHash: new xdr.Hash(sha256(set.toXdr())),
  });
}

/**
 * Why an encoded key cannot be frozen (NetworkConfig.cpp isValidConfigSettingEntry): it must decode
 * and be an account, a contract's data or code, or a trust line that is neither a pool share's
 * nor its issuer's.
 */
function frozenKeyProblem(encoded: Uint8Array): string | undefined {
  let key: xdr.LedgerKey;
  try {
    key = xdr.LedgerKey.fromXdr(encoded);
  } catch {
    return 'a key does not decode as a LedgerKey';
  }
  switch (key.type) {
    case 'account':
    case 'contractData':
    case 'contractCode':
      return undefined;
    case 'trustline': {
      const { accountId, asset } = key.trustLine;
      if (asset.type === 'assetTypePoolShare') return 'a pool-share trust line cannot be frozen';
      return isIssuer(accountId, asset) ? "an issuer's own trust line cannot be frozen" : undefined;
    }
    default:
      return `a ${key.type} key cannot be frozen`;
  }
}

/** Why a config upgrade set cannot apply at `protocol` (ConfigUpgradeSetFrame isValidXDR, isValidForApply). */
function configSetProblem(set: xdr.ConfigUpgradeSet, protocol: number): string | undefined {
  const entries = set.updatedEntry;
  if (entries.length === 0) return 'the config upgrade set updates no entry';
  const ids = entries.map((entry) => xdr.ConfigSettingId.fromName(entry.type).value);
  for (let i = 1; i < ids.length; i++) {
    if ((ids[i] as number) <= (ids[i - 1] as number))
      return 'the config upgrade set must hold each setting once, in ConfigSettingID order';
  }
  for (const entry of entries) {
    if (NOT_UPGRADEABLE.has(entry.type)) return `${entry.type} is not upgradeable`;
    if (FROM_V26.has(entry.type) && protocol < 26) return `${entry.type} needs protocol 26 or later`;
    if (entry.type === 'configSettingFrozenLedgerKeysDelta') {
      const delta = entry.frozenLedgerKeysDelta;
      for (const encoded of [...delta.keysToFreeze, ...delta.keysToUnfreeze]) {
        const problem = frozenKeyProblem(encoded.toBytes());
        if (problem) return `configSettingFrozenLedgerKeysDelta: ${problem}`;
      }
    }
    const params =
      entry.type === 'configSettingContractCostParamsCpuInstructions'
        ? entry.contractCostParamsCpuInsns
        : entry.type === 'configSettingContractCostParamsMemoryBytes'
          ? entry.contractCostParamsMemBytes
          : undefined;
    if (params && params.length !== costTypeCountAt(protocol))
      return `${entry.type} must hold ${costTypeCountAt(protocol)} cost types at protocol ${protocol}, not ${params.length}`;
  }
  return undefined;
}

/** Why `scheduled` cannot apply over a ledger with `header` (Upgrades::isValidForApply), or undefined. */
export function upgradeProblem(scheduled: ScheduledUpgrade, header: HeaderState): string | undefined {
  const { upgrade } = scheduled;
  switch (upgrade.type) {
    case 'ledgerUpgradeVersion': {
      const version = upgrade.newLedgerVersion;
      if (version > MAX_PROTOCOL_VERSION)
        return `protocol ${version} is newer than ${MAX_PROTOCOL_VERSION}, the newest the sandbox runs`;
      if (version <= header.ledgerVersion)
        return `protocol ${version} is not after the ledger's ${header.ledgerVersion}: a protocol upgrade only goes up`;
      return undefined;
    }
    case 'ledgerUpgradeBaseFee':
      return upgrade.newBaseFee === 0 ? 'the base fee must not be 0' : undefined;
    case 'ledgerUpgradeBaseReserve':
      return upgrade.newBaseReserve === 0 ? 'the base reserve must not be 0' : undefined;
    case 'ledgerUpgradeFlags':
      return (upgrade.newFlags & ~LEDGER_HEADER_FLAGS_MASK) !== 0
        ? `flags ${upgrade.newFlags} has bits other than the liquidity pool ones (${LEDGER_HEADER_FLAGS_MASK})`
        : undefined;
    case 'ledgerUpgradeConfig':
      if (!scheduled.configSet) return 'a config upgrade needs its ConfigUpgradeSet';
      return configSetProblem(scheduled.configSet, header.ledgerVersion);
    default:
      return undefined; // maxTxSetSize, maxSorobanTxSetSize: any size
  }
}

/** A set of encoded keys (or hashes) with a delta applied, sorted as core's std::set of opaque. */
function applyDelta<T extends { toXdr(): Uint8Array }>(
  held: readonly T[],
  add: readonly T[],
  remove: readonly T[],
): T[] {
  const byHex = new Map<string, T>();
  const hex = (v: T) => Buffer.from(v.toXdr()).toString('hex');
  for (const v of [...held, ...add]) byHex.set(hex(v), v);
  for (const v of remove) byHex.delete(hex(v));
  return [...byHex.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

/** The setting the ledger holds under `id`, if any. */
function heldSetting(ltx: LedgerTxn, id: xdr.ConfigSettingId): xdr.ConfigSettingEntry | undefined {
  const held = ltx.load(configSettingKey(id));
  return held?.data.type === 'configSetting' ? held.data.configSetting : undefined;
}

/** ConfigUpgradeSetFrame::applyTo: each setting replaced; the two deltas merged into their sets. */
function applyConfigSet(ltx: LedgerTxn, set: xdr.ConfigUpgradeSet): void {
  for (const entry of set.updatedEntry) {
    if (entry.type === 'configSettingFrozenLedgerKeysDelta') {
      const setting = heldSetting(ltx, xdr.ConfigSettingId.configSettingFrozenLedgerKeys);
      const keys = setting?.type === 'configSettingFrozenLedgerKeys' ? setting.frozenLedgerKeys.keys : [];
      const delta = entry.frozenLedgerKeysDelta;
      const merged = applyDelta(keys, delta.keysToFreeze, delta.keysToUnfreeze);
      ltx.put(
        configEntry(
          xdr.ConfigSettingEntry.configSettingFrozenLedgerKeys(new xdr.FrozenLedgerKeys({ keys: merged })),
        ),
      );
    } else if (entry.type === 'configSettingFreezeBypassTxsDelta') {
      const setting = heldSetting(ltx, xdr.ConfigSettingId.configSettingFreezeBypassTxs);
      const hashes = setting?.type === 'configSettingFreezeBypassTxs' ? setting.freezeBypassTxs.txHashes : [];
      const delta = entry.freezeBypassTxsDelta;
      const merged = applyDelta(hashes, delta.addTxs, delta.removeTxs);
      ltx.put(
        configEntry(
          xdr.ConfigSettingEntry.configSettingFreezeBypassTxs(new xdr.FreezeBypassTxs({ txHashes: merged })),
        ),
      );
    } else {
      ltx.put(configEntry(entry));
    }
  }
}

/** Upgrades::applyTo on one upgrade's LedgerTxn. */
function applyUpgrade(ltx: LedgerTxn, { upgrade, configSet }: ScheduledUpgrade): void {
  const header = ltx.header;
  switch (upgrade.type) {
    case 'ledgerUpgradeVersion':
      upgradeConfigEntries(ltx, header.ledgerVersion, upgrade.newLedgerVersion);
      header.ledgerVersion = upgrade.newLedgerVersion;
      return;
    case 'ledgerUpgradeBaseFee':
      header.baseFee = upgrade.newBaseFee;
      return;
    case 'ledgerUpgradeMaxTxSetSize':
      header.maxTxSetSize = upgrade.newMaxTxSetSize;
      return;
    case 'ledgerUpgradeBaseReserve': {
      // applyReserveUpgrade: a raise re-checks every offer against the new reserve.
      const raised = upgrade.newBaseReserve > header.baseReserve;
      header.baseReserve = upgrade.newBaseReserve;
      if (raised) prepareLiabilities(ltx);
      return;
    }
    case 'ledgerUpgradeFlags':
      // setLedgerHeaderFlag: the flags live in the header's v1 extension.
      header.ext = xdr.LedgerHeaderExt.v1(
        new xdr.LedgerHeaderExtensionV1({
          flags: upgrade.newFlags,
          ext: xdr.LedgerHeaderExtensionV1Ext.v0(),
        }),
      );
      return;
    case 'ledgerUpgradeConfig':
      if (configSet) applyConfigSet(ltx, configSet);
      return;
    case 'ledgerUpgradeMaxSorobanTxSetSize': {
      const key = configSettingKey(xdr.ConfigSettingId.configSettingContractExecutionLanes);
      const entry = ltx.load(key);
      if (!entry) return;
      ltx.put(
        configEntry(
          xdr.ConfigSettingEntry.configSettingContractExecutionLanes(
            new xdr.ConfigSettingContractExecutionLanesV0({
              ledgerMaxTxCount: upgrade.newMaxSorobanTxSetSize,
            }),
          ),
        ),
      );
      return;
    }
  }
}

/**
 * LedgerManagerImpl::applyLedger's upgrade step: each upgrade checked again (one that no longer
 * holds is skipped, as core drops it), applied in its own LedgerTxn, its changes in the meta. One
 * whose application throws (prepareLiabilities meeting an account it cannot fix) is dropped with
 * its LedgerTxn, as core catches the exception and goes on.
 */
export function applyUpgrades(
  ledger: LedgerTxn,
  scheduled: readonly ScheduledUpgrade[],
): xdr.UpgradeEntryMeta[] {
  const metas: xdr.UpgradeEntryMeta[] = [];
  for (const item of scheduled) {
    if (upgradeProblem(item, ledger.header) !== undefined) continue;
    const ltx = ledger.child();
    try {
      applyUpgrade(ltx, item);
    } catch {
      continue; // the view is dropped uncommitted
    }
    const changes = ltx.changes();
    ltx.commit();
    metas.push(new xdr.UpgradeEntryMeta({ upgrade: item.upgrade, changes }));
  }
  return metas;
}
