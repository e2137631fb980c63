/**
 * The Stellar Asset Contract's name, symbol and decimals (`metadata.rs`): written once at
 * initialization under the instance key `METADATA`. The native asset is `native` for both; an
 * issued asset's symbol is its code escaped as SEP-0011 (TxRep) escapes it and its name is the
 * symbol, a colon and the issuer's strkey.
 */
import { StrKey } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import type { Host } from '../../host/host.js';
import { fromU32, type Val } from '../../values/val.js';
import {
  bytesToArray,
  newString,
  stringObject,
  stringToArray,
  structFields,
  structVal,
} from '../contract-types.js';
import { getDataVal, putDataVal } from '../env.js';
import { symbol } from '../values.js';
import { readAssetInfo } from './asset-info.js';

export const DECIMAL = 7;
/** `SymbolSmall::try_from_str("METADATA")`: a small symbol, no host call. */
const metadataKey = (host: Host): Val => host.converter.toVal(symbol('METADATA'));
const FIELDS = ['decimal', 'name', 'symbol'];
const STRKEY_LENGTH = 56;

/** `render_sep0011_asset_code`: stops at a 4-byte code's first NUL, a 12-byte code's first NUL past the 5th byte. */
export function renderSep11AssetCode(code: Uint8Array): string {
  if (code.length !== 4 && code.length !== 12)
    throw new HostError('Value', 'InvalidInput', 'bad asset code length');
  let out = '';
  for (const [i, c] of code.entries()) {
    if (c === 0 && (code.length === 4 || i > 4)) break;
    const escaped = c === 0x3a || c === 0x5c || c <= 0x20 || c >= 0x7f;
    out += escaped ? `\\x${c.toString(16).padStart(2, '0')}` : String.fromCharCode(c);
  }
  return out;
}

/** `render_sep0011_asset`: the code read out, the symbol made, then the issuer read for the name. */
function renderAsset(host: Host, code: Val, issuer: Val, size: number): { name: Val; symbol: Val } {
  const codeBytes = stringToArray(host, code, size);
  // The host charges the largest rendering (every byte escaped) and the strkey's own allocation.
  host.budget.charge('MemAlloc', BigInt(size * 4 + 1 + STRKEY_LENGTH + STRKEY_LENGTH));
  const rendered = renderSep11AssetCode(codeBytes);
  const symbolVal = newString(host, Buffer.from(rendered, 'latin1'));
  const strkey = StrKey.encodeEd25519PublicKey(Buffer.from(bytesToArray(host, issuer, 32)));
  return { name: newString(host, Buffer.from(`${rendered}:${strkey}`, 'latin1')), symbol: symbolVal };
}

export function setMetadata(host: Host): void {
  const info = readAssetInfo(host);
  let nameAndSymbol: { name: Val; symbol: Val };
  if (info.kind === 'Native') {
    const native = newString(host, Buffer.from('native'));
    nameAndSymbol = { name: native, symbol: native };
  } else nameAndSymbol = renderAsset(host, info.code, info.issuer, info.kind === 'AlphaNum4' ? 4 : 12);
  const key = metadataKey(host);
  const metadata = structVal(host, FIELDS, [fromU32(DECIMAL), nameAndSymbol.name, nameAndSymbol.symbol]);
  putDataVal(host, key, metadata, 'instance');
}

function readMetadata(host: Host): { name: Val; symbol: Val } {
  const [, name, sym] = structFields(host, getDataVal(host, metadataKey(host), 'instance'), FIELDS) as [
    Val,
    Val,
    Val,
  ];
  return { name: stringObject(name), symbol: stringObject(sym) };
}

/** The asset's name, a String object (`read_name`). */
export const readName = (host: Host): Val => readMetadata(host).name;

export const readSymbol = (host: Host): Val => readMetadata(host).symbol;
