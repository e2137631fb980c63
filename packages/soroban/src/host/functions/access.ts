/** What host functions share: reaching objects, adding them, and a calling VM's memory. */
import { HostError } from '../../errors/host-error.js';
import { DECLARED_SIZE } from '../../storage/index.js';
import { fromU32, type Val } from '../../values/val.js';
import type { Host } from '../host.js';
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
  if (!context.vm) throw new HostError('WasmVm', 'InternalError', 'linear memory access outside a VM');
  return context.vm;
}

export const outOfBounds = (detail = 'object index out of bounds'): HostError =>
  new HostError('Object', 'IndexBounds', detail);

/** The bytes of a Bytes, String or Symbol object (the three share one shape in the object table). */
export function visitBytes(context: CallContext, val: Val, kind: 'Bytes' | 'String' | 'Symbol'): Uint8Array {
  const object: { readonly value: Uint8Array } = visit(context, val, kind);
  return object.value;
}

/** The whole host, for the modules that reach storage, frames and the ledger. */
export function contractHost(context: CallContext): Host {
  const host = context.host as Partial<Host>;
  if (!host.frames || !host.storage) throw new HostError('Context', 'InternalError', 'no contract host here');
  return context.host as Host;
}

/**
 * `contract_id_from_address` (data_helper.rs): the address visited and cloned (metered), then its
 * contract id, or the host's error for an account address.
 */
export function contractIdFromAddress(context: CallContext, address: Val): Uint8Array {
  const value = visit(context, address, 'Address').value;
  context.host.meter.charge('MemCpy', DECLARED_SIZE.scAddress);
  if (value.type !== 'scAddressTypeContract')
    throw new HostError('Object', 'InvalidInput', 'not a contract address');
  return Uint8Array.from(value.contractId.value);
}
