/**
 * Asset helpers after stellar-core util/types (isAssetValid, getIssuer, isIssuer) and
 * TransactionUtils (assetToTrustLineAsset), plus the SEP-11 string CAP-67 events carry.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { accountAddress, sameAccount, sameBytes } from './keys.js';

type AnyAsset = xdr.Asset | xdr.TrustLineAsset | xdr.ChangeTrustAsset;

export function isNative(asset: AnyAsset): boolean {
  return asset.type === 'assetTypeNative';
}

/** The issuer of a credit asset, or undefined for lumens and pool shares. */
export function issuerOf(asset: AnyAsset): xdr.PublicKey | undefined {
  if (asset.type === 'assetTypeCreditAlphanum4') return asset.alphaNum4.issuer;
  if (asset.type === 'assetTypeCreditAlphanum12') return asset.alphaNum12.issuer;
  return undefined;
}

/** stellar-core isIssuer. */
export function isIssuer(account: xdr.PublicKey, asset: AnyAsset): boolean {
  const issuer = issuerOf(asset);
  return issuer !== undefined && sameAccount(issuer, account);
}

function isAsciiAlphaNumeric(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
}

/** Zeros only trailing, the rest ASCII letters and digits; at least `minChars` of them. */
function isCodeValid(code: Uint8Array, minChars: number): boolean {
  let zeros = false;
  let chars = 0;
  for (const b of code) {
    if (b === 0) zeros = true;
    else if (zeros || !isAsciiAlphaNumeric(b)) return false;
    else chars++;
  }
  return chars >= minChars;
}

/** stellar-core isAssetValid (the pool share case checks its parameters, see change_trust). */
export function isAssetValid(asset: AnyAsset): boolean {
  switch (asset.type) {
    case 'assetTypeNative':
      return true;
    case 'assetTypeCreditAlphanum4':
      return isCodeValid(asset.alphaNum4.assetCode.toBytes(), 1);
    case 'assetTypeCreditAlphanum12':
      return isCodeValid(asset.alphaNum12.assetCode.toBytes(), 5);
    default:
      return true;
  }
}

/** The asset's code as text (trailing zeros dropped). */
export function assetCode(asset: AnyAsset): string {
  const bytes =
    asset.type === 'assetTypeCreditAlphanum4'
      ? asset.alphaNum4.assetCode.toBytes()
      : asset.type === 'assetTypeCreditAlphanum12'
        ? asset.alphaNum12.assetCode.toBytes()
        : new Uint8Array(0);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/** SEP-11 form: `native` or `CODE:ISSUER` (stellar-core makeSep0011AssetStringSCVal). */
export function sep11(asset: xdr.Asset): string {
  const issuer = issuerOf(asset);
  return issuer ? `${assetCode(asset)}:${accountAddress(issuer)}` : 'native';
}

/** stellar-core assetToTrustLineAsset. */
export function toTrustLineAsset(asset: xdr.Asset): xdr.TrustLineAsset {
  switch (asset.type) {
    case 'assetTypeNative':
      return xdr.TrustLineAsset.assetTypeNative();
    case 'assetTypeCreditAlphanum4':
      return xdr.TrustLineAsset.assetTypeCreditAlphanum4(asset.alphaNum4);
    default:
      return xdr.TrustLineAsset.assetTypeCreditAlphanum12(asset.alphaNum12);
  }
}

/** Equal as XDR. Lumens and credit assets, asked for on every offer of a book, compare without encoding. */
export function sameAsset(a: AnyAsset, b: AnyAsset): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'assetTypeNative') return true;
  const [x, y] = [creditOf(a), creditOf(b)];
  if (x && y)
    return sameBytes(x.assetCode.toBytes(), y.assetCode.toBytes()) && sameAccount(x.issuer, y.issuer);
  return a.toXdr('base64') === b.toXdr('base64');
}

function creditOf(asset: AnyAsset): xdr.AlphaNum4 | xdr.AlphaNum12 | undefined {
  if (asset.type === 'assetTypeCreditAlphanum4') return asset.alphaNum4;
  if (asset.type === 'assetTypeCreditAlphanum12') return asset.alphaNum12;
  return undefined;
}
