/**
 * The 64-bit Val (`soroban-env-common/src/val.rs`) as a bigint: tag in the low 8 bits, a 56-bit
 * body above it, which some tags split into a 32-bit major and a 24-bit minor part.
 */
import { ErrorCode, ErrorType, type ErrorTypeName, HostError } from '../errors/host-error.js';
import { isObjectTag, Tag, type TagNumber } from './tags.js';

export type Val = bigint;

const TAG_BITS = 8n;
const MINOR_BITS = 24n;
const TAG_MASK = 0xffn;
const MINOR_MASK = (1n << MINOR_BITS) - 1n;
const MAJOR_MASK = 0xffff_ffffn;
const WORD_MASK = (1n << 64n) - 1n;

/** The range of a 56-bit body, unsigned and signed: what fits a small number. */
export const MAX_SMALL_U64 = (1n << 56n) - 1n;
export const MIN_SMALL_I64 = -(1n << 55n);
export const MAX_SMALL_I64 = (1n << 55n) - 1n;

export const tagOf = (val: Val): number => Number(val & TAG_MASK);
export const bodyOf = (val: Val): bigint => val >> TAG_BITS;
/** The body read as a signed 56-bit number (an arithmetic shift of the word read as i64). */
export const signedBodyOf = (val: Val): bigint => BigInt.asIntN(64, val) >> TAG_BITS;
export const majorOf = (val: Val): number => Number((val >> (TAG_BITS + MINOR_BITS)) & MAJOR_MASK);
export const minorOf = (val: Val): number => Number((val >> TAG_BITS) & MINOR_MASK);

export const fromBodyAndTag = (body: bigint, tag: TagNumber): Val =>
  ((body << TAG_BITS) | BigInt(tag)) & WORD_MASK;
export const fromMajorMinorAndTag = (major: number, minor: number, tag: TagNumber): Val =>
  fromBodyAndTag((BigInt(major >>> 0) << MINOR_BITS) | BigInt(minor), tag);

/** A word from WebAssembly arrives as a signed i64: the Val is its unsigned reading. */
export const fromWasm = (word: bigint): Val => BigInt.asUintN(64, word);
/** A Val handed to WebAssembly as i64. */
export const toWasm = (val: Val): bigint => BigInt.asIntN(64, val);

export const FALSE: Val = BigInt(Tag.False);
export const TRUE: Val = BigInt(Tag.True);
export const VOID: Val = BigInt(Tag.Void);

export const fromBool = (value: boolean): Val => (value ? TRUE : FALSE);
export const fromU32 = (value: number): Val => fromMajorMinorAndTag(value, 0, Tag.U32Val);
export const fromI32 = (value: number): Val => fromMajorMinorAndTag(value | 0, 0, Tag.I32Val);
export const u32Of = (val: Val): number => majorOf(val);
export const i32Of = (val: Val): number => majorOf(val) | 0;

/** An error as a Val: major = code, minor = ScErrorType. */
export const fromError = (type: ErrorTypeName, code: number): Val =>
  fromMajorMinorAndTag(code, ErrorType[type], Tag.Error);

export function errorOf(val: Val): HostError {
  const type = HostError.typeOf(minorOf(val));
  if (!type) throw new HostError('Value', 'InvalidInput', 'an error Val of no known type');
  return new HostError(type, majorOf(val));
}

const UNSIGNED_SMALL = [Tag.U64Small, Tag.TimepointSmall, Tag.DurationSmall, Tag.U128Small, Tag.U256Small];
const SIGNED_SMALL = [Tag.I64Small, Tag.I128Small, Tag.I256Small];

/** The tags of numbers held in the Val itself. */
export const isSmallNumberTag = (tag: number): boolean =>
  (UNSIGNED_SMALL as number[]).includes(tag) || (SIGNED_SMALL as number[]).includes(tag);

/** A number held in the Val itself, when it fits 56 bits (else the caller makes an object). */
export function smallNumber(value: bigint, tag: TagNumber): Val | undefined {
  if ((UNSIGNED_SMALL as number[]).includes(tag))
    return value >= 0n && value <= MAX_SMALL_U64 ? fromBodyAndTag(value, tag) : undefined;
  if ((SIGNED_SMALL as number[]).includes(tag))
    return value >= MIN_SMALL_I64 && value <= MAX_SMALL_I64
      ? fromBodyAndTag(BigInt.asUintN(56, value), tag)
      : undefined;
  throw new TypeError(`tag ${tag} holds no small number`);
}

/** The number a small-number Val holds. */
export function smallNumberOf(val: Val): bigint {
  const tag = tagOf(val);
  if ((UNSIGNED_SMALL as number[]).includes(tag)) return bodyOf(val);
  if ((SIGNED_SMALL as number[]).includes(tag)) return signedBodyOf(val);
  throw new TypeError(`tag ${tag} holds no small number`);
}

/** An object reference: major = handle, minor = 0. */
export const fromHandle = (handle: number, tag: TagNumber): Val => fromMajorMinorAndTag(handle, 0, tag);
export const handleOf = (val: Val): number => majorOf(val);
export const isObject = (val: Val): boolean => isObjectTag(tagOf(val));

/** Relative handles (even) index a VM frame's table; absolute ones (odd) the host's object table. */
export const isRelativeHandle = (handle: number): boolean => (handle & 1) === 0;
export const handleToIndex = (handle: number): number => handle >>> 1;
export function indexToHandle(index: number, relative: boolean): number {
  if (!Number.isSafeInteger(index) || index < 0 || index > 0x7fff_ffff)
    throw new HostError('Context', 'ArithDomain', 'object index out of range');
  return ((index << 1) | (relative ? 0 : 1)) >>> 0;
}

const SYMBOL_SMALL_MASK = (1n << 54n) - 1n;

/**
 * Whether a word is a well-formed Val (`Val::is_good`): a known tag, and a body its tag allows.
 * The host refuses anything else from a guest with Error(Value, InvalidInput).
 */
export function isGood(val: Val): boolean {
  const tag = tagOf(val);
  switch (tag) {
    case Tag.False:
    case Tag.True:
    case Tag.Void:
      return bodyOf(val) === 0n;
    case Tag.U32Val:
    case Tag.I32Val:
      return minorOf(val) === 0;
    case Tag.Error: {
      const type = HostError.typeOf(minorOf(val));
      if (!type) return false;
      return type === 'Contract' || majorOf(val) <= ErrorCode.UnexpectedSize;
    }
    case Tag.SymbolSmall:
      return (bodyOf(val) & SYMBOL_SMALL_MASK) === bodyOf(val);
    default:
      // Any body is a small number; objects name their handle in the major part alone.
      return isSmallNumberTag(tag) || (isObjectTag(tag) && minorOf(val) === 0);
  }
}

/** The Val, or the host's error for a malformed one. */
export function checkVal(val: Val): Val {
  if (!isGood(val)) throw new HostError('Value', 'InvalidInput', `malformed Val 0x${val.toString(16)}`);
  return val;
}
