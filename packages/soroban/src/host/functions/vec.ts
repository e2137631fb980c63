/** The `vec` env module (`host.rs`, vec_*): vectors are immutable; every change makes a new one. */
import { HostError } from '../../errors/host-error.js';
import { u32Of, type Val, VOID } from '../../values/val.js';
import { add, outOfBounds, u32Val, visit } from './access.js';
import { chargeCopy, chargeNewVec, VAL_SIZE } from './charges.js';
import { readCheckedVals, writeRelativeVals } from './linear-memory.js';
import type { CallContext, HostModule } from './types.js';

const items = (context: CallContext, v: Val): readonly Val[] => visit(context, v, 'Vec').value;
const newVec = (context: CallContext, value: Val[]): Val => {
  if (value.length > 0xffff_ffff)
    throw new HostError('Object', 'ExceededLimit', 'vector size limit exceeded');
  return add(context, { kind: 'Vec', value });
};
/** `HostVec::from_exact_iter`: a new vector's elements allocated and copied, then the object. */
const builtVec = (context: CallContext, value: Val[]): Val => {
  chargeNewVec(context, value.length, VAL_SIZE);
  return newVec(context, value);
};
/** `charge_access`: `count` elements read (`metered_vector.rs`). */
const access = (context: CallContext, count: number): void => chargeCopy(context, count, VAL_SIZE);

function below(index: number, bound: number): void {
  if (index >= bound) throw outOfBounds();
}
function atMost(index: number, bound: number): void {
  if (index > bound) throw outOfBounds();
}
function nonEmpty(vec: readonly Val[]): void {
  if (vec.length === 0) throw outOfBounds('vector is empty');
}

function indexWhere(context: CallContext, vec: readonly Val[], x: Val, fromEnd: boolean): Val {
  access(context, vec.length);
  const { compare } = context.host.comparator;
  for (let k = 0; k < vec.length; k++) {
    const i = fromEnd ? vec.length - 1 - k : k;
    if (compare(x, vec[i] as Val) === 0) return u32Val(i);
  }
  return VOID;
}

export const vec: HostModule = {
  vec_new: (context) => newVec(context, []),
  vec_put(context, v, i, x) {
    const vec = items(context, v);
    below(u32Of(i), vec.length);
    // `MeteredVector::set`: the whole vector cloned, then one element written.
    chargeNewVec(context, vec.length, VAL_SIZE);
    access(context, 1);
    return newVec(context, vec.map((item, k) => (k === u32Of(i) ? x : item)) as Val[]);
  },
  vec_get(context, v, i) {
    const vec = items(context, v);
    below(u32Of(i), vec.length);
    access(context, 1);
    return vec[u32Of(i)] as Val;
  },
  vec_del(context, v, i) {
    const vec = items(context, v);
    below(u32Of(i), vec.length);
    return builtVec(
      context,
      vec.filter((_, k) => k !== u32Of(i)),
    );
  },
  vec_len: (context, v) => u32Val(items(context, v).length),
  vec_push_front: (context, v, x) => builtVec(context, [x, ...items(context, v)]),
  vec_pop_front(context, v) {
    const vec = items(context, v);
    nonEmpty(vec);
    return builtVec(context, vec.slice(1));
  },
  vec_push_back: (context, v, x) => builtVec(context, [...items(context, v), x]),
  vec_pop_back(context, v) {
    const vec = items(context, v);
    nonEmpty(vec);
    return builtVec(context, vec.slice(0, -1));
  },
  vec_front(context, v) {
    const vec = items(context, v);
    access(context, 1);
    nonEmpty(vec);
    return vec[0] as Val;
  },
  vec_back(context, v) {
    const vec = items(context, v);
    access(context, 1);
    nonEmpty(vec);
    return vec[vec.length - 1] as Val;
  },
  vec_insert(context, v, i, x) {
    const vec = items(context, v);
    atMost(u32Of(i), vec.length);
    return builtVec(context, [...vec.slice(0, u32Of(i)), x, ...vec.slice(u32Of(i))]);
  },
  vec_append(context, v1, v2) {
    const first = items(context, v1);
    const second = items(context, v2);
    if (first.length > 0xffff_ffff - second.length)
      throw new HostError('Object', 'ArithDomain', 'arithmetic overflow');
    return builtVec(context, [...first, ...second]);
  },
  vec_slice(context, v, start, end) {
    const vec = items(context, v);
    atMost(u32Of(start), vec.length);
    atMost(u32Of(end), vec.length);
    if (u32Of(start) > u32Of(end))
      throw new HostError('Object', 'InvalidInput', 'start index greater than end index');
    return builtVec(context, vec.slice(u32Of(start), u32Of(end)));
  },
  vec_first_index_of: (context, v, x) => indexWhere(context, items(context, v), x, false),
  vec_last_index_of: (context, v, x) => indexWhere(context, items(context, v), x, true),
  /** Found: 1 in the high 32 bits and the index below; not found: the insertion point. */
  vec_binary_search(context, v, x) {
    const vec = items(context, v);
    // `charge_binsearch`: one element per halving, plus one.
    access(context, 1 + (vec.length === 0 ? 0 : 32 - Math.clz32(vec.length)));
    const { compare } = context.host.comparator;
    let low = 0;
    let high = vec.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const order = compare(vec[mid] as Val, x);
      if (order === 0) return (1n << 32n) | BigInt(mid);
      if (order < 0) low = mid + 1;
      else high = mid;
    }
    return BigInt(low);
  },
  vec_new_from_linear_memory(context, pos, len) {
    const count = u32Of(len);
    // The Vec made to read into, then the bytes' conversion to Vals: both before the read.
    chargeNewVec(context, count, VAL_SIZE);
    chargeCopy(context, count, VAL_SIZE);
    return newVec(context, readCheckedVals(context, u32Of(pos), count));
  },
  vec_unpack_to_linear_memory(context, v, pos, len) {
    const vec = items(context, v);
    if (vec.length !== u32Of(len))
      throw new HostError('Object', 'UnexpectedSize', 'differing host vector and output vector lengths');
    // The elements' conversion to bytes, then the write (which charges its copy again).
    chargeCopy(context, vec.length, VAL_SIZE);
    writeRelativeVals(context, u32Of(pos), vec);
    return VOID;
  },
};
