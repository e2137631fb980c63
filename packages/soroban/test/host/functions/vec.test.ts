import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../../src/host/functions/types.js';
import { vec } from '../../../src/host/functions/vec.js';
import { HostState } from '../../../src/host/state.js';
import { fromU32, u32Of, type Val, VOID } from '../../../src/values/index.js';

function setup(items: number[]) {
  const context: CallContext = { host: new HostState(), vm: undefined };
  const v = context.host.objects.add({ kind: 'Vec', value: items.map(fromU32) });
  const read = (val: Val) => context.host.objects.expect(val, 'Vec').value.map(u32Of);
  return { context, v, read };
}

describe('the vec module', () => {
  const results = [
    {
      given: 'vec_put(1, 9)',
      run: (c: CallContext, v: Val) => vec.vec_put?.(c, v, fromU32(1), fromU32(9)),
      want: [1, 9, 3],
    },
    { given: 'vec_del(0)', run: (c: CallContext, v: Val) => vec.vec_del?.(c, v, fromU32(0)), want: [2, 3] },
    {
      given: 'vec_push_front(0)',
      run: (c: CallContext, v: Val) => vec.vec_push_front?.(c, v, fromU32(0)),
      want: [0, 1, 2, 3],
    },
    { given: 'vec_pop_back', run: (c: CallContext, v: Val) => vec.vec_pop_back?.(c, v), want: [1, 2] },
    {
      given: 'vec_insert(3, 4)',
      run: (c: CallContext, v: Val) => vec.vec_insert?.(c, v, fromU32(3), fromU32(4)),
      want: [1, 2, 3, 4],
    },
    {
      given: 'vec_slice(1, 3)',
      run: (c: CallContext, v: Val) => vec.vec_slice?.(c, v, fromU32(1), fromU32(3)),
      want: [2, 3],
    },
    {
      given: 'vec_slice(2, 2)',
      run: (c: CallContext, v: Val) => vec.vec_slice?.(c, v, fromU32(2), fromU32(2)),
      want: [],
    },
  ];
  it.each(results)('$given makes a new vector and leaves the old one', ({ run, want }) => {
    const { context, v, read } = setup([1, 2, 3]);
    expect(read(run(context, v) as Val)).toEqual(want);
    expect(read(v)).toEqual([1, 2, 3]);
  });

  const errors = [
    {
      given: 'vec_get past the end',
      run: (c: CallContext, v: Val) => vec.vec_get?.(c, v, fromU32(3)),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'vec_put past the end',
      run: (c: CallContext, v: Val) => vec.vec_put?.(c, v, fromU32(3), VOID),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'vec_insert past the end',
      run: (c: CallContext, v: Val) => vec.vec_insert?.(c, v, fromU32(4), VOID),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'vec_slice start after end',
      run: (c: CallContext, v: Val) => vec.vec_slice?.(c, v, fromU32(2), fromU32(1)),
      want: 'Error(Object, InvalidInput)',
    },
    {
      given: 'vec_slice end past the end',
      run: (c: CallContext, v: Val) => vec.vec_slice?.(c, v, fromU32(0), fromU32(4)),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'vec_new_from_linear_memory outside a VM',
      run: (c: CallContext) => vec.vec_new_from_linear_memory?.(c, fromU32(0), fromU32(1)),
      want: 'Error(WasmVm, InternalError)',
    },
  ];
  it.each(errors)('$given is $want', ({ run, want }) => {
    const { context, v } = setup([1, 2, 3]);
    expect(() => run(context, v)).toThrow(want);
  });

  it("answers an empty vector's front and pops with IndexBounds", () => {
    const { context, v } = setup([]);
    for (const name of ['vec_front', 'vec_back', 'vec_pop_front', 'vec_pop_back'] as const)
      expect(() => vec[name]?.(context, v)).toThrow('Error(Object, IndexBounds)');
  });

  it('finds by the host order: first and last index, binary search', () => {
    const { context, v } = setup([1, 3, 3, 7]);
    expect(u32Of(vec.vec_first_index_of?.(context, v, fromU32(3)) as Val)).toBe(1);
    expect(u32Of(vec.vec_last_index_of?.(context, v, fromU32(3)) as Val)).toBe(2);
    expect(vec.vec_first_index_of?.(context, v, fromU32(4))).toBe(VOID);
    expect(vec.vec_binary_search?.(context, v, fromU32(7))).toBe((1n << 32n) | 3n);
    expect(vec.vec_binary_search?.(context, v, fromU32(5))).toBe(3n);
    expect(vec.vec_binary_search?.(context, v, fromU32(0))).toBe(0n);
  });
});
