/** What host functions share: reaching objects, adding them, and a calling VM's memory. */
import { HostError } from '../../errors/host-error.js';
import { checkVal, fromU32, fromWasm, type Val } from '../../values/val.js';
import type { HostObject, ObjectKind, ObjectOf } from '../objects.js';
import type { CallContext, VmFrame } from './types.js';

/** The object a Val names, charged as the host charges a visit. */
export function visit<K extends ObjectKind>(context: CallContext, val: Val, kind: K): ObjectOf<K> {
  context.host.meter.charge('VisitObject');
  return context.host.objects.expect(val, kind);
}

export function add(context: CallContext, object: HostObject): Val {
  return context.host.objects.add(object);
}

/** A length or index as a U32Val, or the host's overflow error. */
export function u32Val(value: number): Val {
  if (!Number.isSafeInteger(value) || value < 0 || value > 0xffff_ffff)
    throw new HostError('Value', 'ArithDomain', 'provided usize does not fit in u32');
  return fromU32(value);
}

export function callingVm(context: CallContext): VmFrame {
  if (!context.vm) throw new HostError('Context', 'InternalError', 'linear memory access outside a VM');
  return context.vm;
}

/** `len` Vals read from linear memory at `pos` (8 bytes each, little-endian), made absolute and checked. */
export function readVals(context: CallContext, pos: number, len: number): Val[] {
  const vm = callingVm(context);
  context.host.meter.charge('MemCpy', BigInt(len) * 8n);
  const bytes = vm.memory.read(pos, len * 8);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vals: Val[] = [];
  for (let i = 0; i < len; i++) vals.push(checkVal(vm.objects.toAbsolute(fromWasm(view.getBigUint64(i * 8, true)))));
  return vals;
}

/** Writes Vals to linear memory at `pos`, made relative to the calling frame. */
export function writeVals(context: CallContext, pos: number, vals: readonly Val[]): void {
  const vm = callingVm(context);
  context.host.meter.charge('MemCpy', BigInt(vals.length) * 8n);
  const bytes = new Uint8Array(vals.length * 8);
  const view = new DataView(bytes.buffer);
  vals.forEach((val, i) => view.setBigUint64(i * 8, vm.objects.toRelative(val), true));
  vm.memory.write(pos, bytes);
}

export const outOfBounds = (detail = 'index out of bounds'): HostError => new HostError('Object', 'IndexBounds', detail);

/** The bytes of a Bytes, String or Symbol object (the three share one shape in the object table). */
export function visitBytes(context: CallContext, val: Val, kind: 'Bytes' | 'String' | 'Symbol'): Uint8Array {
  const object: { readonly value: Uint8Array } = visit(context, val, kind);
  return object.value;
}
