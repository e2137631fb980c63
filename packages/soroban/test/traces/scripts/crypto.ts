/** Drive scripts for soroban-env-host/src/test/crypto.rs at v23.0.0 (the hash tests). */

import type { ScriptArg } from '../script-types.js';
import { hexOf, repeatByte, scriptsOf, sequence, slice, sliceFill } from './build.js';

/**
 * Hash the empty string, one 0x01 byte, a text and a million 0x01 bytes; then, with the budget
 * reset to its default, ten million 0x01 bytes, which the budget refuses.
 */
function hashTest(fn: string) {
  return sequence((s) => {
    const hash = (input: ScriptArg) => {
      const out = s.call(fn, s.call('bytes_new_from_slice', input));
      s.read(out, 'hash');
    };
    hash(slice(''));
    hash(slice(repeatByte(1, 1)));
    hash(slice(hexOf('test vector for soroban')));
    hash(sliceFill(1, 1_000_000));
    s.host('reset_budget_default');
    s.call(fn, s.call('bytes_new_from_slice', sliceFill(1, 10_000_000)));
  });
}

export default scriptsOf('crypto', {
  sha256_test: hashTest('compute_hash_sha256'),
  keccak256_test: hashTest('compute_hash_keccak256'),
});
