/**
 * ScVal to Val and back (`host/conversion.rs`): numbers that fit 56 bits and symbols of up to 9
 * characters stay small; everything else becomes a host object. Maps must arrive sorted with
 * unique keys; nesting stops at the host's depth limit.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { chargeBulkInit, chargeFallibleBulkInit, DECLARED_SIZE } from '../storage/index.js';
import { checkSymbolBytes, MAX_SMALL_CHARS, smallSymbol, smallSymbolText } from '../values/symbol.js';
import { Tag, type TagNumber } from '../values/tags.js';
import {
  errorOf,
  fromBool,
  fromI32,
  fromU32,
  i32Of,
  isObject,
  smallNumber,
  smallNumberOf,
  tagOf,
  u32Of,
  type Val,
  VOID,
} from '../values/val.js';
import type { Comparator } from './compare.js';
import type { Meter } from './meter.js';
import { type HostObject, type ObjectTable, SMALL_TAG_OF_NUMBER_KIND } from './objects.js';
import { errorVal, scError } from './sc-error.js';

/** DEFAULT_HOST_DEPTH_LIMIT (`budget/limits.rs`). */
export const DEPTH_LIMIT = 100;

/** Declared sizes (`declared_size.rs`): a Vec header, a Val, a map entry, an ScAddress. */
const VAL_SIZE = 8;
const MAP_ENTRY_SIZE = 24;
const ADDRESS_SIZE = 48;
const SCMAP_ENTRY_SIZE = 128;
const NUMBER_SIZE = { U64: 8, I64: 8, Timepoint: 8, Duration: 8, U128: 16, I128: 16, U256: 32, I256: 32 };

const MASK64 = (1n << 64n) - 1n;

export const u128FromParts = (hi: bigint, lo: bigint): bigint =>
  (BigInt.asUintN(64, hi) << 64n) | BigInt.asUintN(64, lo);
export const i128FromParts = (hi: bigint, lo: bigint): bigint =>
  (BigInt.asIntN(64, hi) << 64n) | BigInt.asUintN(64, lo);
export const u256FromParts = (hh: bigint, hl: bigint, lh: bigint, ll: bigint): bigint =>
  (BigInt.asUintN(64, hh) << 192n) |
  (BigInt.asUintN(64, hl) << 128n) |
  (BigInt.asUintN(64, lh) << 64n) |
  BigInt.asUintN(64, ll);
export const i256FromParts = (hh: bigint, hl: bigint, lh: bigint, ll: bigint): bigint =>
  (BigInt.asIntN(64, hh) << 192n) | u256FromParts(0n, hl, lh, ll);
const piece = (value: bigint, shift: bigint): bigint => (value >> shift) & MASK64;

interface Context {
  objects: ObjectTable;
  meter: Meter;
  comparator: Comparator;
}

/** `Val::can_represent_scval` (val.rs), checked level by level as the conversion descends. */
export function canRepresent(scval: xdr.ScVal): boolean {
  switch (scval.type) {
    case 'scvVec':
      return Boolean(scval.vec);
    case 'scvMap':
      return Boolean(scval.map);
    case 'scvContractInstance':
    case 'scvLedgerKeyContractInstance':
    case 'scvLedgerKeyNonce':
      return false;
    default:
      return true;
  }
}

export class ValConverter {
  constructor(private readonly host: Context) {}

