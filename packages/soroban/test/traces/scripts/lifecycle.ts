/** Drive scripts for soroban-env-host/src/test/lifecycle.rs at v23.0.0 (the ones with literal inputs). */
import type { ScriptArg } from '../script-types.js';
import {
  account,
  bool,
  buffer,
  contract,
  i32,
  keys,
  RECORDING,
  repeatByte,
  type Sequence,
  scriptsOf,
  sequence,
  slice,
  storage,
  sym,
  u32,
  vals,
} from './build.js';

/** `AddressExecutable`'s variants, by name. */
const EXECUTABLE_VARIANTS = keys('Wasm', 'StellarAsset', 'Account');
/** The native asset's XDR (`Asset::Native`). */
const NATIVE_ASSET = '00000000';

const ZERO_32 = repeatByte(0, 32);

const UPDATEABLE_CONTRACT = 'wasm/20/example_updateable_contract.wasm';
const ADD_I32 = 'wasm/20/example_add_i32.wasm';

/**
 * `AddressExecutable::try_from_val` of `get_address_executable`: the tag looked up among the
 * variants' names, then a Wasm executable's hash taken as a `BytesN<32>` (its length checked).
 */
function wasmExecutable(s: Sequence, address: ScriptArg): ScriptArg {
  const executable = s.call('get_address_executable', address);
  s.call('symbol_index_in_strs', s.call('vec_get', executable, u32(0)), EXECUTABLE_VARIANTS);
  const hash = s.call('vec_get', executable, u32(1));
  s.call('bytes_len', hash);
  return hash;
}

/** The executable's hash compared with the upload's: `hash_from_bytesobj_input`, then `to_array`. */
function compareHash(s: Sequence, executableHash: ScriptArg, uploadedHash: ScriptArg): void {
  s.read(uploadedHash, 'hash');
  s.call('bytes_copy_to_slice', executableHash, u32(0), buffer(32));
}

/** `update(hash, fail)` on an updateable contract: `test_vec![host, &hash, &fail]`. */
const update = (s: Sequence, id: ScriptArg, hash: ScriptArg, fail: boolean): ScriptArg =>
  s.call('call', id, sym('update'), s.call('vec_new_from_slice', vals(hash, bool(fail))));

export default scriptsOf('lifecycle', {
  // Module path cap_68_executable_getter::get_non_existent_executable; both addresses have no entry.
  cap_68_executable_getter__get_non_existent_executable: {
    setup: RECORDING,
    steps: sequence((s) => {
      const c = s.object(contract(ZERO_32));
      const a = s.object(account(ZERO_32));
      s.call('get_address_executable', c);
      s.call('get_address_executable', a);
    }),
  },
  // An account (`create_account` of the zero key) is the `Account` executable, read back as the
  // `AddressExecutable` enum: its tag got, then looked up among the variants' names.
  cap_68_executable_getter__get_account_executable: {
    setup: RECORDING,
    steps: sequence((s) => {
      s.ledger({
        op: 'account',
        account: ZERO_32,
        signers: [],
        balance: 0n,
        subEntries: 0,
        thresholds: [0, 0, 0, 0],
        flags: 0,
      });
      const executable = s.call('get_address_executable', s.object(account(ZERO_32)));
      const tag = s.call('vec_get', executable, u32(0));
      s.call('symbol_index_in_strs', tag, EXECUTABLE_VARIANTS);
    }),
  },
  // The native asset's contract (`TestStellarAssetContract::new_from_asset`) is `StellarAsset`.
  cap_68_executable_getter__get_stellar_asset_contract_executable: {
    setup: RECORDING,
    steps: sequence((s) => {
      const sac = s.call('create_asset_contract', s.call('bytes_new_from_slice', slice(NATIVE_ASSET)));
      const executable = s.call('get_address_executable', sac);
      const tag = s.call('vec_get', executable, u32(0));
      s.call('symbol_index_in_strs', tag, EXECUTABLE_VARIANTS);
    }),
  },
  // The executable before and after `update` to example_add_i32.wasm's hash, each compared with
  // the hash the upload gave (read back as the test's `hash_from_bytesobj_input`).
  cap_68_executable_getter__get_wasm_executable_with_wasm_update: {
    setup: RECORDING,
    steps: sequence((s) => {
      const oldHash = s.uploadWasm(UPDATEABLE_CONTRACT);
      const id = s.register(UPDATEABLE_CONTRACT);
      compareHash(s, wasmExecutable(s, id), oldHash);
      const newHash = s.uploadWasm(ADD_I32);
      update(s, id, newHash, false);
      compareHash(s, wasmExecutable(s, id), newHash);
    }),
  },
  // `update` to a hash with no code (refused), to example_add_i32.wasm's failing after (rolled
  // back), then for good: the instance keeps its data, the event names both hashes, `add` runs.
  test_contract_wasm_update: {
    setup: RECORDING,
    steps: sequence((s) => {
      const oldHash = s.uploadWasm(UPDATEABLE_CONTRACT);
      const id = s.register(UPDATEABLE_CONTRACT);
      update(s, id, s.call('bytes_new_from_slice', slice(ZERO_32)), false);
      s.host('get_events');
      const newHash = s.uploadWasm(ADD_I32);
      update(s, id, newHash, true);
      s.host('get_events');
      update(s, id, newHash, false);
      s.testFrame(id, '', () => {
        s.call('get_contract_data', sym('foo'), storage('Instance'));
      });
      s.host('get_events');
      s.read(oldHash, 'hash');
      s.read(newHash, 'hash');
      // `contract_id_from_address` for the event the test expects.
      s.read(id, 'address');
      s.call('call', id, sym('add'), s.call('vec_new_from_slice', vals(i32(10), i32(20))));
    }),
  },
  // `try_upd` has one contract update another through `try_call`: failing after the update
  // leaves it as it was, then it is updated and runs `add`.
  test_contract_wasm_update_with_try_call: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.register(UPDATEABLE_CONTRACT);
      const updated = s.register(UPDATEABLE_CONTRACT);
      const hash = s.uploadWasm(ADD_I32);
      for (const fail of [true, false]) {
        s.call('call', id, sym('try_upd'), s.call('vec_new_from_slice', vals(updated, hash, bool(fail))));
        s.host('get_events');
      }
      s.call('call', updated, sym('add'), s.call('vec_new_from_slice', vals(i32(10), i32(20))));
    }),
  },
});
