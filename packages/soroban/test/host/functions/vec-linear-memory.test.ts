/**
 * `vec_new_from_linear_memory` and `vec_unpack_to_linear_memory` charge as host.rs does: the Vec
 * read into and the bytes' conversion to Vals before the read (so a huge length runs out of budget
 * before any bounds check), the Vals' conversion to bytes before the write.
 */
import { describe, expect, it } from 'vitest';
import { vec } from '../../../src/host/functions/vec.js';
import { fromU32 } from '../../../src/values/index.js';
import { harness, outcome } from './support.js';

const POS = 16;
const charged = (h: ReturnType<typeof harness>) =>
  h.charges.map(({ costType, input }) => `${costType} ${input ?? ''}`.trim());

describe('vec linear-memory charges', () => {
  const cases = [
    {
      given: 'vec_new_from_linear_memory of 3 Vals',
      run: (h: ReturnType<typeof harness>) => {
        h.memory.putU64s(POS, [fromU32(1), fromU32(2), fromU32(3)]);
        h.call(vec, 'vec_new_from_linear_memory', POS, 3);
      },
      // charge_bulk_init_cpy (header, allocation, copy), the conversion, then the read.
      want: ['MemCpy 24', 'MemAlloc 24', 'MemCpy 24', 'MemCpy 24', 'MemCpy 24'],
    },
    {
      given: 'vec_unpack_to_linear_memory of 2 Vals',
      run: (h: ReturnType<typeof harness>) => {
        const v = h.host.objects.add({ kind: 'Vec', value: [fromU32(1), fromU32(2)] });
        h.charges.length = 0;
        h.call(vec, 'vec_unpack_to_linear_memory', v, POS, 2);
      },
      // The visit, the conversion to bytes, the write.
      want: ['VisitObject', 'MemCpy 16', 'MemCpy 16'],
    },
  ];
  it.each(cases)('$given', ({ run, want }) => {
    const h = harness({ memorySize: 256 });
    run(h);
    expect(charged(h).slice(0, want.length)).toEqual(want);
  });

  it('charges a huge length before it checks the bounds', () => {
    const h = harness({ memorySize: 256 });
    expect(outcome(() => h.call(vec, 'vec_new_from_linear_memory', POS, 1000))).toBe(
      'Error(WasmVm, IndexBounds)',
    );
    expect(charged(h)).toEqual(['MemCpy 24', 'MemAlloc 8000', 'MemCpy 8000', 'MemCpy 8000']);
  });
});
