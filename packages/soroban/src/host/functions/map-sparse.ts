/**
 * The protocol-28 "sparse" map functions of CAP-86 (`host/data_helper.rs`,
 * map_new_from_linear_memory_impl and map_unpack_to_linear_memory_impl with `sparse`): a map made
 * from symbol slices and Vals leaves out the Void values, and unpacking writes Void for each
 * queried key the map lacks. Keys must be strictly ascending in both, Void-valued ones included.
 */
import { HostError } from '../../errors/host-error.js';
import { Tag } from '../../values/tags.js';
import { tagOf, u32Of, type Val, VOID } from '../../values/val.js';
import { compareBytes } from '../compare.js';
import { add, callingVm, visit } from './access.js';
import { chargeCopy, chargeNewVec, ENTRY_SIZE, VAL_SIZE } from './charges.js';
import { charge, checkIntegrity, readVals, sliceAt, writeRelativeVals } from './linear-memory.js';
import { symbolKeysFromLinearMemory, symbolOrdering } from './symbol-slices.js';
import type { CallContext, HostModule } from './types.js';

const notAscending = (detail: string): HostError => new HostError('Object', 'InvalidInput', detail);

/** `map_new_from_slices_impl` with `sparse`: keys strictly ascending, Void values left out. */
function sparseMapFromSlices(context: CallContext, keys: readonly Val[], vals: readonly Val[]): Val {
  chargeNewVec(context, keys.length, ENTRY_SIZE);
  const { compare } = context.host.comparator;
  const pairs: (readonly [Val, Val])[] = [];
  keys.forEach((key, i) => {
    if (i > 0 && compare(keys[i - 1] as Val, key) >= 0)
      throw notAscending('keys not in ascending order when creating map from slices');
    const val = vals[i] as Val;
    checkIntegrity(context, val);
    if (val !== VOID) pairs.push([key, val]);
  });
  // `HostMap::from_map_with_host`: the scan of the kept entries (already known to be sorted).
  chargeCopy(context, pairs.length, ENTRY_SIZE);
  return add(context, { kind: 'Map', value: pairs });
}

/** The symbol a map key must be (`Symbol::try_from_val`). */
function symbolKey(key: Val): Val {
  if (tagOf(key) !== Tag.SymbolSmall && tagOf(key) !== Tag.SymbolObject)
    throw new HostError('Value', 'UnexpectedType', 'map key is not a symbol');
  return key;
}

/**
 * `map_unpack_impl` with `sparse`: one pass over the map and the ascending queried keys at once,
 * each key's value or Void; every map key must be a symbol, even those past the last query.
 */
function sparseUnpack(context: CallContext, m: Val, keysPos: number, count: number): Val[] {
  const entries = visit(context, m, 'Map').value;
  chargeCopy(context, count, VAL_SIZE);
  chargeCopy(context, entries.length, ENTRY_SIZE);
  const out: Val[] = [];
  let at = 0;
  let previous: Uint8Array | undefined;
  for (let i = 0; i < count; i++) {
    const query = sliceAt(context, keysPos, i);
    if (previous && compareBytes(context.host.meter, previous, query) >= 0)
      throw notAscending('keys are not in ascending order when unpacking map');
    previous = query;
    let value: Val = VOID;
    while (at < entries.length) {
      const [key, val] = entries[at] as readonly [Val, Val];
      const order = symbolOrdering(context, symbolKey(key), query);
      if (order > 0) break;
      at++;
      if (order === 0) {
        value = val;
        break;
      }
    }
    out.push(value);
  }
  for (; at < entries.length; at++) symbolKey((entries[at] as readonly [Val, Val])[0]);
  return out;
}

export const sparseMap: HostModule = {
  sparse_map_new_from_linear_memory(context, keysPos, valsPos, len) {
    const keys = symbolKeysFromLinearMemory(context, keysPos, len);
    const count = keys.length;
    chargeNewVec(context, count, VAL_SIZE);
    // Charged twice over: the bytes read into Vals, and each made absolute.
    charge(context, 'MemCpy', count * 2 * VAL_SIZE);
    const vals = readVals(context, u32Of(valsPos), count);
    return sparseMapFromSlices(context, keys, vals);
  },
  sparse_map_unpack_to_linear_memory(context, m, keysPos, valsPos, len) {
    callingVm(context);
    const count = u32Of(len);
    chargeNewVec(context, count, VAL_SIZE);
    // The (ptr, len) table scanned, one u64 per key.
    chargeCopy(context, count, 8);
    const vals = sparseUnpack(context, m, u32Of(keysPos), count);
    writeRelativeVals(context, u32Of(valsPos), vals);
    return VOID;
  },
};
