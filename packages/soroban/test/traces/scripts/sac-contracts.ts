/**
 * Drive scripts for the Stellar asset contract tests of
 * soroban-env-host/src/test/stellar_asset_contract.rs at v23.0.0 that hold balances in WASM
 * contracts: a transfer contract moving more than an i64 at once, a failing contract whose SAC
 * transfer a `try_call` rolls back, and an account contract that may not re-enter the SAC from
 * its `__check_auth`.
 */
import type { Literal, ScriptArg } from '../script-types.js';
import { i128, type Sequence, scriptsOf, sequence, sym, text, vals } from './build.js';
import {
  assetXdrHex,
  defaultAccount,
  defaultContract,
  fnSymbol,
  I64_MAX,
  newFromAsset,
  SETUP,
} from './sac.js';
import { ADMIN, amountArg, keyOf, sac, USER } from './sac-transfers.js';

const I128_MAX = (1n << 127n) - 1n;
const SAC_TRANSFER = 'wasm/23-at-v23.0.0/contract_sac_transfer.wasm';
const SAC_REENTRY_ACCOUNT = 'wasm/20/sac_reentry_account.wasm';
const INVOKE_CONTRACT = 'wasm/20/example_invoke_contract.wasm';
const ERR = 'wasm/20/example_err.wasm';

/** `host.call(contract, Symbol::try_from_val(fn), test_vec![args..])` of a WASM contract's function. */
function callContract(s: Sequence, contract: ScriptArg, fn: string, args: () => (Literal | ScriptArg)[]) {
  const name = fnSymbol(s, fn);
  const argVec = s.call('vec_new_from_slice', vals(...args()));
  return s.call('call', contract, name, argVec);
}

/** `TestStellarAssetContract::transfer` by an account contract, whose `sign` gives Void. */
function transferByAccountContract(
  s: Sequence,
  asset: ScriptArg,
  account: ScriptArg,
  to: ScriptArg,
  amount: bigint,
) {
  const args = s.call('vec_new_from_slice', vals(s.copyAddress(account), to, i128(amount)));
  // The entry's address, its contract's and its two address arguments' objects.
  s.authorize({ signer: { voidAt: account }, contract: asset, fn: 'transfer', args, entryObjects: 4 });
  return s.call('call', asset, sym('transfer'), args);
}

const assetOf = (code: string) => assetXdrHex(keyOf(ADMIN), Buffer.from(code));

export default scriptsOf('stellar_asset_contract', {
  verify_nested_try_call_rollback: {
    setup: SETUP,
    steps: sequence((s) => {
      const invoker = s.register(INVOKE_CONTRACT);
      const err = s.register(ERR);
      const asset = defaultContract(s);
      const c = sac(s, asset);
      c.mint(ADMIN, err, 100_000_000n);
      const failing = s.call('symbol_new_from_slice', text('fail_after_updates'));
      s.call('call', invoker, sym('invoke'), s.call('vec_new_from_slice', vals(err, failing, asset)));
      c.balance(err);
      c.balance(asset);
      const storageUpdated = s.call('symbol_new_from_slice', text('storage_updated'));
      s.call('call', err, storageUpdated, s.call('vec_new'));
      // `get_events`, then each contract event's contract as a new Address object, compared with
      // the failing contract until it is found: the SAC's mint, then the failing contract's own.
      s.host('get_events');
      for (const emitter of [asset, err]) s.call('obj_cmp', err, s.addressAgain(emitter));
    }),
  },
  test_sac_reentry_is_not_allowed: {
    setup: SETUP,
    steps: sequence((s) => {
      defaultAccount(s, keyOf(ADMIN));
      const [asset1, asset2] = [newFromAsset(s, assetOf('cccc')), newFromAsset(s, assetOf('ZZZZ'))];
      const account = s.register(SAC_REENTRY_ACCOUNT);
      sac(s, asset1).mint(ADMIN, account, 100_000n);
      sac(s, asset2).mint(ADMIN, account, 100_000n);
      callContract(s, account, 'set_addr', () => [asset1]);
      transferByAccountContract(s, asset2, account, asset1, 100n);
      transferByAccountContract(s, asset1, account, asset2, 100n);
    }),
  },
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
