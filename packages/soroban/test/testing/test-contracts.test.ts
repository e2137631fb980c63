/**
 * The Rust host's test contracts (`../shared/soroban/wasm`) behave as their sources say, run
 * through TestEnv: results, contract errors, host errors from bounds and missing code, calls
 * between contracts with `call` and `try_call`, storage of each durability, constructors, upload
 * and update.
 */
import { Address, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { TestEnv } from '../../src/testing/test-env.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';

const wasm = (name: string) => readSoroban(`wasm/${name}.wasm`);
const address = (contract: string) => xdr.ScVal.scvAddress(Address.fromString(contract).toScAddress());

describe.skipIf(!sorobanData)(
  `the host's test contracts (${sorobanData ? 'present' : NO_SOROBAN_DATA})`,
  () => {
    const errors = [
      { given: 'err_eek (Err of a contract error)', fn: 'err_eek', want: 'Error(Contract, #12345)' },
      { given: 'err_err (Err of an Error)', fn: 'err_err', want: 'Error(Contract, #12345)' },
      { given: 'ok_err (Ok of an Error)', fn: 'ok_err', want: 'Error(Contract, #12345)' },
      { given: 'ok_val_err (Ok of an error Val)', fn: 'ok_val_err', want: 'Error(Contract, #12345)' },
      { given: 'err (an Error)', fn: 'err', want: 'Error(Contract, #12345)' },
      { given: 'val (an error Val)', fn: 'val', want: 'Error(Contract, #12345)' },
      {
        given: 'missing_wasm (update to code never uploaded)',
        fn: 'missing_wasm',
        want: 'Error(Storage, MissingValue)',
      },
    ];
    it.each(errors)('err: $given is $want', ({ fn, want }) => {
      const env = new TestEnv();
      const id = env.register(wasm('20/example_err'));
      expect(() => env.invoke(id, fn)).toThrow(want);
    });

    it('err: divide by zero traps as the VM does, by anything else divides', () => {
      const env = new TestEnv();
      const id = env.register(wasm('20/example_err'));
      expect(env.invoke(id, 'divide', [5]).result).toBe(2);
      expect(() => env.invoke(id, 'divide', [0])).toThrow('Error(WasmVm, InvalidAction)');
    });

    it('vec: inserting past the end is the object bounds error', () => {
      const env = new TestEnv();
      const id = env.register(wasm('20/example_vec'));
      expect(() => env.invoke(id, 'vec_err', [1])).toThrow('Error(Object, IndexBounds)');
    });

    it('invoke_contract: add through call, and try_call swallowing the callee failing', () => {
      const env = new TestEnv();
      const adder = env.register(wasm('20/example_invoke_contract'));
      const caller = env.register(wasm('20/example_invoke_contract'));
      const sum = env.invoke(caller, 'add_with', [3, 4, address(adder)]);
      expect(sum.result).toBe(7);
      expect(sum.events.map((e) => e.event.body.v0.topics[0]?.toXdr('base64'))).toEqual([
        xdr.ScVal.scvSymbol('add_with').toXdr('base64'),
        xdr.ScVal.scvSymbol('add').toXdr('base64'),
      ]);
      expect(() => env.invoke(caller, 'add_with', [2147483647, 1, address(adder)])).toThrow(
        'Error(WasmVm, InvalidAction)',
      );
      const tried = env.invoke(caller, 'add_with_try', [2147483647, 1, address(adder)]);
      expect(tried.result).toBe(0);
      expect(tried.events.filter((e) => e.failedCall)).toHaveLength(1);
    });

    it('invoke_contract: a contract calling itself is refused as re-entry', () => {
      const env = new TestEnv();
      const id = env.register(wasm('20/example_invoke_contract'));
      expect(() => env.invoke(id, 'add_with', [1, 2, address(id)])).toThrow('Error(Context, InvalidAction)');
    });

    const durabilities = ['persistent', 'temporary', 'instance'];
    it.each(durabilities)('contract_data: put, has, get, del in %s storage', (durability) => {
      const env = new TestEnv();
      const id = env.register(wasm('20/example_contract_data'));
      expect(env.invoke(id, `has_${durability}`, ['k']).result).toBe(false);
      env.invoke(id, `put_${durability}`, ['k', 42n]);
      expect(env.invoke(id, `has_${durability}`, ['k']).result).toBe(true);
      expect(env.invoke(id, `get_${durability}`, ['k']).result).toBe(42n);
      env.invoke(id, `del_${durability}`, ['k']);
      expect(env.invoke(id, `has_${durability}`, ['k']).result).toBe(false);
      // The contract unwraps the missing value: a panic, which the VM reports as unreachable code.
      expect(() => env.invoke(id, `get_${durability}`, ['k'])).toThrow('Error(WasmVm, InvalidAction)');
    });

    it('complex: runs to completion, writes its entry and emits its event', () => {
      const env = new TestEnv();
      const id = env.register(wasm('20/example_complex'));
      const run = env.invoke(id, 'go');
      expect(run.events.filter((e) => e.event.type.name === 'contract')).toHaveLength(1);
      expect(
        run.changes.some(
          (c) => c.key.type === 'contractData' && c.key.contractData.durability.name === 'temporary',
        ),
      ).toBe(true);
    });

    it('constructors: a no-argument constructor writes all three storages', () => {
      const env = new TestEnv();
      const id = env.register(wasm('22/test_no_arg_constructor'));
      expect(env.invoke(id, 'get_data', ['key']).result).toBe(6);
    });

    it('constructors: one that returns a value fails the creation', () => {
      const env = new TestEnv();
      expect(() => env.register(wasm('22/test_constructor_with_return_value'))).toThrow(
        'Error(Value, UnexpectedType)',
      );
    });

    it('constructors: arguments for a contract built before protocol 22 are refused', () => {
      const env = new TestEnv();
      expect(() => env.register(wasm('20/example_add_i32'), [1])).toThrow('Error(Context, InvalidAction)');
    });

    it('upload and update: a contract replaces its own code and keeps its instance storage', () => {
      const env = new TestEnv();
      const uploader = env.register(wasm('20/example_upload_contract'));
      const hash = env.invoke<Buffer>(uploader, 'upload', [wasm('20/example_add_i32')]).result;
      expect(hash).toHaveLength(32);
      const updatable = env.register(wasm('20/example_updateable_contract'));
      expect(env.invoke(updatable, 'update', [hash, false]).result).toBe(123);
      expect(env.invoke(updatable, 'add', [2, 3]).result).toBe(5);
    });

    it('add_f32 is refused at upload', () => {
      const env = new TestEnv();
      expect(() => env.register(wasm('20/example_add_f32'))).toThrow('Error(WasmVm, InvalidAction)');
    });
  },
);
