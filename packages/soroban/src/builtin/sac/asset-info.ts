/**
 * The asset a Stellar Asset Contract stands for (`asset_info.rs`, `public_types.rs`): kept in
 * instance storage as `AssetInfo` (`["Native"]`, or `["AlphaNum4" | "AlphaNum12", {asset_code,
 * issuer}]` with the code's full padded bytes and the issuer's ed25519 key), and checked on
 * creation as stellar-core's `isAssetValid` checks an asset.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import { decodeError } from '../../host/functions/buf-xdr.js';
import type { Host } from '../../host/host.js';
import { getData, hasData, putData } from '../env.js';
import {
  accountAddress,
  bytesOf,
  caseOf,
  conversionError,
  enumCase,
  fieldsOf,
  stringOf,
  struct,
} from '../values.js';
import { ASSET_INFO_KEY } from './storage-types.js';

export type AssetInfo =
  | { readonly kind: 'Native' }
  | { readonly kind: 'AlphaNum4' | 'AlphaNum12'; readonly code: Uint8Array; readonly issuer: Uint8Array };

const CODE_LENGTH = { AlphaNum4: 4, AlphaNum12: 12 } as const;

export function assetInfoOfAsset(asset: xdr.Asset): AssetInfo {
  switch (asset.type) {
    case 'assetTypeNative':
      return { kind: 'Native' };
    case 'assetTypeCreditAlphanum4':
      return {
        kind: 'AlphaNum4',
        code: Uint8Array.from(asset.alphaNum4.assetCode.value),
        issuer: Uint8Array.from(asset.alphaNum4.issuer.ed25519.value),
      };
    default:
      return {
        kind: 'AlphaNum12',
        code: Uint8Array.from(asset.alphaNum12.assetCode.value),
        issuer: Uint8Array.from(asset.alphaNum12.issuer.ed25519.value),
      };
  }
}

export const issuerAccount = (issuer: Uint8Array): xdr.AccountId =>
  xdr.PublicKey.publicKeyTypeEd25519(Buffer.from(issuer));

/** The issuer's address, none for the native asset. */
export const issuerAddress = (info: AssetInfo): xdr.ScAddress | undefined =>
  info.kind === 'Native' ? undefined : accountAddress(issuerAccount(info.issuer));

/** The classic asset (`TryFromVal<Host, AssetInfo> for Asset`): the code must have its type's length. */
export function assetOf(info: AssetInfo): xdr.Asset {
  if (info.kind === 'Native') return xdr.Asset.assetTypeNative();
  if (info.code.length !== CODE_LENGTH[info.kind])
    throw new HostError('Value', 'UnexpectedSize', 'String had unexpected size');
  const issuer = issuerAccount(info.issuer);
  const assetCode = Buffer.from(info.code);
  return info.kind === 'AlphaNum4'
    ? xdr.Asset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode, issuer }))
    : xdr.Asset.assetTypeCreditAlphanum12(new xdr.AlphaNum12({ assetCode, issuer }));
}

function assetInfoVal(info: AssetInfo): xdr.ScVal {
  if (info.kind === 'Native') return enumCase('Native');
  return enumCase(
    info.kind,
    struct({
      asset_code: xdr.ScVal.scvString(Buffer.from(info.code)),
      issuer: xdr.ScVal.scvBytes(Buffer.from(info.issuer)),
    }),
  );
}

function assetInfoOf(value: xdr.ScVal): AssetInfo {
  const { name, value: inner } = caseOf(value);
  if (name === 'Native' && inner === undefined) return { kind: 'Native' };
  if ((name === 'AlphaNum4' || name === 'AlphaNum12') && inner !== undefined) {
    const fields = fieldsOf(inner, ['asset_code', 'issuer']);
    return { kind: name, code: stringOf(fields.asset_code), issuer: bytesOf(fields.issuer, 32) };
  }
  throw conversionError('not an AssetInfo');
}

export const writeAssetInfo = (host: Host, info: AssetInfo): void =>
  putData(host, ASSET_INFO_KEY, assetInfoVal(info), 'instance');

export const readAssetInfo = (host: Host): AssetInfo =>
  assetInfoOf(getData(host, ASSET_INFO_KEY, 'instance'));

export const hasAssetInfo = (host: Host): boolean => hasData(host, ASSET_INFO_KEY, 'instance');

const invalidCode = (detail: string) => new HostError('Value', 'InvalidInput', detail);

/** stellar-core's `isAssetValid` (util/types.cpp) for the asset code, as `validate_asset` redoes it. */
export function validateAsset(asset: xdr.Asset): void {
  if (asset.type === 'assetTypeNative') return;
  const code =
    asset.type === 'assetTypeCreditAlphanum4'
      ? asset.alphaNum4.assetCode.value
      : asset.alphaNum12.assetCode.value;
  let hadZero = false;
  let nonZero = 0;
  for (const c of code) {
    if (c === 0) hadZero = true;
    else if (hadZero) throw invalidCode("asset code can't have 0 character in the middle");
    else {
      const alphanumeric = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
      if (!alphanumeric) throw invalidCode('asset code has invalid character');
      nonZero++;
    }
  }
  if (nonZero === 0) throw invalidCode("asset code doesn't have non-0 characters");
  if (nonZero <= 4 && code.length > 4)
    throw invalidCode('asset codes with 4 characters or less should have `CreditAlphanum4` type');
}

/** The asset from its XDR (`metered_from_xdr_obj`: one ValDeser charge, the host's decode errors). */
export function decodeAsset(host: Host, bytes: Uint8Array): xdr.Asset {
  host.budget.charge('ValDeser', BigInt(bytes.length));
  try {
    return xdr.Asset.fromXdr(Buffer.from(bytes));
  } catch (error) {
    throw decodeError(error);
  }
}
