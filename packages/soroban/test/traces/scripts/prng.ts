/**
 * Drive scripts for soroban-env-host/src/test/prng.rs at v23.0.0: `PRNGUsingTest`, a native test
 * contract (`adapter-native.ts`) at the zero id, drawing from its frame's PRNG under a base seed.
 */
import type { Literal } from '../script-types.js';
import {
  buffer,
  contract,
  RECORDING_DEBUG,
  repeatByte,
  type Sequence,
  scriptsOf,
  sequence,
  sym,
  u32,
  u32s,
  u64,
  vals,
  vec,
} from './build.js';

/** `host_and_contract_with_seed`: debug on, the base seed set, the contract registered. */
function withSeed(s: Sequence, seedByte: number) {
  s.basePrngSeed(repeatByte(seedByte, 32));
  const id = s.object(contract(repeatByte(0, 32)));
  s.registerNative(id, 'prng');
  return id;
}

/** `base_prng_seed`'s run on one of its hosts: a u64 drawn in 0..=90, read back. */
function u64Range(seedByte: number) {
  return {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = withSeed(s, seedByte);
      s.call('obj_to_u64', s.call('call', id, sym('u64_range'), s.make(vec(u64(0n), u64(90n)))));
    }),
  };
}

/** `base_prng_seed_bytes`'s run on one of its hosts: 32 bytes drawn, copied out. */
function bytesNew(seedByte: number) {
  return {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = withSeed(s, seedByte);
      const bytes = s.call('call', id, sym('bytes_new'), s.make(vec(u64(0n))));
      s.call('bytes_copy_to_slice', bytes, u32(0), buffer(32));
    }),
  };
}

/**
 * How many draws in 0..=100 `try_until_chosen_number` makes before it draws 42: the PRNG decides,
 * so the count is the trace's (the Rust test stops at the first 42).
 */
const DRAWS_UNTIL_42 = 193;

/** `<[u8; 32]>::try_from_val` of a Bytes object: its length checked, its bytes copied out. */
function readSeed(s: Sequence, bytes: ReturnType<Sequence['call']>): void {
  s.call('bytes_len', bytes);
  s.call('bytes_copy_to_slice', bytes, u32(0), buffer(32));
}

const ONE_TO_EIGHT: Literal[] = [1, 2, 3, 4, 5, 6, 7, 8].map((v) => ({ t: 'i32', v }));

export default scriptsOf('prng', {
  base_prng_seed_0: u64Range(0),
  base_prng_seed_1: u64Range(0),
  base_prng_seed_2: u64Range(2),
  base_prng_seed_bytes_0: bytesNew(0),
  base_prng_seed_bytes_1: bytesNew(0),
  base_prng_seed_bytes_2: bytesNew(2),
  // Bytes, u64s in a range, a shuffle and two reseeds, each call in a frame of its own.
  prng_test: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = withSeed(s, 0);
      const args = s.make(vec({ t: 'i32', v: 1 }, { t: 'i32', v: 2 }));
      const bytes0 = s.call('call', id, sym('bytes_new'), args);
      const bytes1 = s.call('call', id, sym('bytes_new'), args);
      s.call('obj_cmp', bytes0, bytes1);
      s.call('bytes_copy_to_slice', bytes0, u32(0), buffer(32));
      s.call('bytes_copy_to_slice', bytes1, u32(0), buffer(32));
      const range = s.make(vec(u64(12345n), u64(78910n)));
      s.call('obj_to_u64', s.call('call', id, sym('u64_range'), range));
      s.call('obj_to_u64', s.call('call', id, sym('u64_range'), range));
      const shuffled = s.call('call', id, sym('shuffle'), s.make(vec(vec(...ONE_TO_EIGHT))));
      s.toScVal(shuffled, true);
      const reseed = s.call('vec_new_from_slice', { a: 'vals', items: [bytes0] });
      const res0 = s.call('call', id, sym('reseed'), reseed);
      const res1 = s.call('call', id, sym('reseed'), reseed);
      s.call('obj_cmp', res0, res1);
    }),
  },
  try_until_chosen_number: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = withSeed(s, 0);
      for (let i = 0; i < DRAWS_UNTIL_42; i++)
        s.call('obj_to_u64', s.call('call', id, sym('u64_range'), s.make(vec(u64(0n), u64(100n)))));
    }),
  },
  // Reveal before commit, commit twice, reveal too early, then at the next ledger (101 times).
  commit_reveal: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = withSeed(s, 0);
      const args = s.make(u32s());
      s.call('try_call', id, sym('reveal'), args);
      s.call('call', id, sym('commit'), args);
      s.call('try_call', id, sym('commit'), args);
      s.call('try_call', id, sym('reveal'), args);
      s.ledgerSequence('next');
      for (let i = 0; i < 101; i++) s.call('call', id, sym('reveal'), args);
    }),
  },
  // For base seeds [i, 0, ..] (i < 75): the caller's frame seed and its callee's, read back.
  check_caller_and_callee_seed_always_different_0: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id0 = withSeed(s, 0);
      const id1 = s.object(contract(repeatByte(1, 32)));
      s.registerNative(id1, 'prng');
      for (let i = 0; i < 75; i++) {
        s.basePrngSeed(i.toString(16).padStart(2, '0') + repeatByte(0, 31));
        readSeed(s, s.call('call', id0, sym('getseed'), s.call('vec_new_from_slice', vals())));
        readSeed(s, s.call('call', id0, sym('subseed'), s.call('vec_new_from_slice', vals(id1))));
      }
    }),
  },
});