  /**
   * An ScVal as a Val, adding the objects it needs (`to_host_val`). A kind no Val can be (a
   * contract instance or its key, a nonce key, a vec or map without a body) is a ConversionError
   * at whatever level it sits (convert.rs `TryFromVal<ScVal> for Val`): (Value, UnexpectedType).
   */
  toVal(scval: xdr.ScVal, depth = 0): Val {
    if (depth >= DEPTH_LIMIT) throw new HostError('Context', 'ExceededLimit', 'depth limit exceeded');
    if (!canRepresent(scval))
      throw new HostError('Value', 'UnexpectedType', 'failed to convert ScVal to host value');
    const { objects } = this.host;
    // Each object is charged as conversion.rs `to_host_obj` charges it: the value copied (its
    // declared size), a container's elements allocated and copied, then the object added.
    const { meter } = this.host;
    const number = (value: bigint, small: TagNumber, kind: HostObject['kind'], size: number): Val => {
      const fits = smallNumber(value, small);
      if (fits !== undefined) return fits;
      meter.charge('MemCpy', BigInt(size));
      return objects.add({ kind, value } as HostObject);
    };
    const bulkCopy = (len: number, size: number) => chargeBulkInit(meter, BigInt(len), BigInt(size));
    switch (scval.type) {
      case 'scvBool':
        return fromBool(scval.b);
      case 'scvVoid':
        return VOID;
      case 'scvError':
        return errorVal(scval.error);
      case 'scvU32':
        return fromU32(scval.u32);
      case 'scvI32':
        return fromI32(scval.i32);
      case 'scvU64':
        return number(scval.u64, Tag.U64Small, 'U64', 8);
      case 'scvI64':
        return number(scval.i64, Tag.I64Small, 'I64', 8);
      case 'scvTimepoint':
        return number(scval.timepoint, Tag.TimepointSmall, 'Timepoint', 8);
      case 'scvDuration':
        return number(scval.duration, Tag.DurationSmall, 'Duration', 8);
      case 'scvU128':
        return number(u128FromParts(scval.u128.hi, scval.u128.lo), Tag.U128Small, 'U128', 16);
      case 'scvI128':
        return number(i128FromParts(scval.i128.hi, scval.i128.lo), Tag.I128Small, 'I128', 16);
      case 'scvU256': {
        const p = scval.u256;
        return number(u256FromParts(p.hiHi, p.hiLo, p.loHi, p.loLo), Tag.U256Small, 'U256', 32);
      }
      case 'scvI256': {
        const p = scval.i256;
        return number(i256FromParts(p.hiHi, p.hiLo, p.loHi, p.loLo), Tag.I256Small, 'I256', 32);
      }
      case 'scvBytes':
        bulkCopy(scval.bytes.value.length, 1);
        return objects.add({ kind: 'Bytes', value: Uint8Array.from(scval.bytes.value) });
      case 'scvString':
        bulkCopy(scval.str.bytes.length, 1);
        return objects.add({ kind: 'String', value: Uint8Array.from(scval.str.bytes) });
      case 'scvExecutableTag':
        bulkCopy(scval.executableTag.bytes.length, 1);
        return objects.add({ kind: 'ExecutableTag', value: Uint8Array.from(scval.executableTag.bytes) });
      case 'scvSymbol': {
        const bytes = Uint8Array.from(scval.sym.bytes);
        const small = smallSymbol(bytes);
        if (small !== undefined) return small;
        // Up to 9 bytes a symbol is small or refused, uncharged (convert.rs); longer ones are copied first.
        if (bytes.length <= MAX_SMALL_CHARS)
          throw new HostError('Value', 'InvalidInput', 'symbol has a character a symbol cannot hold');
        bulkCopy(bytes.length, 1);
        checkSymbolBytes(bytes);
        return objects.add({ kind: 'Symbol', value: bytes });
      }
      case 'scvVec': {
        const items = scval.vec ?? []; // present: canRepresent
        bulkCopy(items.length, VAL_SIZE);
        return objects.add({ kind: 'Vec', value: items.map((item) => this.toVal(item, depth + 1)) });
      }
      case 'scvMap': {
        const entries = scval.map ?? []; // present: canRepresent
        bulkCopy(entries.length, MAP_ENTRY_SIZE);
        const pairs = entries.map(
          (e) => [this.toVal(e.key, depth + 1), this.toVal(e.val, depth + 1)] as const,
        );
        // `HostMap::from_map`: the entries scanned, then checked in order.
        meter.charge('MemCpy', BigInt(pairs.length * MAP_ENTRY_SIZE));
        this.checkSorted(pairs);
        return objects.add({ kind: 'Map', value: pairs });
      }
      case 'scvAddress': {
        const { address } = scval;
        if (
          address.type !== 'scAddressTypeAccount' &&
          address.type !== 'scAddressTypeContract' &&
          address.type !== 'scAddressTypeMuxedAccount'
        )
          throw new HostError('Object', 'UnexpectedType', 'encountered unsupported ScAddress type');
        meter.charge('MemCpy', BigInt(ADDRESS_SIZE));
        if (address.type === 'scAddressTypeAccount' || address.type === 'scAddressTypeContract')
          return objects.add({ kind: 'Address', value: address });
        if (address.type === 'scAddressTypeMuxedAccount')
          return objects.add({ kind: 'MuxedAddress', value: address });
        throw new HostError('Object', 'UnexpectedType', 'encountered unsupported ScAddress type');
      }
      default:
        throw new HostError('Value', 'InternalError', 'unexpected non-Val-representable ScVal type');
    }
  }

