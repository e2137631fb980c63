/**
 * The Stellar Asset Contract's name, symbol and decimals (`metadata.rs`): written once at
 * initialization under the instance key `METADATA`. The native asset is `native` for both; an
 * issued asset's symbol is its code escaped as SEP-0011 (TxRep) escapes it and its name is the
 * symbol, a colon and the issuer's strkey.
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import type { Host } from '../../host/host.js';
import { getData, putData } from '../env.js';
import { fieldsOf, stringOf, struct, symbol } from '../values.js';
import { type AssetInfo, readAssetInfo } from './asset-info.js';

export const DECIMAL = 7;
const METADATA_KEY = symbol('METADATA');
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

function nameAndSymbol(host: Host, info: AssetInfo): { name: string; symbol: string } {
  if (info.kind === 'Native') return { name: 'native', symbol: 'native' };
  const size = info.kind === 'AlphaNum4' ? 4 : 12;
  if (info.code.length !== size) throw new HostError('Value', 'UnexpectedSize', 'String had unexpected size');
  // The host charges the largest rendering (every byte escaped) and the strkey's own allocation.
  host.budget.charge('MemAlloc', BigInt(size * 4 + 1 + STRKEY_LENGTH + STRKEY_LENGTH));
  const rendered = renderSep11AssetCode(info.code);
  return { name: `${rendered}:${StrKey.encodeEd25519PublicKey(Buffer.from(info.issuer))}`, symbol: rendered };
}

export function setMetadata(host: Host): void {
  const { name, symbol: sym } = nameAndSymbol(host, readAssetInfo(host));
  const metadata = struct({
    decimal: xdr.ScVal.scvU32(DECIMAL),
    name: xdr.ScVal.scvString(Buffer.from(name, 'latin1')),
    symbol: xdr.ScVal.scvString(Buffer.from(sym, 'latin1')),
  });
  putData(host, METADATA_KEY, metadata, 'instance');
}

function readMetadata(host: Host) {
  return fieldsOf(getData(host, METADATA_KEY, 'instance'), ['decimal', 'name', 'symbol']);
}

/** The asset's name as a String ScVal (`read_name`). */
export const readName = (host: Host): xdr.ScVal =>
  xdr.ScVal.scvString(Buffer.from(stringOf(readMetadata(host).name)));

export const readSymbol = (host: Host): xdr.ScVal =>
  xdr.ScVal.scvString(Buffer.from(stringOf(readMetadata(host).symbol)));
