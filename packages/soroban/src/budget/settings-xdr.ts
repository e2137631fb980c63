/**
 * Network settings as the ledger holds them: one ConfigSetting ledger entry per ConfigSettingId
 * 0 to 16, in id order (the inverse of `readNetworkSettings`).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { costModelsToXdr } from './cost-params-xdr.js';
import type { NetworkSettings } from './settings.js';

/** The ConfigSettingEntry values of the settings, in ConfigSettingId order. */
export function configSettingEntries(settings: NetworkSettings): xdr.ConfigSettingEntry[] {
  const E = xdr.ConfigSettingEntry;
  return [
    E.configSettingContractMaxSizeBytes(settings.contractMaxSizeBytes),
    E.configSettingContractComputeV0(new xdr.ConfigSettingContractComputeV0(settings.compute)),
    E.configSettingContractLedgerCostV0(new xdr.ConfigSettingContractLedgerCostV0(settings.ledgerCost)),
    E.configSettingContractHistoricalDataV0(
      new xdr.ConfigSettingContractHistoricalDataV0(settings.historicalData),
    ),
    E.configSettingContractEventsV0(new xdr.ConfigSettingContractEventsV0(settings.events)),
    E.configSettingContractBandwidthV0(new xdr.ConfigSettingContractBandwidthV0(settings.bandwidth)),
    E.configSettingContractCostParamsCpuInstructions(costModelsToXdr(settings.costParams.cpu)),
    E.configSettingContractCostParamsMemoryBytes(costModelsToXdr(settings.costParams.mem)),
    E.configSettingContractDataKeySizeBytes(settings.contractDataKeySizeBytes),
    E.configSettingContractDataEntrySizeBytes(settings.contractDataEntrySizeBytes),
    E.configSettingStateArchival(new xdr.StateArchivalSettings(settings.stateArchival)),
    E.configSettingContractExecutionLanes(
      new xdr.ConfigSettingContractExecutionLanesV0(settings.executionLanes),
    ),
    E.configSettingLiveSorobanStateSizeWindow([...settings.liveSorobanStateSizeWindow]),
    E.configSettingEvictionIterator(new xdr.EvictionIterator(settings.evictionIterator)),
    E.configSettingContractParallelComputeV0(
      new xdr.ConfigSettingContractParallelComputeV0(settings.parallelCompute),
    ),
    E.configSettingContractLedgerCostExtV0(
      new xdr.ConfigSettingContractLedgerCostExtV0(settings.ledgerCostExt),
    ),
    E.configSettingScpTiming(new xdr.ConfigSettingScpTiming(settings.scpTiming)),
  ];
}

/** The settings as ConfigSetting ledger entries, last modified at `lastModifiedLedgerSeq`. */
export function configSettingLedgerEntries(
  settings: NetworkSettings,
  lastModifiedLedgerSeq = 0,
): xdr.LedgerEntry[] {
  return configSettingEntries(settings).map(
    (entry) =>
      new xdr.LedgerEntry({
        lastModifiedLedgerSeq,
        data: xdr.LedgerEntryData.configSetting(entry),
        ext: xdr.LedgerEntryExt.v0(),
      }),
  );
}
