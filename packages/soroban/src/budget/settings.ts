/**
 * The network's Soroban settings, typed: the ConfigSetting ledger entries a protocol-23 ledger holds
 * (ConfigSettingId 0 to 16), read back from their XDR, and protocol 26's frozen keys and bypass
 * hashes. Each group keeps the XDR struct's own field names and types (u32 as number, i64/u64 as
 * bigint); the two cost-parameter lists become models.
 *
 * soroban-simulation's `NetworkConfig::load_from_snapshot` reads the fee, limit and archival parts
 * of the same entries; stellar-core's `SorobanNetworkConfig` reads them all.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { internalError } from '../errors/host-error.js';
import { costModelsFromXdr } from './cost-params-xdr.js';
import type { CostParams } from './model.js';

/** The data fields of an XDR struct, as a plain readonly object. */
export type Fields<T> = {
  readonly [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K];
};

export type ComputeSettings = Fields<xdr.ConfigSettingContractComputeV0>;
export type LedgerCostSettings = Fields<xdr.ConfigSettingContractLedgerCostV0>;
export type LedgerCostExtSettings = Fields<xdr.ConfigSettingContractLedgerCostExtV0>;
export type HistoricalDataSettings = Fields<xdr.ConfigSettingContractHistoricalDataV0>;
export type EventsSettings = Fields<xdr.ConfigSettingContractEventsV0>;
export type BandwidthSettings = Fields<xdr.ConfigSettingContractBandwidthV0>;
export type StateArchivalSettings = Fields<xdr.StateArchivalSettings>;
export type ExecutionLanesSettings = Fields<xdr.ConfigSettingContractExecutionLanesV0>;
export type ParallelComputeSettings = Fields<xdr.ConfigSettingContractParallelComputeV0>;
export type ScpTimingSettings = Fields<xdr.ConfigSettingScpTiming>;
export type EvictionIteratorState = Fields<xdr.EvictionIterator>;

export interface NetworkSettings {
  readonly contractMaxSizeBytes: number;
  readonly compute: ComputeSettings;
  readonly ledgerCost: LedgerCostSettings;
  readonly historicalData: HistoricalDataSettings;
  readonly events: EventsSettings;
  readonly bandwidth: BandwidthSettings;
  /** ContractCostParamsCpuInstructions and ContractCostParamsMemoryBytes as models. */
  readonly costParams: CostParams;
  readonly contractDataKeySizeBytes: number;
  readonly contractDataEntrySizeBytes: number;
  readonly stateArchival: StateArchivalSettings;
  readonly executionLanes: ExecutionLanesSettings;
  /** Samples of the live Soroban state size (bytes), oldest first; the rent write fee uses their mean. */
  readonly liveSorobanStateSizeWindow: readonly bigint[];
  readonly evictionIterator: EvictionIteratorState;
  readonly parallelCompute: ParallelComputeSettings;
  readonly ledgerCostExt: LedgerCostExtSettings;
  readonly scpTiming: ScpTimingSettings;
  /**
   * Protocol 26 (CAP-77): the frozen ledger keys, each as its LedgerKey XDR in hex, and the
   * transactions (contents hashes, hex) that may touch them anyway. Absent before protocol 26.
   */
  readonly frozenLedgerKeys?: ReadonlySet<string>;
  readonly freezeBypassTxs?: ReadonlySet<string>;
}

/** A struct's data fields copied out of the SDK's value object. */
function fieldsOf<T extends object>(value: T): Fields<T> {
  return Object.fromEntries(Object.entries(value)) as Fields<T>;
}

/**
 * An encoded frozen key as the set holds it: decoded and encoded again, so two encodings of one
 * key meet (stellar-core SorobanNetworkConfig::loadFrozenLedgerKeys decodes each into a LedgerKey).
 */
function canonicalKeyHex(encoded: Uint8Array): string[] {
  try {
    return [xdr.LedgerKey.fromXdr(encoded).toXdr('hex')];
  } catch {
    return []; // an upgrade never stores an undecodable key (isValidConfigSettingEntry)
  }
}

type Draft = { -readonly [K in keyof NetworkSettings]?: NetworkSettings[K] };

interface CostParamLists {
  cpu?: readonly xdr.ContractCostParamEntry[];
  mem?: readonly xdr.ContractCostParamEntry[];
}

