/**
 * Our host's values and outcomes in the trace's short form (`trace-values.ts`), printed as the Rust
 * host's `Debug` prints them: a Val by its tag (objects by absolute handle), raw `u64`/`i64`
 * arguments and results as bare integers, errors by type and code name.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { toScAddress } from '../../src/builtin/values.js';
import { ErrorCode, type ErrorCodeName, type ErrorTypeName, HostError } from '../../src/errors/host-error.js';
import { fixedLengthBytes, hash32 } from '../../src/host/functions/contract-creation.js';
import type { Host } from '../../src/host/host.js';
import { scError } from '../../src/host/sc-error.js';
import type { ValueType } from '../../src/interface/index.js';
import { smallSymbolText } from '../../src/values/symbol.js';
import { Tag, type TagNumber, tagName } from '../../src/values/tags.js';
import {
  bodyOf,
  errorOf,
  fromHandle,
  handleOf,
  i32Of,
  smallNumberOf,
  tagOf,
  u32Of,
  type Val,
} from '../../src/values/val.js';
import type { Literal, ReadAs } from './script-types.js';
import type { ObjectType, SmallType, TraceError, TraceResult, TraceValue } from './types.js';

const SMALL: Partial<Record<number, SmallType>> = {
  [Tag.U64Small]: 'U64',
  [Tag.I64Small]: 'I64',
  [Tag.TimepointSmall]: 'Timepoint',
  [Tag.DurationSmall]: 'Duration',
  [Tag.U128Small]: 'U128',
  [Tag.I128Small]: 'I128',
  [Tag.U256Small]: 'U256',
  [Tag.I256Small]: 'I256',
};

const OBJECT: Partial<Record<number, ObjectType>> = {
  [Tag.U64Object]: 'U64',
  [Tag.I64Object]: 'I64',
  [Tag.TimepointObject]: 'Timepoint',
  [Tag.DurationObject]: 'Duration',
  [Tag.U128Object]: 'U128',
  [Tag.I128Object]: 'I128',
  [Tag.U256Object]: 'U256',
  [Tag.I256Object]: 'I256',
  [Tag.BytesObject]: 'Bytes',
  [Tag.StringObject]: 'String',
  [Tag.SymbolObject]: 'Symbol',
  [Tag.VecObject]: 'Vec',
  [Tag.MapObject]: 'Map',
  [Tag.AddressObject]: 'Address',
  [Tag.MuxedAddressObject]: 'MuxedAddress',
};

/** A Val as the trace prints it. */
/** A step our adapter cannot take yet: the run stops there (the comparison shows what is missing). */
export class Unsupported extends Error {}

/**
 * `host.add_host_object(..)` of a literal's value as it is: only the object is charged. An address
 * is added as `addedAs` says (`ScAddress` or `MuxedScAddress`), else as the kind its variant fits.
 */
export function addedObject(host: Host, lit: Literal, addedAs?: 'Address' | 'MuxedAddress'): Val {
  const scval = literalScVal(lit);
  switch (scval.type) {
    case 'scvString':
      return host.objects.add({ kind: 'String', value: Uint8Array.from(scval.str.bytes) });
    case 'scvBytes':
      return host.objects.add({ kind: 'Bytes', value: Uint8Array.from(scval.bytes.value) });
    case 'scvAddress':
      return host.objects.add({
        kind: addedAs ?? (scval.address.type === 'scAddressTypeMuxedAccount' ? 'MuxedAddress' : 'Address'),
        value: scval.address,
      });
    case 'scvVec':
      // `HostVec::new()`: only an empty one is added as it is.
      if (lit.t === 'vec' && lit.items.length === 0) return host.objects.add({ kind: 'Vec', value: [] });
      throw new Unsupported('add_host_object of a non-empty Vec literal');
    default:
      throw new Unsupported(`add_host_object of a ${lit.t} literal`);
  }
}

