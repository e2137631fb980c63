/**
 * The host functions over native slices (`impl EnvBase for Host` in host.rs): `bytes_new_from_slice`,
 * `vec_new_from_slice`, `map_new_from_slices`, `symbol_new_from_slice`. No contract can call them;
 * the host calls them of itself (building the values it hands a contract, as `__check_auth`'s
 * arguments) and a Rust test calls them directly. Unlike the env functions, their arguments and
 * results are not integrity-checked. `traced*` run them as the host's calls of itself: traced, a
 * slice printed by its length.
 */
import { HostError } from '../errors/host-error.js';
import { SYMBOL_LIMIT, smallSymbol } from '../values/symbol.js';
import { fromU32, type Val, VOID } from '../values/val.js';
import { add, visit } from './functions/access.js';
import { BYTE_SIZE, chargeCopy, chargeNewVec, ENTRY_SIZE, VAL_SIZE } from './functions/charges.js';
import { checkIntegrity } from './functions/linear-memory.js';
import { checkSymbolMatches, symbolMatches } from './functions/symbol-slices.js';
import type { CallContext } from './functions/types.js';

const sizeMismatch = (detail: string) => new HostError('Object', 'UnexpectedSize', detail);

/** `scbytes_from_slice` / `metered_slice_to_vec`: the bytes copied into a new Vec. */
function copied(context: CallContext, bytes: Uint8Array): Uint8Array {
  chargeNewVec(context, bytes.length, BYTE_SIZE);
  return Uint8Array.from(bytes);
}

export function bytesNewFromSlice(context: CallContext, bytes: Uint8Array): Val {
  return add(context, { kind: 'Bytes', value: copied(context, bytes) });
}

export function stringNewFromSlice(context: CallContext, bytes: Uint8Array): Val {
  return add(context, { kind: 'String', value: copied(context, bytes) });
}

/** host.rs `symbol_new_from_slice`: every byte checked (charged as one comparison), then copied. */
export function symbolNewFromSlice(context: CallContext, bytes: Uint8Array): Val {
  context.host.meter.charge('MemCmp', BigInt(bytes.length));
  for (const byte of bytes)
    if (smallSymbol(Uint8Array.of(byte)) === undefined)
      throw new HostError('Value', 'InvalidInput', 'byte is not allowed in Symbol');
  const copy = copied(context, bytes);
  if (copy.length > SYMBOL_LIMIT) throw new HostError('Value', 'InvalidInput', 'symbol too long');
  return add(context, { kind: 'Symbol', value: copy });
}

export function vecNewFromSlice(context: CallContext, items: readonly Val[]): Val {
  chargeNewVec(context, items.length, VAL_SIZE);
  for (const item of items) checkIntegrity(context, item);
  return add(context, { kind: 'Vec', value: [...items] });
}

/**
 * A map from key names and values; a name too long for a small symbol becomes a Symbol object
 * through `newSymbol` (`Symbol::try_from_val`, a call of its own).
 */
export function mapNewFromSlices(
  context: CallContext,
  names: readonly string[],
  values: readonly Val[],
  newSymbol: (bytes: Uint8Array) => Val,
): Val {
  if (names.length !== values.length) throw sizeMismatch('differing key and value slice lengths');
  chargeNewVec(context, names.length, ENTRY_SIZE);
  const entries = names.map((name, i) => {
    const key = smallSymbol(name) ?? newSymbol(Buffer.from(name, 'utf8'));
    const value = values[i] as Val;
    checkIntegrity(context, value);
    return [key, value] as const;
  });
  // `MeteredOrdMap::from_map`: the entries scanned, then checked sorted and unique.
  chargeCopy(context, entries.length, ENTRY_SIZE);
  const { compare } = context.host.comparator;
  for (let i = 1; i < entries.length; i++)
    if (compare((entries[i - 1] as readonly [Val, Val])[0], (entries[i] as readonly [Val, Val])[0]) >= 0)
      throw new HostError('Object', 'InvalidInput', 'map keys not sorted and unique');
  return add(context, { kind: 'Map', value: entries });
}

