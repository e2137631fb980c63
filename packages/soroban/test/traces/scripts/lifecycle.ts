/** Drive scripts for soroban-env-host/src/test/lifecycle.rs at v23.0.0 (the ones with literal inputs). */
import { account, contract, RECORDING, repeatByte, scriptsOf, sequence } from './build.js';

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
});