/** Puts one ConfigSetting entry into the draft (the cost-parameter lists into `lists`). */
function take(draft: Draft, lists: CostParamLists, entry: xdr.ConfigSettingEntry): void {
  switch (entry.type) {
    case 'configSettingContractMaxSizeBytes':
      draft.contractMaxSizeBytes = entry.contractMaxSizeBytes;
      return;
    case 'configSettingContractComputeV0':
      draft.compute = fieldsOf(entry.contractCompute);
      return;
    case 'configSettingContractLedgerCostV0':
      draft.ledgerCost = fieldsOf(entry.contractLedgerCost);
      return;
    case 'configSettingContractHistoricalDataV0':
      draft.historicalData = fieldsOf(entry.contractHistoricalData);
      return;
    case 'configSettingContractEventsV0':
      draft.events = fieldsOf(entry.contractEvents);
      return;
    case 'configSettingContractBandwidthV0':
      draft.bandwidth = fieldsOf(entry.contractBandwidth);
      return;
    case 'configSettingContractCostParamsCpuInstructions':
      lists.cpu = entry.contractCostParamsCpuInsns;
      return;
    case 'configSettingContractCostParamsMemoryBytes':
      lists.mem = entry.contractCostParamsMemBytes;
      return;
    case 'configSettingContractDataKeySizeBytes':
      draft.contractDataKeySizeBytes = entry.contractDataKeySizeBytes;
      return;
    case 'configSettingContractDataEntrySizeBytes':
      draft.contractDataEntrySizeBytes = entry.contractDataEntrySizeBytes;
      return;
    case 'configSettingStateArchival':
      draft.stateArchival = fieldsOf(entry.stateArchivalSettings);
      return;
    case 'configSettingContractExecutionLanes':
      draft.executionLanes = fieldsOf(entry.contractExecutionLanes);
      return;
    case 'configSettingLiveSorobanStateSizeWindow':
      draft.liveSorobanStateSizeWindow = [...entry.liveSorobanStateSizeWindow];
      return;
    case 'configSettingEvictionIterator':
      draft.evictionIterator = fieldsOf(entry.evictionIterator);
      return;
    case 'configSettingContractParallelComputeV0':
      draft.parallelCompute = fieldsOf(entry.contractParallelCompute);
      return;
    case 'configSettingContractLedgerCostExtV0':
      draft.ledgerCostExt = fieldsOf(entry.contractLedgerCostExt);
      return;
    case 'configSettingScpTiming':
      draft.scpTiming = fieldsOf(entry.contractScpTiming);
      return;
    case 'configSettingFrozenLedgerKeys':
      draft.frozenLedgerKeys = new Set(
        entry.frozenLedgerKeys.keys.flatMap((k) => canonicalKeyHex(k.toBytes())),
      );
      return;
    case 'configSettingFreezeBypassTxs':
      draft.freezeBypassTxs = new Set(entry.freezeBypassTxs.txHashes.map((h) => h.toXdr('hex')));
      return;
    default:
      // The two deltas only travel in upgrades; a ledger never holds them.
      return;
  }
}

const REQUIRED: readonly (keyof NetworkSettings)[] = [
  'contractMaxSizeBytes',
  'compute',
  'ledgerCost',
  'historicalData',
  'events',
  'bandwidth',
  'contractDataKeySizeBytes',
  'contractDataEntrySizeBytes',
  'stateArchival',
  'executionLanes',
  'liveSorobanStateSizeWindow',
  'evictionIterator',
  'parallelCompute',
  'ledgerCostExt',
  'scpTiming',
];

/**
 * The settings held by a ledger's ConfigSetting entries (given as ledger entries or as the
 * ConfigSettingEntry values themselves; other ledger entries are ignored). Every protocol-23
 * setting must be there; a missing one is reported by name.
 */
export function readNetworkSettings(
  entries: Iterable<xdr.LedgerEntry | xdr.ConfigSettingEntry>,
): NetworkSettings {
  const draft: Draft = {};
  const lists: CostParamLists = {};
  for (const item of entries) {
    if (item instanceof xdr.LedgerEntry) {
      if (item.data.type === 'configSetting') take(draft, lists, item.data.configSetting);
    } else {
      take(draft, lists, item);
    }
  }
  const missing: string[] = REQUIRED.filter((key) => draft[key] === undefined);
  if (!lists.cpu) missing.push('costParamsCpuInstructions');
  if (!lists.mem) missing.push('costParamsMemoryBytes');
  if (missing.length > 0 || !lists.cpu || !lists.mem) {
    throw internalError(`network settings: no ConfigSetting entry for ${missing.join(', ')}`);
  }
  draft.costParams = { cpu: costModelsFromXdr(lists.cpu), mem: costModelsFromXdr(lists.mem) };
  return draft as NetworkSettings;
}
