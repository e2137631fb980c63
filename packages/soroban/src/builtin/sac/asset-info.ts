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
import { DECLARED_SIZE } from '../../storage/index.js';
import type { Val } from '../../values/val.js';
import {
  bytesN,
  enumCaseOf,
  enumVal,
  enumValue,
  newBytes,
  newString,
  stringObject,
  stringToArray,
  structFields,
  structVal,
} from '../contract-types.js';
import { getDataVal, hasDataVal, putDataVal } from '../env.js';
import { addressFromAccount } from '../values.js';
import { instanceKey } from './storage-types.js';

/** `AssetInfo` (public_types.rs) as the contract holds it: the code a String object, the issuer a `BytesN<32>`. */
export type AssetInfo =
  | { readonly kind: 'Native' }
  | { readonly kind: 'AlphaNum4' | 'AlphaNum12'; readonly code: Val; readonly issuer: Val };

const CASES = ['Native', 'AlphaNum4', 'AlphaNum12'] as const;
const FIELDS = ['asset_code', 'issuer'];
const CODE_LENGTH = { AlphaNum4: 4, AlphaNum12: 12 } as const;
/** `AccountId`'s declared size (declared_size.rs). */

/** `init_asset`'s AssetInfo of a classic asset: the code and the issuer's key made host objects. */
export function createAssetInfo(host: Host, asset: xdr.Asset): AssetInfo {
  if (asset.type === 'assetTypeNative') return { kind: 'Native' };
  const credit = asset.type === 'assetTypeCreditAlphanum4' ? asset.alphaNum4 : asset.alphaNum12;
  const kind = asset.type === 'assetTypeCreditAlphanum4' ? 'AlphaNum4' : 'AlphaNum12';
  const code = newString(host, Uint8Array.from(credit.assetCode.value));
  // `u256_from_account`: the issuer's account id cloned (metered) for its key.
  host.meter.charge('MemCpy', DECLARED_SIZE.accountId);
  const issuer = bytesN(host, newBytes(host, Uint8Array.from(credit.issuer.ed25519.value)), 32);
  return { kind, code, issuer };
}

export const issuerAccount = (issuer: Uint8Array): xdr.AccountId =>
  xdr.PublicKey.publicKeyTypeEd25519(Buffer.from(issuer));

/**
 * `account_id_from_bytesobj` of the issuer (host/conversion.rs): the object read, no host call, its
 * 32 bytes copied (`fixed_length_bytes_from_slice`); none for the native asset.
 */
export function issuerKey(host: Host, info: AssetInfo): Uint8Array | undefined {
  if (info.kind === 'Native') return undefined;
  host.meter.charge('VisitObject');
  const key = host.objects.expect(info.issuer, 'Bytes').value;
  host.meter.charge('MemCpy', DECLARED_SIZE.accountId);
  return key;
}

/** The issuer's address, none for the native asset. */
export function issuerAddress(host: Host, info: AssetInfo): xdr.ScAddress | undefined {
  const key = issuerKey(host, info);
  return key && xdr.ScAddress.scAddressTypeAccount(issuerAccount(key));
}

/**
 * The issuer's Address object (base_types.rs `Address::from_account`: the account id cloned,
 * metered, into a new object), none for the native asset.
 */
export function issuerAddressVal(host: Host, info: AssetInfo): Val | undefined {
  const key = issuerKey(host, info);
  return key && addressFromAccount(host, issuerAccount(key));
}

/** `read_asset`: the classic asset (`TryFromVal<Host, AssetInfo> for Asset`): the issuer, then the code. */
export function readAsset(host: Host): xdr.Asset {
  const info = readAssetInfo(host);
  if (info.kind === 'Native') return xdr.Asset.assetTypeNative();
  const issuer = issuerAccount(issuerKey(host, info) as Uint8Array);
  const assetCode = Buffer.from(stringToArray(host, info.code, CODE_LENGTH[info.kind]));
  return info.kind === 'AlphaNum4'
    ? xdr.Asset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode, issuer }))
    : xdr.Asset.assetTypeCreditAlphanum12(new xdr.AlphaNum12({ assetCode, issuer }));
}

function assetInfoVal(host: Host, info: AssetInfo): Val {
  if (info.kind === 'Native') return enumVal(host, 'Native');
  return enumVal(host, info.kind, () => structVal(host, FIELDS, [info.code, info.issuer]));
}

function assetInfoOf(host: Host, value: Val): AssetInfo {
  const { index, vec } = enumCaseOf(host, value, CASES);
  const kind = CASES[index] as AssetInfo['kind'];
  if (kind === 'Native') return { kind };
  const [code, issuer] = structFields(host, enumValue(host, vec), FIELDS) as [Val, Val];
  return { kind, code: stringObject(code), issuer: bytesN(host, issuer, 32) };
}

/** `write_asset_info`: the key, then the value. */
export function writeAssetInfo(host: Host, info: AssetInfo): void {
  const key = instanceKey(host, 'AssetInfo');
  putDataVal(host, key, assetInfoVal(host, info), 'instance');
}

export const readAssetInfo = (host: Host): AssetInfo =>
  assetInfoOf(host, getDataVal(host, instanceKey(host, 'AssetInfo'), 'instance'));

export const hasAssetInfo = (host: Host): boolean =>
  hasDataVal(host, instanceKey(host, 'AssetInfo'), 'instance');

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
