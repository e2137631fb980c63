/**
 * Symbols against byte slices from linear memory (`host.rs` symbol_new_from_slice,
 * `mem_helper.rs` symbol_matches): what `map_*_linear_memory` and `symbol_index_in_linear_memory`
 * do with each slice they scan.
 */
import { HostError } from '../../errors/host-error.js';
import type { Ordering } from '../../values/compare.js';
import { SYMBOL_LIMIT, smallSymbol, smallSymbolText } from '../../values/symbol.js';
import { Tag } from '../../values/tags.js';
import { fromU32, tagOf, u32Of, type Val, VOID } from '../../values/val.js';
import { compareBytes } from '../compare.js';
import { symbolNewFromSlice } from '../native-slices.js';
import { callingVm, visitBytes } from './access.js';
import { chargeNewVec, VAL_SIZE } from './charges.js';
import { scanSlices } from './linear-memory.js';
import type { CallContext } from './types.js';

/**
 * Step 1 of `map_new_from_linear_memory_impl` (`host/data_helper.rs`), sparse or not: the `len`
 * (ptr, len) symbol slices at `keys_pos`, each made a symbol, into a new (metered) vector.
 */
export function symbolKeysFromLinearMemory(context: CallContext, keysPos: Val, len: Val): Val[] {
  callingVm(context);
  const count = u32Of(len);
  chargeNewVec(context, count, VAL_SIZE);
  const keys: Val[] = [];
  scanSlices(context, u32Of(keysPos), count, (_, slice) => keys.push(symbolFromSlice(context, slice)));
  return keys;
}

/**
 * `Symbol::try_from_val(host, &slice)`: small when it fits, else a Symbol object made through the
 * env (`symbol_new_from_slice`, a call the host traces of itself).
 */
export function symbolFromSlice(context: CallContext, bytes: Uint8Array): Val {
  const small = smallSymbol(bytes);
  if (small !== undefined) return small;
  return context.host.envCall('symbol_new_from_slice', [BigInt(bytes.length)], () =>
    symbolNewFromSlice(context, bytes),
  );
}

/** `compare_symbol_to_bytes`: a symbol's (small or object) text against bytes, the comparison charged. */
export function symbolOrdering(context: CallContext, symbol: Val, slice: Uint8Array): Ordering {
  const bytes =
    tagOf(symbol) === Tag.SymbolSmall
      ? Buffer.from(smallSymbolText(symbol), 'latin1')
      : visitBytes(context, symbol, 'Symbol');
  return compareBytes(context.host.meter, bytes, slice);
}

/** Whether a symbol (small or object) spells exactly these bytes; the comparison is charged. */
export function symbolMatches(context: CallContext, slice: Uint8Array, symbol: Val): boolean {
  return symbolOrdering(context, symbol, slice) === 0;
}

/** `check_symbol_matches`. */
export function checkSymbolMatches(context: CallContext, slice: Uint8Array, symbol: Val): void {
  if (!symbolMatches(context, slice, symbol)) throw new HostError('Value', 'InvalidInput', 'symbol mismatch');
}

/** `memobj_copy_to_slice` (host/mem_helper.rs): visit, the range checked, then the bytes copied out. */
export function memObjCopyToSlice(
  context: CallContext,
  kind: 'Bytes' | 'String' | 'Symbol',
  obj: Val,
  pos: number,
  length: number,
): Uint8Array {
  const bytes = visitBytes(context, obj, kind);
  const end = pos + length;
  if (end > 0xffff_ffff) throw new HostError('Object', 'ArithDomain', 'u32 overflow');
  if (end > bytes.length)
    throw new HostError('Object', 'IndexBounds', 'out-of-bounds read from memory-like host object');
  context.host.meter.charge('MemCpy', BigInt(length));
  return bytes.slice(pos, end);
}

/**
 * `SymbolStr::try_from_val` (soroban-env-common symbol.rs): a small symbol is read in place; an
 * object is read through the host's own env, `symbol_len` then `symbol_copy_to_slice` into a
 * 32-byte buffer, each a traced call.
 */
export function symbolStr(context: CallContext, symbol: Val): string {
  if (tagOf(symbol) === Tag.SymbolSmall) return smallSymbolText(symbol);
  const { host } = context;
  const length = u32Of(
    host.envCall('symbol_len', [symbol], () => fromU32(visitBytes(context, symbol, 'Symbol').length)),
  );
  if (length > SYMBOL_LIMIT) throw new HostError('Value', 'InternalError', 'symbol longer than a SymbolStr');
  let bytes: Uint8Array = new Uint8Array();
  host.envCall('symbol_copy_to_slice', [symbol, fromU32(0), BigInt(length)], () => {
    bytes = memObjCopyToSlice(context, 'Symbol', symbol, 0, length);
    return VOID;
  });
  return Buffer.from(bytes).toString('latin1');
}
