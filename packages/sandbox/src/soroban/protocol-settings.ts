/**
 * The ConfigSetting entries a protocol upgrade writes, as stellar-core's Upgrades::applyVersionUpgrade
 * (and a genesis at that protocol, NetworkConfig.cpp initializeGenesisLedgerForTesting) does:
 * - 25 (createCostTypesForV25): the BN254 cost types (Bn254EncodeFp to Bn254FrInv) appended to
 *   both cost parameter lists;
 * - 26 (updateCostTypesForV26): six BLS12-381 models and Bn254G2CheckPointInSubgroup recalibrated,
 *   Bn254G1Msm appended; (createLedgerEntriesForV26) the empty frozen-keys and freeze-bypass
 *   entries (ConfigSettingId 17 and 19).
 * The values are core's, from updateCpuCostParamsEntryForV25/V26 and updateMemCostParamsEntryForV25/V26.
 */

import { costTypeCountAt } from '@starspec/soroban/network';
import { xdr } from '@stellar/stellar-sdk/base';
import { configSettingKey } from '../core/keys.js';
import type { LedgerTxn } from '../core/ledger-txn.js';

type CostName = Parameters<typeof xdr.ContractCostType.fromName>[0];
/** [cost type, cpu const, cpu linear, mem const, mem linear] */
type CostRow = readonly [CostName, number, number, number, number];

const V25_COSTS: readonly CostRow[] = [
  ['bn254EncodeFp', 344, 0, 0, 0],
  ['bn254DecodeFp', 476, 0, 0, 0],
  ['bn254G1CheckPointOnCurve', 904, 0, 0, 0],
  ['bn254G2CheckPointOnCurve', 2811, 0, 0, 0],
  ['bn254G2CheckPointInSubgroup', 2937755, 0, 0, 0],
  ['bn254G1ProjectiveToAffine', 61, 0, 0, 0],
  ['bn254G1Add', 3623, 0, 0, 0],
  ['bn254G1Mul', 1150435, 0, 0, 0],
  ['bn254Pairing', 5263916, 392472814, 1821, 6232546],
  ['bn254FrFromU256', 2052, 0, 0, 0],
  ['bn254FrToU256', 1133, 0, 312, 0],
  ['bn254FrAddSub', 74, 0, 0, 0],
  ['bn254FrMul', 332, 0, 0, 0],
  ['bn254FrPow', 755, 68930, 0, 0],
  ['bn254FrInv', 33151, 0, 0, 0],
];

/** Rows of v26; a `null` memory model is left as it was (core updates only the cpu one). */
const V26_COSTS: readonly (readonly [CostName, number, number, number | null, number | null])[] = [
  ['bls12381G1Msm', 2347584, 94135478, 109494, 266603],
  ['bls12381MapFpToG1', 1020885, 0, 2776, 0],
  ['bls12381HashToG1', 2638451, 6803, 5896, 0],
  ['bls12381G2Msm', 7663880, 298580871, 219654, 266603],
  ['bls12381MapFp2ToG2', 1856539, 0, 1672, 0],
  ['bls12381HashToG2', 6315452, 7232, 3960, 0],
  ['bn254G2CheckPointInSubgroup', 1706052, 0, null, null],
  ['bn254G1Msm', 1185193, 41568084, 73061, 229779],
];

function param(constTerm: number, linearTerm: number): xdr.ContractCostParamEntry {
  return new xdr.ContractCostParamEntry({
    ext: xdr.ExtensionPoint.v0(),
    constTerm: BigInt(constTerm),
    linearTerm: BigInt(linearTerm),
  });
}

export function configEntry(setting: xdr.ConfigSettingEntry): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.configSetting(setting),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

/** Rewrites both cost parameter lists, resized to `protocol`'s count, with `rows` set. */
function updateCosts(
  ltx: LedgerTxn,
  protocol: number,
  rows: readonly (readonly [CostName, number, number, number | null, number | null])[],
): void {
  const lists = [
    [xdr.ConfigSettingId.configSettingContractCostParamsCpuInstructions, 1],
    [xdr.ConfigSettingId.configSettingContractCostParamsMemoryBytes, 3],
  ] as const;
  const size = costTypeCountAt(protocol);
  for (const [id, column] of lists) {
    const entry = ltx.load(configSettingKey(id));
    if (!entry) continue; // a database from before the sandbox stored its settings
    const setting = entry.data.type === 'configSetting' ? entry.data.configSetting : undefined;
    const held =
      setting?.type === 'configSettingContractCostParamsCpuInstructions'
        ? setting.contractCostParamsCpuInsns
        : setting?.type === 'configSettingContractCostParamsMemoryBytes'
          ? setting.contractCostParamsMemBytes
          : [];
    const params = [...held].slice(0, size);
    while (params.length < size) params.push(param(0, 0));
    for (const row of rows) {
      const [c, l] = column === 1 ? [row[1], row[2]] : [row[3], row[4]];
      if (c !== null && l !== null) params[xdr.ContractCostType.fromName(row[0]).value] = param(c, l);
    }
    const updated =
      column === 1
        ? xdr.ConfigSettingEntry.configSettingContractCostParamsCpuInstructions(params)
        : xdr.ConfigSettingEntry.configSettingContractCostParamsMemoryBytes(params);
    ltx.put(configEntry(updated));
  }
}

/** The entries' changes an upgrade from `from` to `to` makes (needUpgradeToVersion for each step). */
export function upgradeConfigEntries(ltx: LedgerTxn, from: number, to: number): void {
  const crosses = (version: number) => from < version && to >= version;
  if (crosses(25)) updateCosts(ltx, 25, V25_COSTS);
  if (crosses(26)) {
    updateCosts(ltx, 26, V26_COSTS);
    if (ltx.load(configSettingKey(xdr.ConfigSettingId.configSettingContractCostParamsCpuInstructions))) {
      ltx.create(
        configEntry(
          xdr.ConfigSettingEntry.configSettingFrozenLedgerKeys(new xdr.FrozenLedgerKeys({ keys: [] })),
        ),
      );
      ltx.create(
        configEntry(
          xdr.ConfigSettingEntry.configSettingFreezeBypassTxs(new xdr.FreezeBypassTxs({ txHashes: [] })),
        ),
      );
    }
  }
}