/**
 * host.rs `map_unpack_to_slice`: a map's values, its keys checked to spell `names` in order (the
 * keys and the values each scanned once).
 */
export function mapUnpackToSlice(context: CallContext, map: Val, names: readonly string[]): Val[] {
  const entries = visit(context, map, 'Map').value;
  if (entries.length !== names.length) throw sizeMismatch('differing host map and output slice lengths');
  chargeCopy(context, entries.length, ENTRY_SIZE);
  for (const [i, name] of names.entries())
    checkSymbolMatches(context, Buffer.from(name, 'utf8'), (entries[i] as readonly [Val, Val])[0]);
  chargeCopy(context, names.length, VAL_SIZE);
  chargeCopy(context, entries.length, ENTRY_SIZE);
  return entries.map(([, value]) => value);
}

/**
 * host.rs `symbol_index_in_strs`: the index of the first of `strs` the symbol spells; every one is
 * compared (and charged), found or not.
 */
export function symbolIndexInStrs(context: CallContext, symbol: Val, strs: readonly string[]): Val {
  let found: number | undefined;
  strs.forEach((text, i) => {
    if (symbolMatches(context, Buffer.from(text, 'latin1'), symbol) && found === undefined) found = i;
  });
  if (found === undefined) throw new HostError('Value', 'InvalidInput', 'symbol not found in slice of strs');
  return fromU32(found);
}

/** The slice functions as the host's traced calls of itself (a slice printed by its length). */
export const traced = {
  bytes(context: CallContext, bytes: Uint8Array): Val {
    return context.host.envCall('bytes_new_from_slice', [BigInt(bytes.length)], () =>
      bytesNewFromSlice(context, bytes),
    );
  },
  /** `Symbol::try_from_val` of an ScSymbol from XDR (a function's name): its bytes as the text. */
  scSymbol(context: CallContext, name: { readonly bytes: Uint8Array }): Val {
    return traced.symbol(context, Buffer.from(name.bytes).toString('latin1'));
  },
  symbol(context: CallContext, text: string): Val {
    const small = smallSymbol(text);
    if (small !== undefined) return small;
    const bytes = Buffer.from(text, 'latin1');
    return context.host.envCall('symbol_new_from_slice', [BigInt(bytes.length)], () =>
      symbolNewFromSlice(context, bytes),
    );
  },
  /** `symbol_index_in_strs`, printed with the number of strs. */
  indexInStrs(context: CallContext, symbol: Val, strs: readonly string[]): Val {
    return context.host.envCall('symbol_index_in_strs', [symbol, BigInt(strs.length)], () =>
      symbolIndexInStrs(context, symbol, strs),
    );
  },
  vec(context: CallContext, items: readonly Val[]): Val {
    return context.host.envCall('vec_new_from_slice', [BigInt(items.length)], () =>
      vecNewFromSlice(context, items),
    );
  },
  /** A `#[contracttype]` struct's fields by their sorted names (printed with the number of keys). */
  unpackMap(context: CallContext, map: Val, names: readonly string[]): Val[] {
    let values: Val[] = [];
    context.host.envCall('map_unpack_to_slice', [map, BigInt(names.length)], () => {
      values = mapUnpackToSlice(context, map, names);
      return VOID;
    });
    return values;
  },
  /** A `#[contracttype]` struct: its field names in sorted order, and their values. */
  map(context: CallContext, names: readonly string[], values: readonly Val[]): Val {
    return context.host.envCall('map_new_from_slices', [BigInt(names.length)], () =>
      mapNewFromSlices(context, names, values, (bytes) =>
        traced.symbol(context, Buffer.from(bytes).toString('latin1')),
      ),
    );
  },
};
