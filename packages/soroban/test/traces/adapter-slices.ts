/**
 * The host functions a Rust test calls with native slices (`impl EnvBase for Host` in host.rs):
 * `bytes_new_from_slice`, `vec_unpack_to_slice`, `map_new_from_slices` and the rest. A contract
 * cannot call them, so our host has no module entry for them; the adapter runs them here with the
 * host's own (`src/host/native-slices.ts`). Unlike the env functions, their arguments and
 * results are not integrity-checked.
 */
import { HostError } from '../../src/errors/host-error.js';
import { visit } from '../../src/host/functions/access.js';
import { chargeCopy, VAL_SIZE } from '../../src/host/functions/charges.js';
import { memObjCopyToSlice } from '../../src/host/functions/symbol-slices.js';
import type { CallContext } from '../../src/host/functions/types.js';
import {
  bytesNewFromSlice,
  mapNewFromSlices,
  mapUnpackToSlice,
  stringNewFromSlice,
  symbolIndexInStrs,
  symbolNewFromSlice,
  vecNewFromSlice,
} from '../../src/host/native-slices.js';
import type { ValueType } from '../../src/interface/index.js';
import { u32Of, type Val, VOID } from '../../src/values/val.js';

/** An argument of a slice function: bytes, Vals, key names, an output length, or a Val. */
export type SliceArg = Uint8Array | Val[] | string[] | number | Val;

/** What a slice function returns: a Val, or `()` for the copies into a native slice. */
export type SliceResult = Val | 'unit';

export interface SliceEnv {
  context: CallContext;
  /** `symbol_new_from_slice` as a traced call of its own (what `Symbol::try_from_val` makes for a long key). */
  newSymbol(bytes: Uint8Array): Val;
}

type SliceFunction = (env: SliceEnv, ...args: SliceArg[]) => SliceResult;

const sizeMismatch = (detail: string) => new HostError('Object', 'UnexpectedSize', detail);

/** `memobj_copy_to_slice`, into a native slice the test holds. */
function copyOut(
  context: CallContext,
  kind: 'Bytes' | 'String' | 'Symbol',
  obj: Val,
  pos: Val,
  length: number,
) {
  memObjCopyToSlice(context, kind, obj, u32Of(pos), length);
  return 'unit' as const;
}

/**
 * The native-slice functions the host calls of itself through its env (`SymbolStr::try_from_val`,
 * the values it builds for `__check_auth`, `Symbol::try_from_val` of a long name):
 * how their arguments print (a slice by its length) and their `()` result.
 */
export const ENV_SLICE_CALLS: Record<string, { args: ValueType[]; returnsUnit: boolean }> = {
  symbol_copy_to_slice: { args: ['Val', 'Val', 'u64'], returnsUnit: true },
  bytes_new_from_slice: { args: ['u64'], returnsUnit: false },
  symbol_new_from_slice: { args: ['u64'], returnsUnit: false },
  vec_new_from_slice: { args: ['u64'], returnsUnit: false },
  map_new_from_slices: { args: ['u64'], returnsUnit: false },
  symbol_index_in_strs: { args: ['Val', 'u64'], returnsUnit: false },
  string_new_from_slice: { args: ['u64'], returnsUnit: false },
  string_copy_to_slice: { args: ['Val', 'Val', 'u64'], returnsUnit: true },
  bytes_copy_to_slice: { args: ['Val', 'Val', 'u64'], returnsUnit: true },
  map_unpack_to_slice: { args: ['Val', 'u64'], returnsUnit: false },
};

export const SLICE_FUNCTIONS: Readonly<Record<string, SliceFunction>> = {
  bytes_new_from_slice: ({ context }, bytes) => bytesNewFromSlice(context, bytes as Uint8Array),
  string_new_from_slice: ({ context }, bytes) => stringNewFromSlice(context, bytes as Uint8Array),
  symbol_new_from_slice: ({ context }, bytes) => symbolNewFromSlice(context, bytes as Uint8Array),
  bytes_copy_to_slice: ({ context }, obj, pos, length) =>
    copyOut(context, 'Bytes', obj as Val, pos as Val, length as number),
  string_copy_to_slice: ({ context }, obj, pos, length) =>
    copyOut(context, 'String', obj as Val, pos as Val, length as number),
  symbol_copy_to_slice: ({ context }, obj, pos, length) =>
    copyOut(context, 'Symbol', obj as Val, pos as Val, length as number),
  vec_new_from_slice: ({ context }, vals) => vecNewFromSlice(context, vals as Val[]),
  vec_unpack_to_slice({ context }, vec, length) {
    const items = visit(context, vec as Val, 'Vec').value;
    if (items.length !== length) throw sizeMismatch('differing host vector and output vector lengths');
    chargeCopy(context, items.length, VAL_SIZE);
    return VOID;
  },
  map_new_from_slices: (env, keys, vals) =>
    mapNewFromSlices(env.context, keys as string[], vals as Val[], env.newSymbol),
  symbol_index_in_strs: ({ context }, symbol, strs) =>
    symbolIndexInStrs(context, symbol as Val, strs as string[]),
  map_unpack_to_slice({ context }, map, keys, length) {
    const names = keys as string[];
    if (names.length !== length) throw sizeMismatch('differing key and value slice lengths');
    mapUnpackToSlice(context, map as Val, names);
    return VOID;
  },
};