  /**
   * `to_valid_host_val`: a value the host stored itself (a contract data entry's) that fails to
   * convert is the host's own fault, (Value, InternalError); a budget error stays one.
   */
  toValidVal(scval: xdr.ScVal): Val {
    try {
      return this.toVal(scval);
    } catch (error) {
      if (error instanceof HostError && error.type === 'Budget') throw error;
      throw new HostError(
        'Value',
        'InternalError',
        'unexpected non-Val-representable ScVal in internal conversion',
      );
    }
  }

  /** A map's pairs must be in strictly increasing key order (`HostMap::from_map`). */
  checkSorted(pairs: readonly (readonly [Val, Val])[]): void {
    for (let i = 1; i < pairs.length; i++)
      if (
        this.host.comparator.compare(
          (pairs[i - 1] as readonly [Val, Val])[0],
          (pairs[i] as readonly [Val, Val])[0],
        ) >= 0
      )
        throw new HostError('Object', 'InvalidInput', 'map keys not sorted and unique');
  }

  /** A Val as an ScVal. */
  toScVal(val: Val, depth = 0): xdr.ScVal {
    if (depth >= DEPTH_LIMIT) throw new HostError('Context', 'ExceededLimit', 'depth limit exceeded');
    if (isObject(val)) {
      this.host.meter.charge('VisitObject');
      return this.objectToScVal(this.host.objects.get(val), depth);
    }
    const tag = tagOf(val);
    switch (tag) {
      case Tag.False:
        return xdr.ScVal.scvBool(false);
      case Tag.True:
        return xdr.ScVal.scvBool(true);
      case Tag.Void:
        return xdr.ScVal.scvVoid();
      case Tag.Error:
        return xdr.ScVal.scvError(scError(errorOf(val)));
      case Tag.U32Val:
        return xdr.ScVal.scvU32(u32Of(val));
      case Tag.I32Val:
        return xdr.ScVal.scvI32(i32Of(val));
      case Tag.SymbolSmall:
        return xdr.ScVal.scvSymbol(smallSymbolText(val));
      default:
        return numberScVal(tag, smallNumberOf(val));
    }
  }

  /**
   * `from_host_obj` called directly: the object converted without the depth checkpoint
   * `from_host_val` puts around it, so its items start at the top depth.
   */
  objectToScValUnchecked(val: Val): xdr.ScVal {
    this.host.meter.charge('VisitObject');
    return this.objectToScVal(this.host.objects.get(val), -1);
  }

  /**
   * `vals_to_scval_vec`: a metered collect of fallible conversions, charged for every item before
   * the first is converted (`metered_collect` charges the iterator's size first).
   */
  valsToScVals(vals: readonly Val[]): xdr.ScVal[] {
    chargeFallibleBulkInit(this.host.meter, BigInt(vals.length), DECLARED_SIZE.scVal);
    return vals.map((val) => this.toScVal(val));
  }

  /** `vecobject_to_scval_vec`: the Vec object visited, then its items as `valsToScVals`. */
  vecToScVals(vec: Val): xdr.ScVal[] {
    this.host.meter.charge('VisitObject');
    return this.valsToScVals(this.host.objects.expect(vec, 'Vec').value);
  }

  /**
   * `host_map_to_scmap`: the entries allocated and scanned (`MeteredOrdMap::iter`), then converted.
   * `storageKeys` converts keys as `instance_storage_map_to_scmap` does (`from_host_val_for_storage`:
   * a muxed address in a key is refused).
   */
  mapEntriesToScMap(
    entries: readonly (readonly [Val, Val])[],
    depth: number,
    storageKeys = false,
  ): xdr.ScMapEntry[] {
    const { meter } = this.host;
    chargeBulkInit(meter, BigInt(entries.length), BigInt(SCMAP_ENTRY_SIZE));
    meter.charge('MemCpy', BigInt(entries.length * MAP_ENTRY_SIZE));
    return entries.map(([key, value]) => {
      const keyVal = storageKeys ? this.#storageKey(key, depth + 1) : this.toScVal(key, depth + 1);
      return new xdr.ScMapEntry({ key: keyVal, val: this.toScVal(value, depth + 1) });
    });
  }

