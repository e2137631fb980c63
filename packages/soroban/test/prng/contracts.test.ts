/**
 * Contracts calling the `prng` and `test` modules through a TestEnv: imports linked, draws from each
 * invocation's own frame PRNG, and one base PRNG across invocations (as the Rust SDK's test `Env`
 * keeps one host). With the zero seed the draws are those of the Rust host's `prng_test` golden
 * trace, where the same four frames draw in the same order.
 */
import { xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { testModule } from '../../src/host/functions/test-module.js';
import { HostState } from '../../src/host/state.js';
import { dispatchProtocolError, hostFunctionByName } from '../../src/interface/index.js';
import { TestEnv } from '../../src/testing/test-env.js';
import { VOID } from '../../src/values/val.js';
import { readSoroban, sorobanData } from '../support/shared.js';
import { contract } from '../vm/wat.js';

/** U32Val(32); results as U64Small Vals (tag 6, body above 8 tag bits). */
const PRNG_CONTRACT = contract(`
  (module
    (import "p" "_" (func $reseed (param i64) (result i64)))
    (import "p" "0" (func $bytes_new (param i64) (result i64)))
    (import "p" "1" (func $range (param i64 i64) (result i64)))
    (import "p" "2" (func $shuffle (param i64) (result i64)))
    (import "t" "_" (func $dummy0 (result i64)))
    (memory 1)
    (export "memory" (memory 0))
    (func $small_u64 (param i64) (result i64)
      (i64.or (i64.shl (local.get 0) (i64.const 8)) (i64.const 6)))
    (func (export "bytes32") (result i64) (call $bytes_new (i64.const 0x2000000004)))
    (func (export "range") (param i64 i64) (result i64)
      (call $small_u64 (call $range
        (i64.shr_u (local.get 0) (i64.const 8)) (i64.shr_u (local.get 1) (i64.const 8)))))
    (func (export "reseed") (param i64) (result i64)
      (drop (call $reseed (local.get 0)))
      (call $small_u64 (call $range (i64.const 0) (i64.const 100))))
    (func (export "shuffle") (param i64) (result i64) (call $shuffle (local.get 0)))
    (func (export "dummy") (result i64) (call $dummy0)))
`);

const u64 = (n: number) => xdr.ScVal.scvU64(xdr.Uint64.fromString(String(n)));
const bytes = (b: Uint8Array) => xdr.ScVal.scvBytes(Buffer.from(b));

describe('the prng module from a contract', () => {
  it('draws what the Rust host draws for the same frames (prng_test: 2 byte draws, then 19133 and 64200)', () => {
    const env = new TestEnv();
    const id = env.register(PRNG_CONTRACT);
    const first = Buffer.from(env.invoke<Uint8Array>(id, 'bytes32').result);
    const second = Buffer.from(env.invoke<Uint8Array>(id, 'bytes32').result);
    expect([first.length, second.length]).toEqual([32, 32]);
    expect(first.equals(second)).toBe(false);
    const draws = [1, 2].map(() => env.invoke<bigint>(id, 'range', [u64(12345), u64(78910)]).result);
    expect(draws).toEqual([19133n, 64200n]);
  });

  it('gives the first frame of a zero seed 33 in 0..=90, and another seed another draw', () => {
    const draw = (seed?: Uint8Array) => {
      const env = new TestEnv(seed ? { prngSeed: seed } : {});
      return env.invoke<bigint>(env.register(PRNG_CONTRACT), 'range', [u64(0), u64(90)]).result;
    };
    expect([draw(), draw(new Uint8Array(32)), draw(new Uint8Array(32).fill(2))]).toEqual([33n, 33n, 81n]);
  });

  it('reseeds: the same seed gives the same draw in any invocation', () => {
    const env = new TestEnv();
    const id = env.register(PRNG_CONTRACT);
    const seed = new Uint8Array(32).fill(9);
    const a = env.invoke<bigint>(id, 'reseed', [bytes(seed)]).result;
    env.invoke(id, 'bytes32');
    expect(env.invoke<bigint>(id, 'reseed', [bytes(seed)]).result).toBe(a);
  });

  it.each([
    {
      name: 'a reseed with 31 bytes',
      fn: 'reseed',
      args: [bytes(new Uint8Array(31))],
      error: 'Error(Value, UnexpectedSize)',
    },
    {
      name: 'a reseed with 33 bytes',
      fn: 'reseed',
      args: [bytes(new Uint8Array(33))],
      error: 'Error(Value, UnexpectedSize)',
    },
    { name: 'an inverted range', fn: 'range', args: [u64(5), u64(4)], error: 'Error(Value, InvalidInput)' },
  ])('fails $name with $error', ({ fn, args, error }) => {
    const env = new TestEnv();
    const id = env.register(PRNG_CONTRACT);
    expect(() => env.invoke(id, fn, args)).toThrow(error);
  });

  it('shuffles a copy of the vector, keeping its elements', () => {
    const env = new TestEnv();
    const id = env.register(PRNG_CONTRACT);
    const items = Array.from({ length: 20 }, (_, i) => xdr.ScVal.scvU32(i));
    const shuffled = env.invoke<number[]>(id, 'shuffle', [xdr.ScVal.scvVec(items)]).result;
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items.map((_, i) => i));
    expect(shuffled).not.toEqual(items.map((_, i) => i));
  });
});

