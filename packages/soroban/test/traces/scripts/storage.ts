/**
 * Drive scripts for soroban-env-host/src/test/storage.rs at v23.0.0: `test_storage` over each
 * storage type of example_contract_data.wasm, and the oversized key and value tests (the
 * 100_000_000-byte argument is refused while the test builds the argument vector, so the contract
 * never runs and the Rust test ends in a panic).
 */
import type { Literal, ScriptArg, ScriptSetup } from '../script-types.js';
import {
  RECORDING,
  raw,
  type Sequence,
  scriptsOf,
  sequence,
  sliceFill,
  sym,
  text,
  u32,
  u64,
  vals,
} from './build.js';

const CONTRACT_STORAGE = 'wasm/20/example_contract_data.wasm';
const INVOKE_CONTRACT = 'wasm/20/example_invoke_contract.wasm';
const HUNDRED_MB = 100_000_000;
/** The test ledger's `max_live_until_ledger` (sequence 0 + max TTL 6_312_000 - 1) less its sequence. */
const MAX_EXTEND = 6_311_999;

/** register, name `put_<storage>` (a symbol object: longer than 9), then the big byte string. */
function oversized(storage: 'instance' | 'persistent') {
  return {
    setup: RECORDING,
    steps: sequence((s) => {
      s.register(CONTRACT_STORAGE);
      s.call('symbol_new_from_slice', text(`put_${storage}`));
      // test_vec![host, key_or_value, ...]: the bytes are the first argument converted that needs the host
      s.call('bytes_new_from_slice', sliceFill(0, HUNDRED_MB));
    }),
  };
}

/** `Symbol::try_from_val(host, name)`: small up to 9 characters, else `symbol_new_from_slice`. */
const symbol = (s: Sequence, name: string): Literal | ScriptArg =>
  name.length <= 9 ? sym(name) : s.call('symbol_new_from_slice', text(name));

/**
 * `test_storage(host, contract_id, storage)`: has, put, has, extend to the maximum and one past
 * it, put `u64::MAX` under a long key, get both, update, delete twice, has. Rust evaluates the
 * function's name before the argument vector (`test_vec!`), but `extend_args` is built first.
 */
function testStorage(s: Sequence, id: ScriptArg, storage: 'persistent' | 'temporary' | 'instance'): void {
  const key1 = sym('key_1');
  const key2 = s.call('symbol_new_from_slice', text('this_is_key_2'));
  const invoke = (fn: string, args: () => (Literal | ScriptArg)[]) => {
    const name = symbol(s, `${fn}_${storage}`);
    return s.call('call', id, name, s.call('vec_new_from_slice', vals(...args())));
  };
  invoke('has', () => [key1]);
  invoke('put', () => [key1, u64(1234n)]);
  invoke('has', () => [key1]);
  s.call('get_ledger_sequence');
  for (const extendTo of [MAX_EXTEND, MAX_EXTEND + 1]) {
    const keyArg = storage === 'instance' ? [] : [key1];
    const args = s.call('vec_new_from_slice', vals(...keyArg, u32(1), u32(extendTo)));
    s.call('call', id, symbol(s, `extend_${storage}`), args);
  }
  invoke('put', () => [key2, s.call('obj_from_u64', raw(2n ** 64n - 1n))]);
  invoke('has', () => [s.call('symbol_new_from_slice', text('this_is_key_2'))]);
  invoke('get', () => [key1]);
  const max = invoke('get', () => [key2]);
  s.call('obj_to_u64', max);
  invoke('put', () => [key2, u64(4321n)]);
  invoke('get', () => [key2]);
  invoke('del', () => [key1]);
  invoke('del', () => [key1]);
  invoke('has', () => [key1]);
  invoke('has', () => [key2]);
}

/** A contract_data contract registered, then `test_storage` over each storage type given. */
function storageTests(setup: ScriptSetup, ...storages: ('persistent' | 'temporary' | 'instance')[]) {
  return {
    setup,
    steps: sequence((s) => {
      const id = s.register(CONTRACT_STORAGE);
      for (const storage of storages) testStorage(s, id, storage);
    }),
  };
}

export default scriptsOf('storage', {
  // The invoke contract extends the storage contract's instance to 5000, which extends its own to 5010;
  // the test reads the instance's TTL from the storage map before and after.
  test_nested_bump: {
    setup: RECORDING,
    steps: sequence((s) => {
      const invoke = s.register(INVOKE_CONTRACT);
      const storage = s.register(CONTRACT_STORAGE);
      s.readInstance(storage, true);
      const fn = s.call('symbol_new_from_slice', text('invoke_storage'));
      const extend = s.call('symbol_new_from_slice', text('extend_instance'));
      s.call('call', invoke, fn, s.call('vec_new_from_slice', vals(storage, extend, u32(5000), u32(5000))));
      s.readInstance(storage, false);
    }),
  },
  test_large_instance_key: oversized('instance'),
  test_large_instance_value: oversized('instance'),
  test_large_persistent_key: oversized('persistent'),
  test_large_persistent_value: oversized('persistent'),
  test_persistent_storage: storageTests(RECORDING, 'persistent'),
  test_temp_storage: storageTests(RECORDING, 'temporary'),
  test_instance_storage: storageTests(RECORDING, 'instance'),
  // The keyspaces of the storage types are apart: the same keys in each, one after another.
  test_storage_mix: storageTests({ ...RECORDING, unlimited: 'both' }, 'persistent', 'temporary', 'instance'),
});
