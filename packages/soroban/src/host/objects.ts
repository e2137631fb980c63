/**
 * Host objects (`soroban-env-host/src/host_object.rs`): what an object Val's handle names. The
 * host's table holds them by absolute handle; a VM frame sees them through its own relative table,
 * so a contract can only name objects that were passed to it or that it made.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { Tag, type TagNumber } from '../values/tags.js';
import {
  fromHandle,
  handleOf,
  handleToIndex,
  indexToHandle,
  isObject as isObjectVal,
  isRelativeHandle,
  tagOf,
  type Val,
} from '../values/val.js';
import type { Meter } from './meter.js';

export type HostObject =
  | { readonly kind: 'U64' | 'I64' | 'Timepoint' | 'Duration'; readonly value: bigint }
  | { readonly kind: 'U128' | 'I128' | 'U256' | 'I256'; readonly value: bigint }
  /** An ExecutableTag holds the text of its ScString (protocol 28, CAP-85). */
  | { readonly kind: 'Bytes' | 'String' | 'Symbol' | 'ExecutableTag'; readonly value: Uint8Array }
  /** Elements are absolute Vals. */
  | { readonly kind: 'Vec'; readonly value: readonly Val[] }
  /** Sorted by key in the host's order, keys unique; keys and values absolute. */
  | { readonly kind: 'Map'; readonly value: readonly (readonly [Val, Val])[] }
  | { readonly kind: 'Address'; readonly value: xdr.ScAddress }
  | { readonly kind: 'MuxedAddress'; readonly value: xdr.ScAddress };

export type ObjectKind = HostObject['kind'];
/** The object variant whose kinds include K (several kinds share one shape). */
export type ObjectOf<K extends ObjectKind> = HostObject extends infer O
  ? O extends { kind: infer Kinds }
    ? K extends Kinds
      ? O & { readonly kind: K }
      : never
    : never
  : never;

export const TAG_OF_KIND: Readonly<Record<ObjectKind, TagNumber>> = {
  U64: Tag.U64Object,
  I64: Tag.I64Object,
  Timepoint: Tag.TimepointObject,
  Duration: Tag.DurationObject,
  U128: Tag.U128Object,
  I128: Tag.I128Object,
  U256: Tag.U256Object,
  I256: Tag.I256Object,
  Bytes: Tag.BytesObject,
  String: Tag.StringObject,
  Symbol: Tag.SymbolObject,
  Vec: Tag.VecObject,
  Map: Tag.MapObject,
  Address: Tag.AddressObject,
  MuxedAddress: Tag.MuxedAddressObject,
  ExecutableTag: Tag.ExecutableTagObject,
};

/** The small tag that holds the values of each number object's type that fit 56 bits. */
export const SMALL_TAG_OF_NUMBER_KIND = {
  U64: Tag.U64Small,
  I64: Tag.I64Small,
  Timepoint: Tag.TimepointSmall,
  Duration: Tag.DurationSmall,
  U128: Tag.U128Small,
  I128: Tag.I128Small,
  U256: Tag.U256Small,
  I256: Tag.I256Small,
} as const;

/** The order of object kinds where two objects of different types meet (`host/comparison.rs`). */
export const KIND_ORDER: readonly ObjectKind[] = [
  'U64',
  'I64',
  'Timepoint',
  'Duration',
  'U128',
  'I128',
  'U256',
  'I256',
  'Bytes',
  'String',
  'Symbol',
  'Vec',
  'Map',
  'Address',
  'MuxedAddress',
  'ExecutableTag',
];

/**
 * What the host charges as memory for one more object in its table, and for one more reference in
 * a frame's relative table (`charge_heap_alloc` of a HostObject and of an Object).
 */
export const HOST_OBJECT_BYTES = 64n;
export const OBJECT_REFERENCE_BYTES = 8n;

export class ObjectTable {
  readonly #objects: HostObject[] = [];

  constructor(private readonly meter: Meter) {}

  get size(): number {
    return this.#objects.length;
  }

  /** Adds an object and returns its absolute Val. */
  add(object: HostObject): Val {
    const handle = indexToHandle(this.#objects.length, false);
    this.meter.charge('MemAlloc', HOST_OBJECT_BYTES);
    refuseAddressVariant(object);
    this.#objects.push(object);
    return fromHandle(handle, TAG_OF_KIND[object.kind]);
  }

  /** The object an absolute Val names (the caller charges VisitObject). */
  get(val: Val): HostObject {
    const handle = handleOf(val);
    if (isRelativeHandle(handle))
      throw new HostError('Object', 'InternalError', 'looking up relative object');
    const object = this.#objects[handleToIndex(handle)];
    if (!object) throw new HostError('Value', 'InvalidInput', 'unknown object reference');
    if (TAG_OF_KIND[object.kind] !== tagOf(val))
      throw new HostError('Object', 'InternalError', 'object reference type does not match tag');
    return object;
  }

  /** The object, which must be of this kind (the tag was checked against the interface first). */
  expect<K extends ObjectKind>(val: Val, kind: K): ObjectOf<K> {
    const object = this.get(val);
    if (object.kind !== kind)
      throw new HostError('Value', 'UnexpectedType', `expected ${kind}, got ${object.kind}`);
    return object as ObjectOf<K>;
  }
}

/**
 * `HostObjectType::inject` of an address (host_object.rs): an Address object holds only an account
 * or a contract, a MuxedAddress object only a muxed account; the table has charged for it already.
 */
function refuseAddressVariant(object: HostObject): void {
  if (object.kind !== 'Address' && object.kind !== 'MuxedAddress') return;
  const type = object.value.type;
  const fits =
    object.kind === 'Address'
      ? type === 'scAddressTypeAccount' || type === 'scAddressTypeContract'
      : type === 'scAddressTypeMuxedAccount';
  if (!fits)
    throw new HostError(
      'Object',
      'InvalidInput',
      `ScAddress variant ${type} not supported by ${object.kind}Object`,
    );
}

/**
 * A VM frame's view of objects: relative handles in, absolute out, and back. Values that are not
 * objects pass unchanged.
 */
export class RelativeObjects {
  readonly #absolute: Val[] = [];

  toAbsolute(val: Val): Val {
    if (!isObjectVal(val)) return val;
    const handle = handleOf(val);
    if (!isRelativeHandle(handle))
      throw new HostError('Value', 'InvalidInput', 'relative_to_absolute given an absolute reference');
    const absolute = this.#absolute[handleToIndex(handle)];
    if (absolute === undefined)
      throw new HostError('Value', 'InvalidInput', 'unknown relative object reference');
    if (tagOf(absolute) !== tagOf(val))
      throw new HostError('Value', 'InvalidInput', 'relative and absolute object types differ');
    return absolute;
  }

  toRelative(val: Val, meter: Meter): Val {
    if (!isObjectVal(val)) return val;
    const handle = handleOf(val);
    if (isRelativeHandle(handle))
      throw new HostError('Context', 'InternalError', 'absolute_to_relative given a relative reference');
    meter.charge('MemAlloc', OBJECT_REFERENCE_BYTES);
    const index = this.#absolute.length;
    this.#absolute.push(val);
    return fromHandle(indexToHandle(index, true), tagOf(val) as TagNumber);
  }

  get size(): number {
    return this.#absolute.length;
  }
}
