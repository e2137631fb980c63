/**
 * Drive scripts for soroban-env-host/src/test/storage.rs at v23.0.0 (the oversized key and value
 * tests: the 100_000_000-byte argument is refused while the test builds the argument vector, so
 * the contract never runs and the Rust test ends in a panic).
 */
import { RECORDING, scriptsOf, sequence, sliceFill, text } from './build.js';

const CONTRACT_STORAGE = 'wasm/20/example_contract_data.wasm';
const HUNDRED_MB = 100_000_000;

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

export default scriptsOf('storage', {
  test_large_instance_key: oversized('instance'),
  test_large_instance_value: oversized('instance'),
  test_large_persistent_key: oversized('persistent'),
  test_large_persistent_value: oversized('persistent'),
});
