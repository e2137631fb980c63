/** Freezing and unfreezing ledger keys (CAP-77) through a config upgrade applied at the next close. */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Harness } from '../harness.js';

export interface FreezeDelta {
  freeze?: xdr.LedgerKey[];
  unfreeze?: xdr.LedgerKey[];
  /** Contents hashes (hex) of transactions that may touch frozen keys anyway. */
  bypass?: string[];
}

/** The ConfigUpgradeSet of a frozen-keys delta (and a bypass delta when there are hashes). */
export function freezeSet({ freeze = [], unfreeze = [], bypass = [] }: FreezeDelta): xdr.ConfigUpgradeSet {
  const updatedEntry: xdr.ConfigSettingEntry[] = [
    xdr.ConfigSettingEntry.configSettingFrozenLedgerKeysDelta(
      new xdr.FrozenLedgerKeysDelta({
        keysToFreeze: freeze.map((k) => k.toXdr()),
        keysToUnfreeze: unfreeze.map((k) => k.toXdr()),
      }),
    ),
  ];
  if (bypass.length > 0)
    updatedEntry.push(
      xdr.ConfigSettingEntry.configSettingFreezeBypassTxsDelta(
        new xdr.FreezeBypassTxsDelta({ addTxs: bypass.map((hex) => Buffer.from(hex, 'hex')), removeTxs: [] }),
      ),
    );
  return new xdr.ConfigUpgradeSet({ updatedEntry });
}

/** Schedules the delta on the harness's ledger (throwing UpgradeError when refused) and closes. */
export function freezeKeys(h: Harness, delta: FreezeDelta): void {
  const upgrade = xdr.LedgerUpgrade.ledgerUpgradeConfig(
    new xdr.ConfigUpgradeSetKey({
      contractId: new xdr.ContractId(new Uint8Array(32)),
      contentHash: new xdr.Hash(new Uint8Array(32)),
    }),
  );
  h.ledger.upgrade([{ upgrade, configSet: freezeSet(delta) }]);
  h.close();
}
