/** Assets as Horizon writes them: split into type/code/issuer fields, or canonical `CODE:ISSUER`. */
import { createHash } from 'node:crypto';
import type { xdr } from '@stellar/stellar-sdk/base';
import { writeLiquidityPoolParameters } from '../generated/xdr-writer.gen.js';
import { writeXdr } from '../meta/xdr-writer.js';
import { accountId } from './format.js';

export interface AssetFields {
  asset_type: 'native' | 'credit_alphanum4' | 'credit_alphanum12';
  asset_code?: string;
  asset_issuer?: string;
}

function code(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1').replace(/\0+$/, '');
}

export function assetFields(asset: xdr.Asset | xdr.ChangeTrustAsset | xdr.TrustLineAsset): AssetFields {
  if (asset.type === 'assetTypeCreditAlphanum4') {
    const a = asset.alphaNum4;
    return {
      asset_type: 'credit_alphanum4',
      asset_code: code(a.assetCode.value),
      asset_issuer: accountId(a.issuer),
    };
  }
  if (asset.type === 'assetTypeCreditAlphanum12') {
    const a = asset.alphaNum12;
    return {
      asset_type: 'credit_alphanum12',
      asset_code: code(a.assetCode.value),
      asset_issuer: accountId(a.issuer),
    };
  }
  if (asset.type !== 'assetTypeNative') throw new TypeError(`not a plain asset: ${asset.type}`);
  return { asset_type: 'native' };
}

/** `native` or `CODE:ISSUER`. */
export function canonicalAsset(asset: xdr.Asset | xdr.TrustLineAsset): string {
  const fields = assetFields(asset);
  return fields.asset_type === 'native' ? 'native' : `${fields.asset_code}:${fields.asset_issuer}`;
}

/** `native` or `CODE:ISSUER` of an asset's fields (a record's `selling`, a balance). */
export function canonicalOfFields(fields: {
  asset_type: string;
  asset_code?: string;
  asset_issuer?: string;
}) {
  return fields.asset_type === 'native' ? 'native' : `${fields.asset_code}:${fields.asset_issuer}`;
}

/** The fields of `native` or `CODE:ISSUER`; the type follows the code's length (stellar/go `Asset.SetCredit`). */
export function fieldsOfCanonical(asset: string): AssetFields {
  if (asset === 'native') return { asset_type: 'native' };
  const [code = '', issuer = ''] = asset.split(':');
  const type = code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12';
  return { asset_type: type, asset_code: code, asset_issuer: issuer };
}

export type PrefixedAssetFields<P extends string> = {
  [K in keyof AssetFields as `${P}_${K & string}`]: AssetFields[K];
};

/** Each prefix's field names, made once. */
const prefixedNames = new Map<string, [type: string, code: string, issuer: string]>();

/** The same fields under a prefix (`source_asset_type`, `selling_asset_code`, …). */
export function prefixedAssetFields<P extends string>(prefix: P, asset: xdr.Asset): PrefixedAssetFields<P> {
  const fields = assetFields(asset);
  let names = prefixedNames.get(prefix);
  if (!names) {
    names = [`${prefix}_asset_type`, `${prefix}_asset_code`, `${prefix}_asset_issuer`];
    prefixedNames.set(prefix, names);
  }
  const prefixed: Record<string, string> = {};
  prefixed[names[0]] = fields.asset_type;
  if (fields.asset_code !== undefined) prefixed[names[1]] = fields.asset_code;
  if (fields.asset_issuer !== undefined) prefixed[names[2]] = fields.asset_issuer;
  return prefixed as PrefixedAssetFields<P>;
}

/** A pool's id: the hex SHA-256 of its LiquidityPoolParameters (stellar-core, stellar/go `xdr.NewPoolId`). */
export function poolIdOf(params: xdr.LiquidityPoolParameters): string {
  return createHash('sha256').update(writeXdr(writeLiquidityPoolParameters, params)).digest('hex');
}

/** The asset fields of change_trust's line: a pool share line names its pool. */
export function lineAssetFields(
  line: xdr.ChangeTrustAsset,
): AssetFields | { asset_type: 'liquidity_pool_shares'; liquidity_pool_id: string } {
  if (line.type !== 'assetTypePoolShare') return assetFields(line);
  return { asset_type: 'liquidity_pool_shares', liquidity_pool_id: poolIdOf(line.liquidityPool) };
}