export function traceVal(val: Val): TraceValue {
  const tag = tagOf(val);
  switch (tag) {
    case Tag.False:
    case Tag.True:
      return { kind: 'bool', value: tag === Tag.True };
    case Tag.Void:
      return { kind: 'void' };
    case Tag.Error:
      return { kind: 'error', error: traceErrorOf(errorOf(val)) };
    case Tag.U32Val:
      return { kind: 'small', type: 'U32', value: BigInt(u32Of(val)) };
    case Tag.I32Val:
      return { kind: 'small', type: 'I32', value: BigInt(i32Of(val)) };
    case Tag.SymbolSmall:
      return { kind: 'symbol', text: smallSymbolText(val) };
  }
  const small = SMALL[tag];
  if (small) return { kind: 'small', type: small, value: smallNumberOf(val) };
  const object = OBJECT[tag];
  if (object) return { kind: 'object', type: object, handle: handleOf(val) };
  return { kind: 'badTag', tag, body: bodyOf(val) };
}

/** `Val::from_payload(val.get_payload() + plus | or)`, as a test corrupts an object reference. */
export const corruptedPayload = (val: Val, plus: bigint, or: bigint): Val =>
  BigInt.asUintN(64, (val + plus) | or);

/** The Val an object's short form names (its tag and absolute handle). */
export function objectValOf(value: TraceValue): Val {
  if (value.kind !== 'object') throw new Error(`${value.kind} is not an object reference`);
  const tag = Number(Object.entries(OBJECT).find(([, type]) => type === value.type)?.[0]);
  return fromHandle(value.handle, tag as TagNumber);
}

/** An argument or result of a declared interface type: raw numbers bare, Vals by tag. */
const STORAGE_NAMES = ['Temporary', 'Persistent', 'Instance'] as const;

export function traceTyped(type: ValueType, word: bigint): TraceValue {
  if (type === 'u64') return { kind: 'int', value: BigInt.asUintN(64, word) };
  if (type === 'i64') return { kind: 'int', value: BigInt.asIntN(64, word) };
  // A StorageType crosses as its bare number (Temporary 0, Persistent 1, Instance 2).
  const storage = type === 'StorageType' ? STORAGE_NAMES[Number(word)] : undefined;
  if (storage) return { kind: 'storage', type: storage };
  return traceVal(word);
}

const CODE_NAMES = Object.keys(ErrorCode);

export function traceErrorOf(error: HostError): TraceError {
  return {
    type: error.type,
    code: error.type === 'Contract' ? `#${error.code}` : (CODE_NAMES[error.code] ?? `#${error.code}`),
  };
}

/** A thrown error as a trace result: a HostError by its type and code, anything else as the host's internal error. */
export function errResult(error: unknown): TraceResult {
  if (error instanceof HostError) return { ok: false, error: traceErrorOf(error) };
  if (process.env.TRACE_DEBUG) console.error(error);
  return { ok: false, error: { type: 'Context', code: 'InternalError' } };
}

/** Whether a Val's tag is one the host knows (else the trace prints `Bad(tag=..)`). */
export const knownTag = (val: Val): boolean => tagName(tagOf(val)) !== undefined;

const hexBytes = (hex: string) => Buffer.from(hex, 'hex');

