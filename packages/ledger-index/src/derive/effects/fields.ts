/** Values several kinds of effect write the same way. */
import type { xdr } from '@stellar/stellar-sdk/base';
import { assetFields } from '../assets.js';
import { amount } from '../format.js';

/** An asset and an amount of it (`account_credited` / `account_debited`). */
export function assetAmount(asset: xdr.Asset, stroops: bigint): Record<string, string> {
  return { ...assetFields(asset), amount: amount(stroops) };
}

/** Hex id of a pool (stellar-horizon `PoolIDToString`). */
export function poolIdHex(id: xdr.PoolId): string {
  return Buffer.from(id.value).toString('hex');
}