describe('the test module from a contract', () => {
  it('dummy0 answers Void', () => {
    const env = new TestEnv();
    expect(env.invoke(env.register(PRNG_CONTRACT), 'dummy').returnValue.type).toBe('scvVoid');
  });

  // protocol_gate.rs, test_native_mode_calling_protocol_gated_host_fn: a call outside the
  // function's protocols fails with Error(Context, IndexBounds); at protocol 19 it answers Void.
  it.each([
    { protocol: 18, want: 'Error(Context, IndexBounds)' },
    { protocol: 19, want: 'Void' },
    { protocol: 20, want: 'Error(Context, IndexBounds)' },
  ])('protocol_gated_dummy called at ledger protocol $protocol: $want', ({ protocol, want }) => {
    const signature = hostFunctionByName('protocol_gated_dummy');
    if (!signature) throw new Error('protocol_gated_dummy is not in the interface');
    const context = { host: new HostState(), vm: undefined };
    const call = () => (testModule.protocol_gated_dummy?.(context) === VOID ? 'Void' : '?');
    expect(dispatchProtocolError(signature, protocol)?.short ?? call()).toBe(want);
  });

  it('protocol_gated_dummy (protocol 19 only) cannot be imported at protocol 23', () => {
    const gated = contract(`(module (import "t" "0" (func $gated (result i64)))
      (func (export "go") (result i64) (call $gated)))`);
    expect(() => new TestEnv().register(gated)).toThrow('Error(WasmVm, InvalidAction)');
  });
});

describe.skipIf(!sorobanData)('an SDK-built contract drawing random bytes (loadgen)', () => {
  const loadgen = () => readSoroban('wasm/20/loadgen.wasm');
  /** do_work writes one 1 KiB entry of `prng().fill` bytes; the entry's value, as XDR. */
  const written = (seed: Uint8Array) => {
    const env = new TestEnv({ prngSeed: seed });
    const call = env.invoke(env.register(loadgen()), 'do_work', [1, 1, 1, 1]);
    const entry = call.changes.find((c) => c.entry?.data.type === 'contractData')?.entry;
    if (entry?.data.type !== 'contractData') throw new Error('no data entry written');
    return entry.data.contractData.val;
  };

  it('writes the same random bytes for the same seed, other bytes for another', () => {
    const [a, b, c] = [new Uint8Array(32), new Uint8Array(32), new Uint8Array(32).fill(1)].map(written);
    expect(a?.type).toBe('scvBytes');
    expect(a?.type === 'scvBytes' && a.bytes.value.length).toBe(1024);
    expect(a?.toXDR('hex')).toBe(b?.toXDR('hex'));
    expect(a?.toXDR('hex')).not.toBe(c?.toXDR('hex'));
  });
});
