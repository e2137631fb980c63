/**
 * Symbols against byte slices from linear memory (`host.rs` symbol_new_from_slice,
 * `mem_helper.rs` symbol_matches): what `map_*_linear_memory` and `symbol_index_in_linear_memory`
 * do with each slice they scan.
 */
import { HostError } from '../../errors/host-error.js';
import { SYMBOL_LIMIT, smallSymbol, smallSymbolText } from '../../values/symbol.js';
import { Tag } from '../../values/tags.js';
import { tagOf, type Val } from '../../values/val.js';
import { add, visitBytes } from './access.js';
import { BYTE_SIZE, chargeNewVec } from './charges.js';
import type { CallContext } from './types.js';

/** A symbol Val for these bytes: small when it fits, else a new Symbol object. */
export function symbolFromSlice(context: CallContext, bytes: Uint8Array): Val {
  const small = smallSymbol(bytes);
  if (small !== undefined) return small;
  // The object path checks each character (charged as a comparison), copies, then checks the length.
  context.host.meter.charge('MemCmp', BigInt(bytes.length));
  for (const byte of bytes)
    if (smallSymbol(Uint8Array.of(byte)) === undefined)
      throw new HostError('Value', 'InvalidInput', `byte ${byte} is not allowed in Symbol`);
  const copy = Uint8Array.from(bytes);
  chargeNewVec(context, copy.length, BYTE_SIZE);
  if (copy.length > SYMBOL_LIMIT) throw new HostError('Value', 'InvalidInput', 'symbol too long');
  return add(context, { kind: 'Symbol', value: copy });
}

/** Whether a symbol (small or object) spells exactly these bytes; the comparison is charged. */
export function symbolMatches(context: CallContext, slice: Uint8Array, symbol: Val): boolean {
  const bytes =
    tagOf(symbol) === Tag.SymbolSmall
      ? Buffer.from(smallSymbolText(symbol), 'latin1')
      : visitBytes(context, symbol, 'Symbol');
  context.host.meter.charge('MemCmp', BigInt(Math.min(bytes.length, slice.length)));
  return Buffer.compare(bytes, slice) === 0;
}

/** `check_symbol_matches`. */
export function checkSymbolMatches(context: CallContext, slice: Uint8Array, symbol: Val): void {
  if (!symbolMatches(context, slice, symbol)) throw new HostError('Value', 'InvalidInput', 'symbol mismatch');
}
