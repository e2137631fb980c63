/**
 * The Soroban settings of a local protocol-23 network as stellar's quickstart image leaves them
 * after start: stellar-core creates the entries (src/ledger/NetworkConfig.cpp), then quickstart
 * applies its upgrade set `local/core/etc/config-settings/p23/testnet.json` (its default
 * `--limits testnet`, kept equal to testnet's values). That set covers every upgradeable setting;
 * the two that only core writes are taken from core:
 * - the live Soroban state size window: `liveSorobanStateSizeWindowSampleSize` (30) samples, every
 *   one the state size at creation (core's `initialliveSorobanStateSizeWindow`); a fresh network's
 *   is tiny, so 0 unless given;
 * - the eviction iterator: core's start (level 6, current bucket, offset 0; `initialEvictionIterator`).
 *   Core moves it as ledgers close.
 */
import { LOCAL_NETWORK_COST_PARAMS } from './local-cost-params.js';
import type { NetworkSettings, StateArchivalSettings } from './settings.js';
import { configSettingLedgerEntries } from './settings-xdr.js';

const STATE_ARCHIVAL: StateArchivalSettings = {
  maxEntryTtl: 3_110_400,
  minTemporaryTtl: 720,
  minPersistentTtl: 120_960,
  persistentRentRateDenominator: 1215n,
  tempRentRateDenominator: 2430n,
  maxEntriesToArchive: 1000,
  liveSorobanStateSizeWindowSampleSize: 30,
  liveSorobanStateSizeWindowSamplePeriod: 64,
  evictionScanSize: 500_000,
  startingEvictionScanLevel: 7,
};

export interface LocalNetworkOptions {
  /** The live Soroban state size (bytes) every sample of the window holds; 0 by default. */
  readonly liveSorobanStateSize?: bigint;
  /**
   * The minimum persistent TTL in ledgers (default 120,960), as stellar-core's
   * TESTING_MINIMUM_PERSISTENT_ENTRY_LIFETIME sets it at genesis (NetworkConfig.cpp
   * initialStateArchivalSettings): a test network whose entries expire after a few ledgers.
   */
  readonly minPersistentTtl?: number;
}

export function localNetworkSettings(options: LocalNetworkOptions = {}): NetworkSettings {
  const stateSize = options.liveSorobanStateSize ?? 0n;
  return {
    contractMaxSizeBytes: 131_072,
    compute: {
      ledgerMaxInstructions: 500_000_000n,
      txMaxInstructions: 100_000_000n,
      feeRatePerInstructionsIncrement: 25n,
      txMemoryLimit: 41_943_040,
    },
    ledgerCost: {
      ledgerMaxDiskReadEntries: 500,
      ledgerMaxDiskReadBytes: 3_500_000,
      ledgerMaxWriteLedgerEntries: 250,
      ledgerMaxWriteBytes: 143_360,
      txMaxDiskReadEntries: 100,
      txMaxDiskReadBytes: 200_000,
      txMaxWriteLedgerEntries: 50,
      txMaxWriteBytes: 132_096,
      feeDiskReadLedgerEntry: 6250n,
      feeWriteLedgerEntry: 10_000n,
      feeDiskRead1Kb: 1786n,
      sorobanStateTargetSizeBytes: 3_000_000_000n,
      rentFee1KbSorobanStateSizeLow: -17_000n,
      rentFee1KbSorobanStateSizeHigh: 10_000n,
      sorobanStateRentFeeGrowthFactor: 5000,
    },
    historicalData: { feeHistorical1Kb: 16_235n },
    events: { txMaxContractEventsSizeBytes: 16_384, feeContractEvents1Kb: 10_000n },
    bandwidth: { ledgerMaxTxsSizeBytes: 133_120, txMaxSizeBytes: 132_096, feeTxSize1Kb: 1624n },
    costParams: LOCAL_NETWORK_COST_PARAMS,
    contractDataKeySizeBytes: 250,
    contractDataEntrySizeBytes: 65_536,
    stateArchival: {
      ...STATE_ARCHIVAL,
      minPersistentTtl: options.minPersistentTtl ?? STATE_ARCHIVAL.minPersistentTtl,
    },
    executionLanes: { ledgerMaxTxCount: 100 },
    liveSorobanStateSizeWindow: Array.from(
      { length: STATE_ARCHIVAL.liveSorobanStateSizeWindowSampleSize },
      () => stateSize,
    ),
    evictionIterator: { bucketListLevel: 6, isCurrBucket: true, bucketFileOffset: 0n },
    parallelCompute: { ledgerMaxDependentTxClusters: 1 },
    ledgerCostExt: { txMaxFootprintEntries: 100, feeWrite1Kb: 3500n },
    scpTiming: {
      ledgerTargetCloseTimeMilliseconds: 5000,
      nominationTimeoutInitialMilliseconds: 1000,
      nominationTimeoutIncrementMilliseconds: 1000,
      ballotTimeoutInitialMilliseconds: 1000,
      ballotTimeoutIncrementMilliseconds: 1000,
    },
  };
}

/** The local network's ConfigSetting ledger entries (ConfigSettingId 0 to 16), for a genesis ledger. */
export function localNetworkConfigEntries(options: LocalNetworkOptions = {}, lastModifiedLedgerSeq = 0) {
  return configSettingLedgerEntries(localNetworkSettings(options), lastModifiedLedgerSeq);
}
