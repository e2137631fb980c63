/**
 * The host's side of the total order of Vals (`host/comparison.rs`, `Host::obj_cmp`): objects of
 * one kind by content, objects of different kinds by kind, and an object against a small value of
 * its own type (a U64 object against a U64Small) by number or text, else by ScValType.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { DEFAULT_HOST_DEPTH_LIMIT } from '../budget/default-params.js';
import { HostError } from '../errors/host-error.js';
import { compareVals, type Ordering } from '../values/compare.js';
import { smallSymbolText } from '../values/symbol.js';
import { SCVAL_TYPE_OF_TAG, Tag, tagName } from '../values/tags.js';
import { isObject, smallNumberOf, tagOf, type Val } from '../values/val.js';
import type { Meter } from './meter.js';
import { type HostObject, KIND_ORDER, type ObjectTable, SMALL_TAG_OF_NUMBER_KIND } from './objects.js';

/**
 * Declared sizes the comparisons charge (`declared_size.rs`, comparison.rs `FixedSizeOrdType`,
 * the `Compare` of MeteredVector and MeteredOrdMap): a Val, a map entry, an ScAddress, each number.
 */
const VAL_SIZE = 8;
const ENTRY_SIZE = 24;
/** `declared_size.rs`: ScAddress and MuxedScAddress. */
const SC_ADDRESS_DECLARED_SIZE = 48n;
const NUMBER_SIZE = { U64: 8, I64: 8, Timepoint: 8, Duration: 8, U128: 16, I128: 16, U256: 32, I256: 32 };

/** A host function called through the host's env: traced, its arguments checked. */
export type EnvCall = (name: string, args: readonly Val[], run: () => bigint) => bigint;

const sign = (a: bigint | number, b: bigint | number): Ordering => (a < b ? -1 : a > b ? 1 : 0);

/** The small tag that pairs with each numeric or symbol object. */
const SMALL_PAIR: Partial<Record<HostObject['kind'], number>> = {
  ...SMALL_TAG_OF_NUMBER_KIND,
  Symbol: Tag.SymbolSmall,
};

/** The XDR enum's number for a member name (the SDK gives members as values, older ones as functions). */
function scValTypeNumber(name: string): number {
  const member = (xdr.ScValType as unknown as Record<string, { value: number } | (() => { value: number })>)[
    name
  ];
  const value = typeof member === 'function' ? member() : member;
  return value?.value ?? -1;
}

export function compareBytes(meter: Meter, a: Uint8Array, b: Uint8Array): Ordering {
  meter.charge('MemCmp', BigInt(Math.min(a.length, b.length)));
  return sign(Buffer.compare(a, b), 0);
}

/**
 * Two ScAddresses, charged as a fixed-size type (`impl_compare_fixed_size_ord_type!`, declared
 * size 48); the XDR encoding orders as the derived order of ScAddress: arm first, then its fields.
 */
export function compareScAddresses(meter: Meter, a: xdr.ScAddress, b: xdr.ScAddress): Ordering {
  meter.charge('MemCmp', SC_ADDRESS_DECLARED_SIZE);
  return sign(Buffer.compare(a.toXDR(), b.toXDR()), 0);
}

export class Comparator {
  constructor(
    private readonly objects: ObjectTable,
    private readonly meter: Meter,
    private readonly envCall: EnvCall = (_name, _args, run) => run(),
  ) {}

  /**
   * The order of two absolute Vals. Where an object is involved the host asks its own env's
   * `obj_cmp` (`Compare<Val> for E: Env`, compare.rs), a traced call that checks its arguments.
   */
  compare = (a: Val, b: Val): Ordering =>
    compareVals(
      a,
      b,
      (x, y) => Number(this.envCall('obj_cmp', [x, y], () => BigInt(this.objCmp(x, y)))) as Ordering,
    );

