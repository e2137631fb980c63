/**
 * The `int` module's 64-bit object functions (host.rs with host/num.rs,
 * impl_wrapping_obj_from_num / impl_wrapping_obj_to_num): obj_from_u64, obj_from_i64,
 * timepoint_obj_from_u64, duration_obj_from_u64 and their obj_to_* inverses.
 *
 * They are trivial: no range rule beyond the type itself (every u64 is a valid TimePoint and
 * Duration, every i64 an I64), no error of their own. obj_from_* always makes an object, even for
 * a value a small Val could hold, and charges nothing here (the new object's allocation is the
 * host's). obj_to_* clones the 8-byte number out of the object: MemCpy of 8, after the host's
 * VisitObject.
 */
import { expectKind } from './bounds.js';
import type { Meter } from './meter.js';

/** Each function and the raw integer it takes or gives. */
export const INT_OBJECT_64 = {
  obj_from_u64: 'u64',
  obj_to_u64: 'u64',
  obj_from_i64: 'i64',
  obj_to_i64: 'i64',
  timepoint_obj_from_u64: 'u64',
  timepoint_obj_to_u64: 'u64',
  duration_obj_from_u64: 'u64',
  duration_obj_to_u64: 'u64',
} as const;

export type Int64Kind = 'u64' | 'i64';

/** Declared size of a u64, i64, TimePoint or Duration. */
const WORD = 8n;

/** obj_from_u64 and the like: the number the new object holds. */
export function objFrom64(kind: Int64Kind, value: bigint): bigint {
  return expectKind(kind, value);
}

/** obj_to_u64 and the like: the number out of the object, charged as a copy. */
export function objTo64(meter: Meter, kind: Int64Kind, value: bigint): bigint {
  meter.charge('MemCpy', WORD);
  return expectKind(kind, value);
}
