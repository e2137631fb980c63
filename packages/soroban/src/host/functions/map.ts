/**
 * The `map` env module (`host.rs`, map_*; `host/metered_map.rs`): maps are immutable vectors of
 * (key, value) sorted by key in the host's order with unique keys; every change makes a new one,
 * charged as the host's metered map charges it.
 */
import { HostError } from '../../errors/host-error.js';
import { Tag } from '../../values/tags.js';
import { fromBool, tagOf, u32Of, type Val, VOID } from '../../values/val.js';
import { add, callingVm, u32Val, visit } from './access.js';
import { chargeCopy, chargeNewVec, ENTRY_SIZE, VAL_SIZE } from './charges.js';
import { readCheckedVals, scanSlices, writeRelativeVals } from './linear-memory.js';
import { sparseMap } from './map-sparse.js';
import { checkSymbolMatches, symbolKeysFromLinearMemory } from './symbol-slices.js';
import type { CallContext, HostModule } from './types.js';

export type Entry = readonly [Val, Val];

const U32_MAX = 0xffff_ffff;
const mapOutOfBounds = (): HostError => new HostError('Object', 'IndexBounds', 'map index out of bounds');
const entries = (context: CallContext, m: Val): readonly Entry[] => visit(context, m, 'Map').value;

/** The number of bits in `n`: how many halvings a binary search over `n` entries may take. */
const bitLength = (n: number): number => 32 - Math.clz32(n);

/**
 * `MeteredOrdMap::find`: a binary search charged up front for its worst case, probing as Rust's
 * slice binary search did before 1.82 (which decides how many comparisons are charged).
 */
export function find(
  context: CallContext,
  map: readonly Entry[],
  key: Val,
): { found: boolean; index: number } {
  chargeCopy(context, bitLength(map.length) + 1, ENTRY_SIZE);
  const { compare } = context.host.comparator;
  let size = map.length;
  let left = 0;
  let right = size;
  while (left < right) {
    const mid = left + Math.floor(size / 2);
    const order = compare((map[mid] as Entry)[0], key);
    if (order === 0) return { found: true, index: mid };
    if (order < 0) left = mid + 1;
    else right = mid;
    size = right - left;
  }
  return { found: false, index: left };
}

/** `MeteredOrdMap::from_exact_iter`: the entries copied, scanned, and checked sorted and unique. */
export function checkedEntries(context: CallContext, pairs: Entry[]): Entry[] {
  if (pairs.length > U32_MAX) throw mapOutOfBounds();
  chargeNewVec(context, pairs.length, ENTRY_SIZE);
  chargeCopy(context, pairs.length, ENTRY_SIZE);
  const { compare } = context.host.comparator;
  for (let i = 1; i < pairs.length; i++)
    if (compare((pairs[i - 1] as Entry)[0], (pairs[i] as Entry)[0]) >= 0)
      throw new HostError('Object', 'InvalidInput', 'map keys not sorted and unique');
  return pairs;
}

const addMap = (context: CallContext, pairs: Entry[]): Val => add(context, { kind: 'Map', value: pairs });

/** `HostVec::from_exact_iter` over one side of the entries, after the map's scan is charged. */
function sideAsVec(context: CallContext, m: Val, side: 0 | 1): Val {
  const map = entries(context, m);
  chargeCopy(context, map.length, ENTRY_SIZE);
  chargeNewVec(context, map.length, VAL_SIZE);
  return add(context, { kind: 'Vec', value: map.map((entry) => entry[side]) });
}

/** `get_at_index`: one entry's access is charged before the bounds check. */
function entryAt(context: CallContext, map: readonly Entry[], index: number): Entry {
  chargeCopy(context, 1, ENTRY_SIZE);
  const entry = map[index];
  if (!entry) throw mapOutOfBounds();
  return entry;
}

const isSymbol = (val: Val): boolean => tagOf(val) === Tag.SymbolSmall || tagOf(val) === Tag.SymbolObject;

export const map: HostModule = {
  map_new: (context) => addMap(context, []),
  map_put(context, m, k, v) {
    const map = entries(context, m);
    chargeCopy(context, 1, ENTRY_SIZE);
    const { found, index } = find(context, map, k);
    if (!found && map.length === U32_MAX) throw mapOutOfBounds();
    const pairs = [...map.slice(0, index), [k, v] as const, ...map.slice(found ? index + 1 : index)];
    return addMap(context, checkedEntries(context, pairs));
  },
  map_get(context, m, k) {
    const map = entries(context, m);
    const { found, index } = find(context, map, k);
    if (!found) throw new HostError('Object', 'MissingValue', 'map key not found in map_get');
    chargeCopy(context, 1, ENTRY_SIZE);
    return (map[index] as Entry)[1];
  },
  map_del(context, m, k) {
    const map = entries(context, m);
    const { found, index } = find(context, map, k);
    if (!found) throw new HostError('Object', 'MissingValue', 'map key not found in map_del');
    const pairs = checkedEntries(context, [...map.slice(0, index), ...map.slice(index + 1)]);
    // The removed value is cloned out too, though the module drops it.
    chargeCopy(context, 1, VAL_SIZE);
    return addMap(context, pairs);
  },
  map_len: (context, m) => u32Val(entries(context, m).length),
  map_has(context, m, k) {
    return fromBool(find(context, entries(context, m), k).found);
  },
  map_key_by_pos: (context, m, i) => entryAt(context, entries(context, m), u32Of(i))[0],
  map_val_by_pos: (context, m, i) => entryAt(context, entries(context, m), u32Of(i))[1],
  map_keys: (context, m) => sideAsVec(context, m, 0),
  map_values: (context, m) => sideAsVec(context, m, 1),
  /** Keys are (ptr, len) slices of symbol text at `keys_pos`; values are Vals at `vals_pos`. */
  map_new_from_linear_memory(context, keysPos, valsPos, len) {
    const keys = symbolKeysFromLinearMemory(context, keysPos, len);
    const count = keys.length;
    chargeNewVec(context, count, VAL_SIZE);
    chargeCopy(context, count, VAL_SIZE);
    const vals = readCheckedVals(context, u32Of(valsPos), count);
    const pairs = keys.map((key, i) => [key, vals[i] as Val] as const);
    return addMap(context, checkedEntries(context, pairs));
  },
  /** Checks the map's keys against the symbol slices at `keys_pos`, then writes its values. */
  map_unpack_to_linear_memory(context, m, keysPos, valsPos, len) {
    callingVm(context);
    const map = entries(context, m);
    const count = u32Of(len);
    if (map.length !== count)
      throw new HostError('Object', 'UnexpectedSize', 'differing host map and output slice lengths');
    scanSlices(context, u32Of(keysPos), count, (n, slice) => {
      const [key] = entryAt(context, map, n);
      if (!isSymbol(key)) throw new HostError('Value', 'UnexpectedType', 'map key is not a symbol');
      checkSymbolMatches(context, slice, key);
    });
    chargeCopy(context, count, VAL_SIZE);
    writeRelativeVals(
      context,
      u32Of(valsPos),
      map.map((entry) => entry[1]),
    );
    return VOID;
  },
  ...sparseMap,
};
