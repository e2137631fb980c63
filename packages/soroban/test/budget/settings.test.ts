/**
 * Network settings: the local network's ConfigSetting entries through XDR and back, the reader
 * and the budget and fee configurations taken from it (soroban-simulation's own tests,
 * src/test/network_config.rs at v23.0.0: test_load_config_from_snapshot, test_create_budget).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Budget, SIMULATION_SHADOW_FACTORS } from '../../src/budget/budget.js';
import { COST_TYPES, costTypeCountAt } from '../../src/budget/cost-types.js';
import {
  feeConfiguration,
  rentFeeConfiguration,
  transactionResourceFee,
} from '../../src/budget/fee-settings.js';
import { localNetworkConfigEntries, localNetworkSettings } from '../../src/budget/local-network.js';
import { readNetworkSettings } from '../../src/budget/settings.js';
import { HostError } from '../../src/errors/host-error.js';

const costEntries = (pairs: [bigint, bigint][]) =>
  pairs.map(
    ([constTerm, linearTerm]) =>
      new xdr.ContractCostParamEntry({ ext: xdr.ExtensionPoint.v0(), constTerm, linearTerm }),
  );

describe('the local network settings', () => {
  it('are one ledger entry per ConfigSettingId 0 to 16 that reads back to the same settings through XDR', () => {
    const entries = localNetworkConfigEntries({ liveSorobanStateSize: 12_345n }, 7);
    const ids = entries.map(
      (entry) => (entry.data as xdr.LedgerEntryDataConfigSetting).configSetting.toXdrObject().configSettingID,
    );
    expect(ids).toEqual([...Array(17).keys()]);
    const wire = entries.map((entry) => entry.toXDR('base64'));
    const settings = readNetworkSettings(wire.map((base64) => xdr.LedgerEntry.fromXDR(base64, 'base64')));
    expect(settings).toEqual(localNetworkSettings({ liveSorobanStateSize: 12_345n }));
    expect(settings.liveSorobanStateSizeWindow).toEqual(Array(30).fill(12_345n));
    expect(entries.every((entry) => entry.lastModifiedLedgerSeq === 7)).toBe(true);
  });

  it('give a budget of the transaction limits with the ledger cost parameters, not the host defaults', () => {
    const settings = localNetworkSettings();
    // The local network is at protocol 23: its cost parameters stop at type 69.
    const count = costTypeCountAt(23);
    expect([settings.costParams.cpu.length, settings.costParams.mem.length]).toEqual([count, count]);
    const budget = Budget.fromSettings(settings);
    expect([budget.cpuLimit, budget.memLimit]).toEqual([100_000_000n, 41_943_040n]);
    // Applying a transaction, its declared instructions are the limit.
    expect(Budget.fromSettings(settings, { instructions: 2_000_000n }).cpuLimit).toBe(2_000_000n);
    budget.charge('DispatchHostFunction');
    budget.charge('ValDeser', 100n);
    expect(budget.cpuUsed).toBe(295n + 331n + ((4369n * 100n) >> 7n));
    const host = Budget.default();
    host.charge('DispatchHostFunction');
    expect(host.cpuUsed).toBe(310n);
  });

  it('charge a transaction its resource fee: non-refundable, events and rent', () => {
    const fee = transactionResourceFee(
      localNetworkSettings(),
      {
        instructions: 1_000_000, // ceil(1e6 * 25 / 10,000) = 2500
        diskReadEntries: 1, // 6250
        writeEntries: 1, // 10,000
        diskReadBytes: 1024, // 1786
        writeBytes: 1024, // 3500
        contractEventsSizeBytes: 100, // ceil(100 * 10,000 / 1024) = 977, refundable
        transactionSizeBytes: 1000, // historical ceil(1300 * 16,235 / 1024) = 20,611; bandwidth ceil(1000 * 1624 / 1024) = 1586
      },
      // A new 100-byte persistent entry living the minimum 120,960 ledgers from ledger 100. With an
      // empty state the rent write fee is the 1000 floor: ceil(100 * 1000 * 120,960 / (1024 * 1215))
      // = 9723, plus its TTL entry: 10,000 + ceil(48 * 3500 / 1024) = 10,165.
      [
        {
          isPersistent: true,
          isCodeEntry: false,
          oldSizeBytes: 0,
          newSizeBytes: 100,
          oldLiveUntilLedger: 0,
          newLiveUntilLedger: 121_059,
        },
      ],
      100,
    );
    expect(fee).toEqual({ nonRefundable: 46_233n, rent: 19_888n, refundable: 20_865n, total: 67_098n });
  });
});

describe('readNetworkSettings', () => {
  it('reads the fee, limit and archival settings as soroban-simulation does (test_load_config_from_snapshot)', () => {
    const E = xdr.ConfigSettingEntry;
    const overrides = [
      E.configSettingContractComputeV0(
        new xdr.ConfigSettingContractComputeV0({
          ledgerMaxInstructions: 1n,
          txMaxInstructions: 2n,
          feeRatePerInstructionsIncrement: 3n,
          txMemoryLimit: 4,
        }),
      ),
      E.configSettingContractLedgerCostV0(
        new xdr.ConfigSettingContractLedgerCostV0({
          ledgerMaxDiskReadEntries: 5,
          ledgerMaxDiskReadBytes: 6,
          ledgerMaxWriteLedgerEntries: 7,
          ledgerMaxWriteBytes: 8,
          txMaxDiskReadEntries: 9,
          txMaxDiskReadBytes: 10,
          txMaxWriteLedgerEntries: 11,
          txMaxWriteBytes: 12,
          feeDiskReadLedgerEntry: 13n,
          feeWriteLedgerEntry: 14n,
          feeDiskRead1Kb: 15n,
          sorobanStateTargetSizeBytes: 100_000_000_000_000n,
          rentFee1KbSorobanStateSizeLow: 1_000_000n,
          rentFee1KbSorobanStateSizeHigh: 1_000_000_000n,
          sorobanStateRentFeeGrowthFactor: 50,
        }),
      ),
      E.configSettingContractLedgerCostExtV0(
        new xdr.ConfigSettingContractLedgerCostExtV0({ txMaxFootprintEntries: 16, feeWrite1Kb: 17n }),
      ),
      E.configSettingContractHistoricalDataV0(
        new xdr.ConfigSettingContractHistoricalDataV0({ feeHistorical1Kb: 20n }),
      ),
      E.configSettingContractEventsV0(
        new xdr.ConfigSettingContractEventsV0({
          txMaxContractEventsSizeBytes: 21,
          feeContractEvents1Kb: 22n,
        }),
      ),
      E.configSettingContractBandwidthV0(
        new xdr.ConfigSettingContractBandwidthV0({
          ledgerMaxTxsSizeBytes: 23,
          txMaxSizeBytes: 24,
          feeTxSize1Kb: 25n,
        }),
      ),
      E.configSettingStateArchival(
        new xdr.StateArchivalSettings({
          maxEntryTtl: 26,
          minTemporaryTtl: 27,
          minPersistentTtl: 28,
          persistentRentRateDenominator: 29n,
          tempRentRateDenominator: 30n,
          maxEntriesToArchive: 31,
          liveSorobanStateSizeWindowSampleSize: 32,
          liveSorobanStateSizeWindowSamplePeriod: 33,
          evictionScanSize: 34,
          startingEvictionScanLevel: 35,
        }),
      ),
      E.configSettingContractCostParamsCpuInstructions(
        costEntries([
          [35n, 36n],
          [37n, 38n],
        ]),
      ),
      E.configSettingContractCostParamsMemoryBytes(
        costEntries([
          [39n, 40n],
          [41n, 42n],
          [43n, 44n],
        ]),
      ),
    ];
    // The test's snapshot holds only these nine; the other settings come from the local network.
    const settings = readNetworkSettings([...localNetworkConfigEntries(), ...overrides]);
    expect(feeConfiguration(settings)).toEqual({
      feePerInstructionIncrement: 3n,
      feePerDiskReadEntry: 13n,
      feePerWriteEntry: 14n,
      feePerDiskRead1Kb: 15n,
      feePerWrite1Kb: 17n,
      feePerHistorical1Kb: 20n,
      feePerContractEvent1Kb: 22n,
      feePerTransactionSize1Kb: 25n,
    });
    expect(rentFeeConfiguration(settings, 150_000_000_000_000n)).toEqual({
      feePerRent1Kb: 1_000_000_000n + (50n * (1_000_000_000n - 1_000_000n)) / 2n,
      feePerWrite1Kb: 17n,
      feePerWriteEntry: 14n,
      persistentRentRateDenominator: 29n,
      temporaryRentRateDenominator: 30n,
    });
    expect([settings.compute.txMaxInstructions, settings.compute.txMemoryLimit]).toEqual([2n, 4]);
    expect(settings.costParams.cpu).toEqual([
      { constTerm: 35n, linTerm: 36n },
      { constTerm: 37n, linTerm: 38n },
    ]);
    expect(settings.costParams.mem.map((model) => model.constTerm)).toEqual([39n, 41n, 43n]);
    expect([
      settings.stateArchival.minTemporaryTtl,
      settings.stateArchival.minPersistentTtl,
      settings.stateArchival.maxEntryTtl,
    ]).toEqual([27, 28, 26]);
  });

  it('gives a budget from the settings (test_create_budget)', () => {
    const zero = COST_TYPES.map(() => ({ constTerm: 0n, linTerm: 0n }));
    const keccak = COST_TYPES.indexOf('ComputeKeccak256Hash');
    const cpu = zero.map((model, index) =>
      index === keccak ? { constTerm: 50n, linTerm: 100n << 7n } : model,
    );
    const mem = zero.map((model, index) =>
      index === keccak ? { constTerm: 20n, linTerm: 5n << 7n } : model,
    );
    const settings = { ...localNetworkSettings(), costParams: { cpu, mem } };
    const budget = Budget.fromSettings(
      { ...settings, compute: { ...settings.compute, txMaxInstructions: 1000n, txMemoryLimit: 500 } },
      { shadowFactors: SIMULATION_SHADOW_FACTORS },
    );
    expect([budget.cpuRemaining, budget.memRemaining]).toEqual([1000n, 500n]);
    budget.charge('ComputeKeccak256Hash', 5n);
    expect([budget.cpuUsed, budget.memUsed]).toEqual([50n + 5n * 100n, 20n + 5n * 5n]);
    // Simulation's shadow limits are 10x CPU (10,000) and 2x memory: the 19th shadow hash (550 each)
    // passes the CPU one, and no shadow work runs after that.
    let ran = 0;
    for (let i = 0; i < 20; i++) {
      budget.withShadowMode(() => {
        ran += 1;
        budget.charge('ComputeKeccak256Hash', 5n);
      });
    }
    expect(ran).toBe(19);
    expect(budget.shadowCpuUsed).toBe(19n * 550n);
  });

  it('names the settings a ledger lacks', () => {
    const partial = localNetworkConfigEntries().filter((entry) => {
      const type = (entry.data as xdr.LedgerEntryDataConfigSetting).configSetting.type;
      return type !== 'configSettingScpTiming' && type !== 'configSettingContractCostParamsMemoryBytes';
    });
    let error: unknown;
    try {
      readNetworkSettings(partial);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HostError);
    expect((error as HostError).message).toContain('scpTiming, costParamsMemoryBytes');
  });
});
