/**
 * Reading the built-in contract types auth takes from contracts (`#[contracttype]` in
 * `builtin_contracts/`): a struct is a map keyed by its field names in order, an enum a vector of
 * its case's symbol and its values. A Val of another shape is a conversion error.
 */
import { HostError } from '../../errors/host-error.js';
import { isObject, type Val } from '../../values/val.js';
import type { Host } from '../host.js';
import type { HostObject } from '../objects.js';

export const conversionError = (detail: string): HostError => new HostError('Value', 'UnexpectedType', detail);

function objectOf(host: Host, val: Val): HostObject {
  if (!isObject(val)) throw conversionError('expected an object');
  host.budget.charge('VisitObject');
  return host.objects.get(val);
}

/** The values of a struct's fields, given its field names in the host's (sorted) order. */
export function structFields(host: Host, val: Val, names: readonly string[]): Val[] {
  const object = objectOf(host, val);
  if (object.kind !== 'Map' || object.value.length !== names.length) throw conversionError('not the expected struct');
  return object.value.map(([key, value], i) => {
    if (symbolText(host, key) !== names[i]) throw conversionError('struct field name mismatch');
    return value;
  });
}

/** An enum value's case name and the values it carries. */
export function enumCase(host: Host, val: Val): { name: string; values: Val[] } {
  const object = objectOf(host, val);
  if (object.kind !== 'Vec' || object.value.length === 0) throw conversionError('not an enum value');
  const [tag, ...values] = object.value as [Val, ...Val[]];
  return { name: symbolText(host, tag), values };
}

export function vecItems(host: Host, val: Val): readonly Val[] {
  const object = objectOf(host, val);
  if (object.kind !== 'Vec') throw conversionError('expected a vector');
  return object.value;
}

/** A `BytesN<N>`: a Bytes object of exactly N bytes. */
export function fixedBytes(host: Host, val: Val, length: number): Uint8Array {
  const object = objectOf(host, val);
  if (object.kind !== 'Bytes' || object.value.length !== length) throw conversionError(`expected BytesN<${length}>`);
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