/** A script literal as the ScVal the Rust test converts (`to_host_val`, `test_vec_obj`). */
export function literalScVal(lit: Literal): xdr.ScVal {
  switch (lit.t) {
    case 'void':
      return xdr.ScVal.scvVoid();
    case 'bool':
      return xdr.ScVal.scvBool(lit.v);
    case 'u32':
      return xdr.ScVal.scvU32(lit.v);
    case 'i32':
      return xdr.ScVal.scvI32(lit.v);
    case 'u64':
      return xdr.ScVal.scvU64(lit.v);
    case 'i64':
      return xdr.ScVal.scvI64(lit.v);
    case 'timepoint':
      return xdr.ScVal.scvTimepoint(lit.v);
    case 'duration':
      return xdr.ScVal.scvDuration(lit.v);
    case 'u128':
    case 'i128':
    case 'u256':
    case 'i256':
      return wideScVal(lit.t, lit.v);
    case 'symbol':
      // Symbol literals are byte strings (written as latin1 where the test's bytes are not ASCII).
      return xdr.ScVal.scvSymbol(Buffer.from(lit.v, 'latin1'));
    case 'string':
      return xdr.ScVal.scvString(lit.v);
    case 'bytes':
      return xdr.ScVal.scvBytes(hexBytes(lit.hex));
    case 'bytesFill':
      return xdr.ScVal.scvBytes(Buffer.alloc(lit.length, lit.byte));
    case 'vec':
      return xdr.ScVal.scvVec(lit.items.map(literalScVal));
    case 'map':
      return xdr.ScVal.scvMap(
        lit.entries.map(
          ([key, val]) => new xdr.ScMapEntry({ key: literalScVal(key), val: literalScVal(val) }),
        ),
      );
    case 'error': {
      const code = lit.code.startsWith('#') ? Number(lit.code.slice(1)) : (lit.code as ErrorCodeName);
      return xdr.ScVal.scvError(scError(new HostError(lit.type as ErrorTypeName, code)));
    }
    case 'address':
      return xdr.ScVal.scvAddress(literalAddress(lit.kind, hexBytes(lit.hex)));
    case 'muxedAddress':
      return xdr.ScVal.scvAddress(
        xdr.ScAddress.scAddressTypeMuxedAccount(
          new xdr.MuxedEd25519Account({ id: lit.id, ed25519: hexBytes(lit.hex) }),
        ),
      );
  }
}

function literalAddress(kind: Extract<Literal, { t: 'address' }>['kind'], id: Buffer): xdr.ScAddress {
  switch (kind) {
    case 'contract':
      return xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(id));
    case 'account':
      return xdr.ScAddress.scAddressTypeAccount(xdr.PublicKey.publicKeyTypeEd25519(id));
    case 'liquidityPool':
      return xdr.ScAddress.scAddressTypeLiquidityPool(new xdr.PoolId(id));
    case 'claimableBalance':
      return xdr.ScAddress.scAddressTypeClaimableBalance(xdr.ClaimableBalanceId.claimableBalanceIdTypeV0(id));
  }
}

const MASK64 = (1n << 64n) - 1n;

function wideScVal(t: 'u128' | 'i128' | 'u256' | 'i256', v: bigint): xdr.ScVal {
  const word = (shift: bigint) => (v >> shift) & MASK64;
  const signed = (w: bigint) => BigInt.asIntN(64, w);
  switch (t) {
    case 'u128':
      return xdr.ScVal.scvU128(new xdr.Uint128Parts({ hi: word(64n), lo: word(0n) }));
    case 'i128':
      return xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: signed(word(64n)), lo: word(0n) }));
    case 'u256':
      return xdr.ScVal.scvU256(
        new xdr.Uint256Parts({ hiHi: word(192n), hiLo: word(128n), loHi: word(64n), loLo: word(0n) }),
      );
    case 'i256':
      return xdr.ScVal.scvI256(
        new xdr.Int256Parts({ hiHi: signed(word(192n)), hiLo: word(128n), loHi: word(64n), loLo: word(0n) }),
      );
  }
}

/**
 * An object the test reads back: an address as `Address::to_sc_address` reads it (visited, its
 * ScAddress cloned), a hash as `hash_from_bytesobj_input` (visited, its 32 bytes copied out),
 * anything else visited.
 */
export function readObject(host: Host, val: Val, as: ReadAs): void {
  if (as === 'address') toScAddress(host, val);
  else if (as === 'hash') hash32(host.context(), val);
  else if (as === 'key65') fixedLengthBytes(host.context(), val, 65);
  else {
    host.budget.charge('VisitObject');
    host.objects.get(val);
  }
}
