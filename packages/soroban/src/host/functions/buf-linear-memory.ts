/**
 * The `buf` functions that reach a calling VM's linear memory (`host.rs` *_linear_memory,
 * `host/mem_helper.rs` memobj_*): the VM frame is required before anything else is looked at.
 */
import { HostError } from '../../errors/host-error.js';
import { checkSymbolBytes } from '../../values/symbol.js';
import { u32Of, type Val, VOID } from '../../values/val.js';
import { add, callingVm, u32Val, visitBytes } from './access.js';
import { BYTE_SIZE, chargeNewVec } from './charges.js';
import { addU32, charge, readBytes, scanSlices, writeBytes } from './linear-memory.js';
import { symbolMatches } from './symbol-slices.js';
import type { CallContext, HostModule } from './types.js';

type MemoryKind = 'Bytes' | 'String' | 'Symbol';

/** `memobj_copy_to_linear_memory`: `len` bytes of the object from `objPos` to `lmPos`. */
function copyOut(context: CallContext, kind: MemoryKind, obj: Val, objPos: Val, lmPos: Val, len: Val): Val {
  callingVm(context);
  const bytes = visitBytes(context, obj, kind);
  const end = addU32(u32Of(objPos), u32Of(len));
  if (end > bytes.length)
    throw new HostError('Object', 'IndexBounds', 'out-of-bounds read from memory-like host object');
  writeBytes(context, u32Of(lmPos), bytes.subarray(u32Of(objPos), end));
  return VOID;
}

/** Checks the bytes of a new object of this kind (only a Symbol's are checked). */
function checked(kind: MemoryKind, bytes: Uint8Array): Uint8Array {
  if (kind === 'Symbol') checkSymbolBytes(bytes);
  return bytes;
}

/** `memobj_new_from_linear_memory`: the allocation is charged, then the copy, then the read. */
function newFromMemory(context: CallContext, kind: MemoryKind, lmPos: Val, len: Val): Val {
  callingVm(context);
  charge(context, 'MemAlloc', u32Of(len));
  const bytes = Uint8Array.from(readBytes(context, u32Of(lmPos), u32Of(len)));
  return add(context, { kind, value: checked(kind, bytes) });
}

export const bufLinearMemory: HostModule = {
  bytes_copy_to_linear_memory: (context, b, bPos, lmPos, len) =>
    copyOut(context, 'Bytes', b, bPos, lmPos, len),
  string_copy_to_linear_memory: (context, s, sPos, lmPos, len) =>
    copyOut(context, 'String', s, sPos, lmPos, len),
  symbol_copy_to_linear_memory: (context, s, sPos, lmPos, len) =>
    copyOut(context, 'Symbol', s, sPos, lmPos, len),
  /** A copy of the bytes with `len` bytes from `lmPos` written at `bPos`, grown with zeros as needed. */
  bytes_copy_from_linear_memory(context, b, bPos, lmPos, len) {
    callingVm(context);
    const source = visitBytes(context, b, 'Bytes');
    chargeNewVec(context, source.length, BYTE_SIZE);
    const end = addU32(u32Of(bPos), u32Of(len));
    if (source.length < end) charge(context, 'MemAlloc', end - source.length);
    const out = new Uint8Array(Math.max(source.length, end));
    out.set(source);
    out.set(readBytes(context, u32Of(lmPos), u32Of(len)), u32Of(bPos));
    return add(context, { kind: 'Bytes', value: out });
  },
  bytes_new_from_linear_memory: (context, lmPos, len) => newFromMemory(context, 'Bytes', lmPos, len),
  string_new_from_linear_memory: (context, lmPos, len) => newFromMemory(context, 'String', lmPos, len),
  symbol_new_from_linear_memory: (context, lmPos, len) => newFromMemory(context, 'Symbol', lmPos, len),
  /** The index of the first (ptr, len) slice at `lmPos` that spells the symbol; every slice is compared. */
  symbol_index_in_linear_memory(context, sym, lmPos, len) {
    callingVm(context);
    let found: number | undefined;
    scanSlices(context, u32Of(lmPos), u32Of(len), (i, slice) => {
      if (symbolMatches(context, slice, sym) && found === undefined) found = i;
    });
    if (found === undefined)
      throw new HostError('Value', 'MissingValue', 'symbol not found in linear memory slices');
    return u32Val(found);
  },
};
