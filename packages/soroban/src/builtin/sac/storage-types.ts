/**
 * What the Stellar Asset Contract stores and for how long (`stellar_asset_contract/storage_types.rs`):
 * per-address balances (persistent) and allowances (temporary) under `DataKey`, the admin and the
 * asset in instance storage under `InstanceDataKey`.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Host } from '../../host/host.js';
import type { Val } from '../../values/val.js';
import { enumVal } from '../contract-types.js';
import { boolOf, enumCase, fieldsOf, i128, i128Of, struct } from '../values.js';

const DAY_IN_LEDGERS = 17_280;
export const INSTANCE_EXTEND_AMOUNT = 7 * DAY_IN_LEDGERS;
export const INSTANCE_TTL_THRESHOLD = INSTANCE_EXTEND_AMOUNT - DAY_IN_LEDGERS;
export const BALANCE_EXTEND_AMOUNT = 30 * DAY_IN_LEDGERS;
export const BALANCE_TTL_THRESHOLD = BALANCE_EXTEND_AMOUNT - DAY_IN_LEDGERS;

export const balanceKey = (address: xdr.ScAddress): xdr.ScVal =>
  enumCase('Balance', xdr.ScVal.scvAddress(address));

export const allowanceKey = (from: xdr.ScAddress, spender: xdr.ScAddress): xdr.ScVal =>
  enumCase('Allowance', struct({ from: xdr.ScVal.scvAddress(from), spender: xdr.ScVal.scvAddress(spender) }));

/** `InstanceDataKey` (a case without a value), made through the env. */
export const instanceKey = (host: Host, name: 'Admin' | 'AssetInfo'): Val => enumVal(host, name);

export interface BalanceValue {
  amount: bigint;
  authorized: boolean;
  clawback: boolean;
}

export const balanceValue = (balance: BalanceValue): xdr.ScVal =>
  struct({
    amount: i128(balance.amount),
    authorized: xdr.ScVal.scvBool(balance.authorized),
    clawback: xdr.ScVal.scvBool(balance.clawback),
  });

export function balanceOf(value: xdr.ScVal): BalanceValue {
  const fields = fieldsOf(value, ['amount', 'authorized', 'clawback']);
  return {
    amount: i128Of(fields.amount),
    authorized: boolOf(fields.authorized),
    clawback: boolOf(fields.clawback),
  };
}

export interface AllowanceValue {
  amount: bigint;
  liveUntilLedger: number;
}
