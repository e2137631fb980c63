/**
 * Reading the built-in contract types auth takes from contracts (`#[contracttype]` in
 * `builtin_contracts/`): a struct is a map keyed by its field names in order, an enum a vector of
 * its case's symbol and its values. A Val of another shape is a conversion error.
 */
import { HostError } from '../../errors/host-error.js';
import { isObject, type Val } from '../../values/val.js';
import type { Host } from '../host.js';
import type { HostObject } from '../objects.js';

export const conversionError = (detail: string): HostError =>
  new HostError('Value', 'UnexpectedType', detail);

function objectOf(host: Host, val: Val): HostObject {
  if (!isObject(val)) throw conversionError('expected an object');
  host.budget.charge('VisitObject');
  return host.objects.get(val);
}

/**
 * The values of a struct's fields, given its field names in the host's (sorted) order, with the
 * errors of `map_unpack_to_slice`.
 */
export function structFields(host: Host, val: Val, names: readonly string[]): Val[] {
  const object = objectOf(host, val);
  if (object.kind !== 'Map') throw conversionError('not a struct');
  if (object.value.length !== names.length)
    throw new HostError('Object', 'UnexpectedSize', 'differing host map and output slice lengths');
  return object.value.map(([key, value], i) => {
    if (symbolText(host, key) !== names[i]) throw new HostError('Value', 'InvalidInput', 'symbol mismatch');
    return value;
  });
}

/** An enum value's case name (one of `cases`, else `symbol_index_in_strs`'s error) and its values. */
export function enumCase(host: Host, val: Val, cases: readonly string[]): { name: string; values: Val[] } {
  const object = objectOf(host, val);
  if (object.kind !== 'Vec') throw conversionError('not an enum value');
  const [tag, ...values] = object.value;
  if (tag === undefined) throw new HostError('Object', 'IndexBounds', 'index out of bounds');
  const name = symbolText(host, tag);
  if (!cases.includes(name))
    throw new HostError('Value', 'InvalidInput', 'symbol not found in slice of strs');
  return { name, values };
}

export function vecItems(host: Host, val: Val): readonly Val[] {
  const object = objectOf(host, val);
  if (object.kind !== 'Vec') throw conversionError('expected a vector');
  return object.value;
}

/** A `BytesN<N>`: a Bytes object of exactly N bytes. */
export function fixedBytes(host: Host, val: Val, length: number): Uint8Array {
  const object = objectOf(host, val);
  if (object.kind !== 'Bytes' || object.value.length !== length)
    throw conversionError(`expected BytesN<${length}>`);
  return object.value;
}

export function addressOf(host: Host, val: Val): Val {
  if (objectOf(host, val).kind !== 'Address') throw conversionError('expected an address');
  return val;
}

function symbolText(host: Host, val: Val): string {
  const scval = host.converter.toScVal(val);
  if (scval.type !== 'scvSymbol') throw conversionError('expected a symbol');
  return scval.sym.toString();
}