  #storageKeyActive = false;

  #storageKey(key: Val, depth: number): xdr.ScVal {
    this.#storageKeyActive = true;
    try {
      return this.toScVal(key, depth);
    } finally {
      this.#storageKeyActive = false;
    }
  }

  /** `from_host_obj`: each kind charged as the host copies it out (`conversion.rs`). */
  private objectToScVal(object: HostObject, depth: number): xdr.ScVal {
    const { meter } = this.host;
    const bulkCopy = (len: number, size: number) => chargeBulkInit(meter, BigInt(len), BigInt(size));
    if (
      object.kind === 'Bytes' ||
      object.kind === 'String' ||
      object.kind === 'Symbol' ||
      object.kind === 'ExecutableTag'
    )
      bulkCopy(object.value.length, 1);
    else if (object.kind === 'Vec') bulkCopy(object.value.length, Number(DECLARED_SIZE.scVal));
    else if (object.kind === 'Map') return xdr.ScVal.scvMap(this.mapEntriesToScMap(object.value, depth));
    else if (object.kind === 'MuxedAddress' && this.#storageKeyActive)
      throw new HostError(
        'Storage',
        'InvalidInput',
        'muxed addresses should not be used in the storage keys',
      );
    else if (object.kind === 'Address' || object.kind === 'MuxedAddress')
      meter.charge('MemCpy', BigInt(ADDRESS_SIZE));
    else meter.charge('MemCpy', BigInt(NUMBER_SIZE[object.kind]));
    switch (object.kind) {
      case 'Bytes':
        return xdr.ScVal.scvBytes(object.value);
      case 'String':
        return xdr.ScVal.scvString(object.value);
      case 'Symbol':
        return xdr.ScVal.scvSymbol(object.value);
      case 'ExecutableTag':
        return xdr.ScVal.scvExecutableTag(object.value);
      case 'Vec':
        return xdr.ScVal.scvVec(object.value.map((item) => this.toScVal(item, depth + 1)));
      case 'Address':
      case 'MuxedAddress':
        return xdr.ScVal.scvAddress(object.value);
      default:
        return numberScVal(SMALL_TAG_OF_NUMBER_KIND[object.kind], object.value);
    }
  }
}

function numberScVal(tag: number, value: bigint): xdr.ScVal {
  const u64 = (v: bigint) => BigInt.asUintN(64, v);
  const i64 = (v: bigint) => BigInt.asIntN(64, v);
  switch (tag) {
    case Tag.U64Small:
      return xdr.ScVal.scvU64(u64(value));
    case Tag.I64Small:
      return xdr.ScVal.scvI64(i64(value));
    case Tag.TimepointSmall:
      return xdr.ScVal.scvTimepoint(u64(value));
    case Tag.DurationSmall:
      return xdr.ScVal.scvDuration(u64(value));
    case Tag.U128Small:
      return xdr.ScVal.scvU128(new xdr.Uint128Parts({ hi: u64(value >> 64n), lo: u64(value) }));
    case Tag.I128Small:
      return xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: i64(value >> 64n), lo: u64(value) }));
    case Tag.U256Small:
      return xdr.ScVal.scvU256(
        new xdr.Uint256Parts({
          hiHi: piece(value, 192n),
          hiLo: piece(value, 128n),
          loHi: piece(value, 64n),
          loLo: u64(value),
        }),
      );
    case Tag.I256Small:
      return xdr.ScVal.scvI256(
        new xdr.Int256Parts({
          hiHi: i64(value >> 192n),
          hiLo: piece(value, 128n),
          loHi: piece(value, 64n),
          loLo: u64(value),
        }),
      );
    default:
      throw new HostError('Value', 'InvalidInput', `no ScVal for tag ${tag}`);
  }
}
