/** Drive scripts for soroban-env-host/src/test/lifecycle.rs at v23.0.0 (the ones with literal inputs). */
import { account, contract, keys, RECORDING, repeatByte, scriptsOf, sequence, slice, u32 } from './build.js';

/** `AddressExecutable`'s variants, by name. */
const EXECUTABLE_VARIANTS = keys('Wasm', 'StellarAsset', 'Account');
/** The native asset's XDR (`Asset::Native`). */
const NATIVE_ASSET = '00000000';

const ZERO_32 = repeatByte(0, 32);

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
});
