/**
 * Guest linear memory as the host's own helpers reach it (`host/mem_helper.rs`): bytes, Vals and
 * (ptr, len) slice tables, with the host's overflow and bounds errors, in its order of checks and
 * charges. The `map` and `buf` modules share these.
 */
import { HostError } from '../../errors/host-error.js';
import { checkVal, fromWasm, isObject, toWasm, type Val } from '../../values/val.js';
import { callingVm } from './access.js';
import type { CallContext } from './types.js';

const U32_MAX = 0xffff_ffff;
/** The size a Val takes in linear memory, and a (ptr: u32, len: u32) slice reference. */
const VAL_BYTES = 8;
const SLICE_REF_BYTES = 8;

export const arithOverflow = (): HostError => new HostError('Value', 'ArithDomain', 'arithmetic overflow');
export const outOfLinearMemory = (): HostError =>
  new HostError('WasmVm', 'IndexBounds', 'out-of-bounds access to WASM linear memory');

/** `a + b` as the host's checked u32 addition. */
export function addU32(a: number, b: number): number {
  const sum = a + b;
  if (sum > U32_MAX) throw arithOverflow();
  return sum;
}

export const charge = (context: CallContext, costType: string, input: number | bigint): void =>
  context.host.meter.charge(costType, BigInt(input));

/** `metered_vm_read_bytes_from_linear_memory`: charged first, then read. */
export function readBytes(context: CallContext, pos: number, length: number): Uint8Array {
  const vm = callingVm(context);
  charge(context, 'MemCpy', length);
  return vm.memory.read(pos, length);
}

/** `metered_vm_write_bytes_to_linear_memory`: charged first, then written. */
export function writeBytes(context: CallContext, pos: number, bytes: Uint8Array): void {
  const vm = callingVm(context);
  charge(context, 'MemCpy', bytes.length);
  vm.memory.write(pos, bytes);
}

/** The byte range `len` Vals take from `pos`, with the host's overflow checks. */
function valRange(pos: number, len: number): number {
  const byteLength = len * VAL_BYTES;
  if (byteLength > U32_MAX) throw arithOverflow();
  addU32(pos, byteLength);
  return byteLength;
}

/** `metered_vm_read_vals_from_linear_memory` with relative-to-absolute conversion. */
export function readVals(context: CallContext, pos: number, len: number): Val[] {
  const vm = callingVm(context);
  const byteLength = valRange(pos, len);
  const bytes = vm.memory.read(pos, byteLength);
  charge(context, 'MemCpy', byteLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vals: Val[] = [];
  for (let i = 0; i < len; i++)
    vals.push(vm.objects.toAbsolute(fromWasm(view.getBigUint64(i * VAL_BYTES, true))));
  return vals;
}

/**
 * `readVals`, then `check_val_integrity` over all of them (an object must name a live object: a
 * visit each).
 */
export function readCheckedVals(context: CallContext, pos: number, len: number): Val[] {
  const vals = readVals(context, pos, len);
  for (const val of vals) checkIntegrity(context, val);
  return vals;
}

/** `check_val_integrity`: a well-formed Val, and an object that exists with its tag. */
export function checkIntegrity(context: CallContext, val: Val): void {
  checkVal(val);
  if (!isObject(val)) return;
  context.host.meter.charge('VisitObject');
  try {
    context.host.objects.get(val);
  } catch (error) {
    if (error instanceof HostError && error.is('Object', 'InternalError'))
      throw new HostError('Value', 'InvalidInput', 'mis-tagged object reference');
    throw error;
  }
}

/**
 * `metered_vm_write_vals_to_linear_memory` of absolute Vals made relative to the calling frame
 * (each object pushed into the frame's table is a charged allocation of one 8-byte reference).
 */
export function writeRelativeVals(context: CallContext, pos: number, vals: readonly Val[]): void {
  const vm = callingVm(context);
  const byteLength = valRange(pos, vals.length);
  // Bounds are checked before anything is charged or converted.
  vm.memory.read(pos, byteLength);
  charge(context, 'MemCpy', byteLength);
  const bytes = new Uint8Array(byteLength);
  const view = new DataView(bytes.buffer);
  vals.forEach((val, i) => {
    view.setBigInt64(i * VAL_BYTES, toWasm(vm.objects.toRelative(val, context.host.meter)), true);
  });
  vm.memory.write(pos, bytes);
}

/**
 * `metered_vm_scan_slices_in_linear_memory`: `count` (ptr, len) pairs from `pos`, each followed
 * to the bytes it names; the table's copy is charged up front, the slices' content is not.
 */
export function scanSlices(
  context: CallContext,
  pos: number,
  count: number,
  each: (index: number, slice: Uint8Array) => void,
): void {
  const vm = callingVm(context);
  charge(context, 'MemCpy', count * SLICE_REF_BYTES);
  let at = pos;
  for (let i = 0; i < count; i++) {
    const next = addU32(at, SLICE_REF_BYTES);
    const ref = vm.memory.read(at, SLICE_REF_BYTES);
    at = next;
    const view = new DataView(ref.buffer, ref.byteOffset, ref.byteLength);
    const slicePos = view.getUint32(0, true);
    const sliceLen = view.getUint32(4, true);
    addU32(slicePos, sliceLen);
    each(i, vm.memory.read(slicePos, sliceLen));
  }
}

/**
 * `scan_linear_memory_slice` (protocol 28's mem_helper.rs): the bytes the `index`th (ptr, len)
 * pair at `pos` names, read on demand. The pair's position is computed in 64 bits, so only the
 * slice's own end can overflow; anything past memory is an out-of-bounds access.
 */
export function sliceAt(context: CallContext, pos: number, index: number): Uint8Array {
  const vm = callingVm(context);
  const ref = vm.memory.read(pos + index * SLICE_REF_BYTES, SLICE_REF_BYTES);
  const view = new DataView(ref.buffer, ref.byteOffset, ref.byteLength);
  const slicePos = view.getUint32(0, true);
  const sliceLen = view.getUint32(4, true);
  addU32(slicePos, sliceLen);
  return vm.memory.read(slicePos, sliceLen);
}