  /** `obj_cmp`: at least one side is an object. */
  objCmp = (a: Val, b: Val): Ordering => {
    const aObject = isObject(a);
    const bObject = isObject(b);
    if (!aObject && !bObject)
      throw new HostError('Value', 'UnexpectedType', 'two non-object args to obj_cmp');
    let result: Ordering | undefined;
    if (aObject && bObject) result = this.compareObjects(this.visit(a), this.visit(b));
    else if (aObject) result = this.compareToSmall(this.visit(a), b);
    else {
      const reversed = this.compareToSmall(this.visit(b), a);
      result = reversed === undefined ? undefined : ((-reversed || 0) as Ordering);
    }
    if (result !== undefined) return result;
    const typeA = scValTypeOf(a);
    const typeB = scValTypeOf(b);
    if (typeA === typeB)
      throw new HostError('Value', 'InternalError', 'equal-tagged values rejected by small-value obj_cmp');
    return sign(typeA, typeB);
  };

  private visit(val: Val): HostObject {
    this.meter.charge('VisitObject');
    return this.objects.get(val);
  }

  private compareToSmall(object: HostObject, small: Val): Ordering | undefined {
    if (SMALL_PAIR[object.kind] !== tagOf(small)) return undefined;
    if (object.kind === 'Symbol')
      return compareBytes(this.meter, object.value, Buffer.from(smallSymbolText(small), 'latin1'));
    // `try_compare_to_small` (host_object.rs): the budget's compare of the number and the small
    // value as its own type, charged as one of that type's declared size.
    this.meter.charge('MemCmp', BigInt(NUMBER_SIZE[object.kind as keyof typeof NUMBER_SIZE]));
    return sign(object.value as bigint, smallNumberOf(small));
  }

  /** How many object comparisons are open, nested inside one another. */
  #depth = 0;

  /**
   * `Compare<HostObject>` (comparison.rs): the depth limit checkpoint of comparison
   * (`with_limited_depth`), entered for every pair of objects, of one kind or not.
   */
  private compareObjects(a: HostObject, b: HostObject): Ordering {
    if (this.#depth >= DEFAULT_HOST_DEPTH_LIMIT)
      throw new HostError('Context', 'ExceededLimit', 'depth limit exceeded');
    this.#depth++;
    try {
      return this.compareObjectsWithin(a, b);
    } finally {
      this.#depth--;
    }
  }

  private compareObjectsWithin(a: HostObject, b: HostObject): Ordering {
    if (a.kind !== b.kind) return sign(KIND_ORDER.indexOf(a.kind), KIND_ORDER.indexOf(b.kind));
    switch (a.kind) {
      case 'Bytes':
      case 'String':
      case 'Symbol':
      case 'ExecutableTag':
        return compareBytes(this.meter, a.value, b.value as Uint8Array);
      case 'Vec':
        this.meter.charge(
          'MemCpy',
          BigInt(VAL_SIZE * Math.min(a.value.length, (b.value as readonly Val[]).length)),
        );
        return this.compareSequences(a.value, b.value as readonly Val[], (x, y) => this.compare(x, y));
      case 'Map':
        this.meter.charge(
          'MemCpy',
          BigInt(ENTRY_SIZE * Math.min(a.value.length, (b.value as readonly unknown[]).length)),
        );
        return this.compareSequences(
          a.value,
          b.value as readonly (readonly [Val, Val])[],
          (x, y) => this.compare(x[0], y[0]) || this.compare(x[1], y[1]),
        );
      case 'Address':
      case 'MuxedAddress':
        return compareScAddresses(this.meter, a.value, b.value as xdr.ScAddress);
      default:
        this.meter.charge('MemCmp', BigInt(NUMBER_SIZE[a.kind]));
        return sign(a.value, b.value as bigint);
    }
  }

  private compareSequences<T>(a: readonly T[], b: readonly T[], each: (x: T, y: T) => Ordering): Ordering {
    const shorter = Math.min(a.length, b.length);
    for (let i = 0; i < shorter; i++) {
      const order = each(a[i] as T, b[i] as T);
      if (order !== 0) return order;
    }
    return sign(a.length, b.length);
  }
}

function scValTypeOf(val: Val): number {
  const name = tagName(tagOf(val));
  const type = name ? scValTypeNumber(SCVAL_TYPE_OF_TAG[name]) : -1;
  if (type < 0) throw new HostError('Value', 'InvalidInput', 'a Val of no ScVal type');
  return type;
}
