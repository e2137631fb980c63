/**
 * The built-in contracts' types (`builtin_contracts/base_types.rs` and the `contracttype`
 * derive): arguments read from Vals with the conversion error a wrong tag gives
 * (`Error(Value, UnexpectedType)`), structs as Symbol-keyed maps in key order, enum cases as
 * `[Symbol, value?]` vectors, and the ScVals the contracts store.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import type { Host } from '../host/host.js';
import { DECLARED_SIZE } from '../storage/index.js';
import { Tag } from '../values/tags.js';
import { FALSE, TRUE, tagOf, u32Of, type Val } from '../values/val.js';

export const conversionError = (detail = 'conversion error'): HostError =>
  new HostError('Value', 'UnexpectedType', detail);

function expectTags(val: Val, tags: readonly number[], what: string): void {
  if (!tags.includes(tagOf(val))) throw conversionError(`expected ${what}`);
}

/** An `Address` argument, as its object Val. */
export function addressArg(val: Val): Val {
  expectTags(val, [Tag.AddressObject], 'an address');
  return val;
}

/** A `MuxedAddress` argument: a muxed address object or a plain address. */
export function muxedAddressArg(val: Val): Val {
  expectTags(val, [Tag.AddressObject, Tag.MuxedAddressObject], 'a muxed address');
  return val;
}

export function u32Arg(val: Val): number {
  expectTags(val, [Tag.U32Val], 'a u32');
  return u32Of(val);
}

export function boolArg(val: Val): boolean {
  expectTags(val, [Tag.True, Tag.False], 'a bool');
  return val === TRUE;
}

/** A `Bytes` argument as the built-in SDK takes it: its tag checked, its content not read yet. */
export function bytesObjectArg(val: Val): Val {
  expectTags(val, [Tag.BytesObject], 'bytes');
  return val;
}

export function bytesArg(host: Host, val: Val): Uint8Array {
  bytesObjectArg(val);
  host.meter.charge('VisitObject');
  return host.objects.expect(val, 'Bytes').value;
}

export const boolVal = (value: boolean): Val => (value ? TRUE : FALSE);

/** The address an Address object holds. */
export function scAddressOf(host: Host, address: Val): xdr.ScAddress {
  host.meter.charge('VisitObject');
  return host.objects.expect(address, 'Address').value;
}

/** `Address::to_sc_address` (`scaddress_from_address`): the object visited, its ScAddress cloned. */
export function toScAddress(host: Host, address: Val): xdr.ScAddress {
  const value = scAddressOf(host, address);
  host.meter.charge('MemCpy', DECLARED_SIZE.scAddress);
  return value;
}

export const addressVal = (host: Host, address: xdr.ScAddress): Val =>
  host.objects.add({ kind: 'Address', value: address });

/** `Address::metered_clone` (base_types.rs): the 16-byte handle copied (declared_size.rs). */
export const cloneAddress = (host: Host): void => host.budget.charge('MemCpy', ADDRESS_SIZE);
const ADDRESS_SIZE = 16n;

export const sameAddress = (a: xdr.ScAddress, b: xdr.ScAddress): boolean =>
  Buffer.compare(a.toXdr(), b.toXdr()) === 0;

export const accountAddress = (accountId: xdr.AccountId): xdr.ScAddress =>
  xdr.ScAddress.scAddressTypeAccount(accountId);

/** `Address::from_account` (base_types.rs): the account id cloned, metered, into a new Address object. */
export function addressFromAccount(host: Host, accountId: xdr.AccountId): Val {
  host.meter.charge('MemCpy', DECLARED_SIZE.accountId);
  return addressVal(host, accountAddress(accountId));
}

export const symbol = (text: string): xdr.ScVal => xdr.ScVal.scvSymbol(text);

const I64_MASK = (1n << 64n) - 1n;

export function i128(value: bigint): xdr.ScVal {
  return xdr.ScVal.scvI128(
    new xdr.Int128Parts({ hi: BigInt.asIntN(64, value >> 64n), lo: BigInt.asUintN(64, value & I64_MASK) }),
  );
}

export function i128Of(value: xdr.ScVal): bigint {
  if (value.type !== 'scvI128') throw conversionError('expected an i128');
  return (BigInt(value.i128.hi) << 64n) | BigInt(value.i128.lo);
}

export function u32ValueOf(value: xdr.ScVal): number {
  if (value.type !== 'scvU32') throw conversionError('expected a u32');
  return value.u32;
}

export function boolOf(value: xdr.ScVal): boolean {
  if (value.type !== 'scvBool') throw conversionError('expected a bool');
  return value.b;
}

export function stringOf(value: xdr.ScVal): Uint8Array {
  if (value.type !== 'scvString') throw conversionError('expected a string');
  return Uint8Array.from(value.str.bytes);
}

export function bytesOf(value: xdr.ScVal, length: number): Uint8Array {
  if (value.type !== 'scvBytes') throw conversionError('expected bytes');
  const bytes = Uint8Array.from(value.bytes.value);
  if (bytes.length !== length) throw new HostError('Value', 'UnexpectedSize', 'expected fixed-length bytes');
  return bytes;
}

export function addressOf(value: xdr.ScVal): xdr.ScAddress {
  if (value.type !== 'scvAddress') throw conversionError('expected an address');
  return value.address;
}

/** A `contracttype` struct: its fields as a map in key order. */
export function struct(fields: Record<string, xdr.ScVal>): xdr.ScVal {
  const names = Object.keys(fields).sort();
  return xdr.ScVal.scvMap(
    names.map((name) => new xdr.ScMapEntry({ key: symbol(name), val: fields[name] as xdr.ScVal })),
  );
}

/** A struct's fields by name; the map must hold exactly these keys (`map_unpack_to_slice`). */
export function fieldsOf<K extends string>(value: xdr.ScVal, names: readonly K[]): Record<K, xdr.ScVal> {
  if (value.type !== 'scvMap' || !value.map) throw conversionError('expected a struct map');
  const entries = value.map;
  if (entries.length !== names.length)
    throw new HostError('Object', 'UnexpectedSize', 'differing host map and output slice lengths');
  const sorted = [...names].sort();
  const fields = {} as Record<K, xdr.ScVal>;
  for (const [i, entry] of entries.entries()) {
    const name = sorted[i] as K;
    if (entry.key.type !== 'scvSymbol' || Buffer.from(entry.key.sym.bytes).toString('latin1') !== name)
      throw new HostError('Object', 'InvalidInput', 'symbol mismatch');
    fields[name] = entry.val;
  }
  return fields;
}

/** A `contracttype` enum case: `[Symbol]` or `[Symbol, value]`. */
export const enumCase = (name: string, value?: xdr.ScVal): xdr.ScVal =>
  xdr.ScVal.scvVec(value === undefined ? [symbol(name)] : [symbol(name), value]);

/** An enum case's name and value. */
export function caseOf(value: xdr.ScVal): { name: string; value: xdr.ScVal | undefined } {
  if (value.type !== 'scvVec' || !value.vec || value.vec.length === 0)
    throw conversionError('expected an enum');
  const [tag, inner] = value.vec;
  if (tag?.type !== 'scvSymbol') throw conversionError('expected an enum case symbol');
  return { name: Buffer.from(tag.sym.bytes).toString('latin1'), value: inner };
}
