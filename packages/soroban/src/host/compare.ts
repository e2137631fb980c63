/**
 * The host's side of the total order of Vals (`host/comparison.rs`, `Host::obj_cmp`): objects of
 * one kind by content, objects of different kinds by kind, and an object against a small value of
 * its own type (a U64 object against a U64Small) by number or text, else by ScValType.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { compareVals, type Ordering } from '../values/compare.js';
import { smallSymbolText } from '../values/symbol.js';
import { SCVAL_TYPE_OF_TAG, Tag, tagName } from '../values/tags.js';
import { isObject, smallNumberOf, tagOf, type Val } from '../values/val.js';
import type { Meter } from './meter.js';
import { type HostObject, KIND_ORDER, type ObjectTable, SMALL_TAG_OF_NUMBER_KIND } from './objects.js';

/** `declared_size.rs`: ScAddress and MuxedScAddress. */
const SC_ADDRESS_DECLARED_SIZE = 48n;

const sign = (a: bigint | number, b: bigint | number): Ordering => (a < b ? -1 : a > b ? 1 : 0);

/** The small tag that pairs with each numeric or symbol object. */
const SMALL_PAIR: Partial<Record<HostObject['kind'], number>> = {
  ...SMALL_TAG_OF_NUMBER_KIND,
  Symbol: Tag.SymbolSmall,
};

const scValTypeNumber = (name: string): number =>
  (xdr.ScValType as unknown as Record<string, () => { value: number }>)[name]?.().value ?? -1;

export function compareBytes(meter: Meter, a: Uint8Array, b: Uint8Array): Ordering {
  meter.charge('MemCmp', BigInt(Math.min(a.length, b.length)));
  return sign(Buffer.compare(a, b), 0);
}

export class Comparator {
  constructor(
    private readonly objects: ObjectTable,
    private readonly meter: Meter,
  ) {}

  /** The order of two absolute Vals. */
  compare = (a: Val, b: Val): Ordering => compareVals(a, b, this.objCmp);

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
    return sign(object.value as bigint, smallNumberOf(small));
  }

  private compareObjects(a: HostObject, b: HostObject): Ordering {
    if (a.kind !== b.kind) return sign(KIND_ORDER.indexOf(a.kind), KIND_ORDER.indexOf(b.kind));
    switch (a.kind) {
      case 'Bytes':
      case 'String':
      case 'Symbol':
        return compareBytes(this.meter, a.value, b.value as Uint8Array);
      case 'Vec':
        return this.compareSequences(a.value, b.value as readonly Val[], (x, y) => this.compare(x, y));
      case 'Map':
        return this.compareSequences(
          a.value,
          b.value as readonly (readonly [Val, Val])[],
          (x, y) => this.compare(x[0], y[0]) || this.compare(x[1], y[1]),
        );
      case 'Address':
      case 'MuxedAddress':
        // Charged as a fixed-size type (`impl_compare_fixed_size_ord_type!`, declared size 48);
        // the XDR encoding orders as the derived order of ScAddress: arm first, then its fields.
        this.meter.charge('MemCmp', SC_ADDRESS_DECLARED_SIZE);
        return sign(Buffer.compare(a.value.toXDR(), (b.value as xdr.ScAddress).toXDR()), 0);
      default:
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
