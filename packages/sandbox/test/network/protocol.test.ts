/**
 * The protocol a network runs: chosen at genesis (default the public network's), raised by a
 * version upgrade at a close, and what each protocol from 24 changes in the sandbox.
 */

import { costTypeCountAt as costTypeCount } from '@starspec/soroban/network';
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROTOCOL_VERSION, MAX_PROTOCOL_VERSION, UpgradeError } from '../../src/index.js';
import { Asset, Harness, hashOf, Keypair, Operation } from '../harness.js';

function configSetting(h: Harness, id: xdr.ConfigSettingId): xdr.ConfigSettingEntry | undefined {
  const entry = h.ledger.entry(
    xdr.LedgerKey.configSetting(new xdr.LedgerKeyConfigSetting({ configSettingId: id })),
  );
  return entry?.data.type === 'configSetting' ? entry.data.configSetting : undefined;
}

function cpuCostTypes(h: Harness): number {
  const setting = configSetting(h, xdr.ConfigSettingId.configSettingContractCostParamsCpuInstructions);
  return setting?.type === 'configSettingContractCostParamsCpuInstructions'
    ? setting.contractCostParamsCpuInsns.length
    : -1;
}

describe('the protocol of a new network', () => {
  it('is the public network’s by default, 27', () => {
    const h = new Harness();
    expect(DEFAULT_PROTOCOL_VERSION).toBe(27);
    expect(h.ledger.latestHeader().header.ledgerVersion).toBe(27);
    h.close();
    expect(h.ledger.latestHeader().header.ledgerVersion).toBe(27);
  });

  it('is any from 23 to 28, and nothing else', () => {
    for (const protocol of [23, 24, 25, 26, 28]) {
      expect(new Harness({ protocol }).ledger.latestHeader().header.ledgerVersion).toBe(protocol);
    }
    expect(MAX_PROTOCOL_VERSION).toBe(28);
    for (const protocol of [22, 29, 25.5, Number.NaN]) {
      expect(() => new Harness({ protocol })).toThrow(/protocol must be a whole number from 23 to 28/);
    }
  });

  it('holds the cost types and settings of its protocol (createCostTypesForV25, createLedgerEntriesForV26)', () => {
    expect([23, 24, 25, 26].map((protocol) => cpuCostTypes(new Harness({ protocol })))).toEqual([
      70, 70, 85, 86,
    ]);
    const p25 = new Harness({ protocol: 25 });
    expect(configSetting(p25, xdr.ConfigSettingId.configSettingFrozenLedgerKeys)).toBeUndefined();
    const p26 = new Harness({ protocol: 26 });
    const frozen = configSetting(p26, xdr.ConfigSettingId.configSettingFrozenLedgerKeys);
    expect(frozen?.type === 'configSettingFrozenLedgerKeys' && frozen.frozenLedgerKeys.keys).toEqual([]);
    const bypass = configSetting(p26, xdr.ConfigSettingId.configSettingFreezeBypassTxs);
    expect(bypass?.type === 'configSettingFreezeBypassTxs' && bypass.freezeBypassTxs.txHashes).toEqual([]);
    expect(costTypeCount(26)).toBe(86);
  });
});

describe('a version upgrade', () => {
  it('raises the protocol at the next close, with the entries it writes in upgradesProcessing', () => {
    const h = new Harness({ protocol: 23 });
    h.ledger.upgrade([{ upgrade: xdr.LedgerUpgrade.ledgerUpgradeVersion(26) }]);
    expect(h.ledger.latestHeader().header.ledgerVersion).toBe(23);
    const meta = h.close();
    const v2 = meta.type === 'v2' ? meta.v2 : undefined;
    expect(v2?.ledgerHeader.header.ledgerVersion).toBe(26);
    expect(v2?.upgradesProcessing.map((u) => u.upgrade.type)).toEqual(['ledgerUpgradeVersion']);
    // Two cost lists updated, the two freeze entries created.
    const changes = v2?.upgradesProcessing[0]?.changes.map((c) => c.type) ?? [];
    expect(changes.filter((t) => t === 'ledgerEntryCreated')).toHaveLength(2);
    expect(changes.filter((t) => t === 'ledgerEntryUpdated')).toHaveLength(2);
    // The StellarValue carries the upgrade as core's opaque UpgradeType.
    expect(v2?.ledgerHeader.header.scpValue.upgrades.length).toBe(1);
    expect(cpuCostTypes(h)).toBe(86);
    // Applied once: the next ledger has none.
    const next = h.close();
    expect(next.type === 'v2' && next.v2.upgradesProcessing).toEqual([]);
  });

  it('goes only up, and no further than 28', () => {
    const h = new Harness({ protocol: 25 });
    expect(() => h.ledger.upgrade([{ upgrade: xdr.LedgerUpgrade.ledgerUpgradeVersion(25) }])).toThrow(
      UpgradeError,
    );
    expect(() => h.ledger.upgrade([{ upgrade: xdr.LedgerUpgrade.ledgerUpgradeVersion(24) }])).toThrow(
      /only goes up/,
    );
    expect(() => h.ledger.upgrade([{ upgrade: xdr.LedgerUpgrade.ledgerUpgradeVersion(29) }])).toThrow(
      /newest/,
    );
    expect(h.ledger.scheduledUpgrades()).toEqual([]);
  });
});

describe('what each protocol from 24 changes', () => {
  const alice = Keypair.random();
  const bob = Keypair.random();

  /** The inner result's feeCharged of a fee bump of one payment, applied at `protocol`. */
  function innerFeeCharged(protocol: number): bigint {
    const h = new Harness({ protocol });
    h.fund('100', alice, bob);
    const inner = h.tx(alice, [
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' }),
    ]);
    const bump = h.feeBump(bob, inner, 200);
    const record = h.apply(bump).results.get(hashOf(bump));
    const result = record?.result.result;
    if (result?.type !== 'txFeeBumpInnerSuccess') throw new Error(`${result?.type}`);
    expect(record?.result.feeCharged).toBe(200n); // the outer fee: two operations (the bump's own) at the base fee
    return result.innerResultPair.result.feeCharged;
  }

  it('25: a fee bump’s inner result charges nothing (FeeBumpTransactionFrame::processFeeSeqNum)', () => {
    expect(innerFeeCharged(24)).toBe(100n);
    expect(innerFeeCharged(25)).toBe(0n);
    expect(innerFeeCharged(27)).toBe(0n);
  });
});
