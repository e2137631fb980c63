/**
 * Drive scripts for the authorization tests of soroban-env-host/src/test/stellar_asset_contract.rs
 * at v23.0.0: an admin's and users' signed calls (`call_with_single_signer` of
 * `TestStellarAssetContract`), the classic account's `__check_auth` (signatures, thresholds,
 * multisig), invokers, custom accounts and the issuer's flags. The set-up helpers are `sac.ts`'s.
 */
import type { AuthSigner, Literal, ScriptArg } from '../script-types.js';
import { account, bool, i128, type Sequence, scriptsOf, sequence, vals } from './build.js';
import {
  defaultAccountAndTrustline,
  defaultContract,
  fnSymbol,
  invoke,
  ISSUER,
  SETUP,
  USER,
  USER_2,
} from './sac.js';

/** `TestSigner::account(key)`: the account of the test's signing key `index`, signing for itself. */
const signer = (key: string, index: number): AuthSigner => ({ account: key, keys: [index] });
const ADMIN = signer(ISSUER, 0);
const USER_SIGNER = signer(USER, 1);
const USER_2_SIGNER = signer(USER_2, 2);

/**
 * `call_with_single_signer`: `test_vec![host, args..]`, `authorize_single_invocation` of the
 * signer, the function's symbol, then `call`. `objectArgs` counts the arguments that are objects
 * (converted again into the entry).
 */
function signedCall(
  s: Sequence,
  contract: ScriptArg,
  by: AuthSigner,
  fn: string,
  args: (Literal | ScriptArg)[],
  objectArgs: number,
) {
  const argVec = s.call('vec_new_from_slice', vals(...args));
  const keys = 'keys' in by ? by.keys.length : 0;
  // The signer's address and the contract's, each signature's vector, map, byte strings and
  // `public_key` symbol, and the object arguments.
  s.authorize({ signer: by, contract, fn, args: argVec, entryObjects: 2 + 5 * keys + objectArgs });
  return s.call('call', contract, fnSymbol(s, fn), argVec);
}

/** `TestSigner::address`: the account's address, added as a new object. */
const addressOf = (s: Sequence, key: string) => s.object(account(key));

export default scriptsOf('stellar_asset_contract', {
  test_stellar_asset_contract_authorization: {
    setup: SETUP,
    steps: sequence((s) => {
      const contract = defaultContract(s);
      defaultAccountAndTrustline(s, USER);
      defaultAccountAndTrustline(s, USER_2);
      signedCall(s, contract, ADMIN, 'mint', [addressOf(s, USER), i128(100_000_000n)], 1);
      signedCall(s, contract, ADMIN, 'mint', [addressOf(s, USER_2), i128(200_000_000n)], 1);
      invoke(s, contract, 'authorized', addressOf(s, USER));
      signedCall(s, contract, ADMIN, 'set_authorized', [addressOf(s, USER), bool(false)], 1);
      invoke(s, contract, 'authorized', addressOf(s, USER));
      const transfer = (from: AuthSigner, fromKey: string, toKey: string) => {
        const to = addressOf(s, toKey);
        signedCall(s, contract, from, 'transfer', [addressOf(s, fromKey), to, i128(1n)], 2);
      };
      transfer(USER_SIGNER, USER, USER_2);
      transfer(USER_2_SIGNER, USER_2, USER);
      signedCall(s, contract, ADMIN, 'set_authorized', [addressOf(s, USER), bool(true)], 1);
      invoke(s, contract, 'authorized', addressOf(s, USER));
      transfer(USER_SIGNER, USER, USER_2);
      transfer(USER_2_SIGNER, USER_2, USER);
    }),
  },
});
