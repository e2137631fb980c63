/**
 * Drive scripts for the Stellar asset contract tests of
 * soroban-env-host/src/test/stellar_asset_contract.rs at v23.0.0 that hold balances in WASM
 * contracts: a transfer contract moving more than an i64 at once.
 */
import type { Literal, ScriptArg } from '../script-types.js';
import { type Sequence, scriptsOf, sequence, sym, text, vals } from './build.js';
import { defaultAccount, defaultContract, SETUP } from './sac.js';
import { ADMIN, amountArg, keyOf, sac, USER } from './sac-transfers.js';

const I64_MAX = (1n << 63n) - 1n;
const I128_MAX = (1n << 127n) - 1n;
const SAC_TRANSFER = 'wasm/23-at-v23.0.0/contract_sac_transfer.wasm';

/** `host.call(contract, Symbol::try_from_val(fn), test_vec![args..])` of a WASM contract's function. */
function callContract(s: Sequence, contract: ScriptArg, fn: string, args: () => (Literal | ScriptArg)[]) {
  const name = fn.length > 9 ? s.call('symbol_new_from_slice', text(fn)) : sym(fn);
  const argVec = s.call('vec_new_from_slice', vals(...args()));
  return s.call('call', contract, name, argVec);
}

export default scriptsOf('stellar_asset_contract', {
  test_greater_than_i64_balances: {
    setup: SETUP,
    steps: sequence((s) => {
      const asset = defaultContract(s);
      const c = sac(s, asset);
      defaultAccount(s, keyOf(USER));
      const transferContract = s.register(SAC_TRANSFER);
      for (let n = 1n; n < 4n; n++) {
        c.mint(ADMIN, transferContract, I64_MAX);
        c.balance(transferContract, I64_MAX * n);
      }
      const transferAmount = (amount: bigint) =>
        callContract(s, transferContract, 'transfer_amount', () => [asset, asset, amountArg(s, amount)]);
      transferAmount(I64_MAX * 2n);
      c.balance(transferContract, I64_MAX);
      c.balance(asset, I64_MAX * 2n);
      transferAmount(I64_MAX + 1n);
      c.mint(ADMIN, transferContract, I128_MAX - I64_MAX);
      c.balance(transferContract, I128_MAX);
      transferAmount(I128_MAX - I64_MAX * 2n);
      c.balance(transferContract, I64_MAX * 2n);
      c.balance(asset, I128_MAX);
    }),
  },
});
