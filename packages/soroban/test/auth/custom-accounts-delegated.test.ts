/**
 * `require_auth` inside `__check_auth` and state that `__check_auth` changes (auth.rs
 * test_require_auth_within_check_auth, test_require_auth_for_self_within_check_auth,
 * test_rollback_with_conditional_custom_account_auth at v23.0.0), with the host's
 * `delegated_account` and `conditional_account` test contracts.
 */
import { type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { accountSignature } from '../../src/testing/delegating-account.js';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import {
  addressEntry,
  addressVal,
  contractNonceLiveUntil,
  invocation,
  outcome,
  payload,
  WASM,
} from './custom-accounts-support.js';
import { authSetup } from './support.js';

const UNAUTHORIZED = 'Error(Auth, InvalidAction)';

/** Account 0 is owned by account 1, account 1 by the classic account of keys[0]. */
function delegatedChain() {
  const { env, keys } = authSetup(1, 0);
  const key = keys[0] as Keypair;
  const accounts = [env.register(WASM.delegated()), env.register(WASM.delegated())] as const;
  const auth = env.register(WASM.auth());
  env.invoke(accounts[0], 'init', [accounts[1]]);
  env.invoke(accounts[1], 'init', [key.publicKey()]);
  const root0 = invocation(auth, 'do_auth', [addressVal(accounts[0]), xdr.ScVal.scvU32(123)]);
  const root1 = invocation(accounts[0], '__check_auth', [xdr.ScVal.scvBytes(payload(root0, 1111n, 1000))]);
  const rootClassic = invocation(accounts[1], '__check_auth', [
    xdr.ScVal.scvBytes(payload(root1, 2222n, 2000)),
  ]);
  const signature = accountSignature(key, payload(rootClassic, 3333n, 3000));
  const entries = (classicNonce: bigint) => [
    addressEntry(accounts[0], root0, xdr.ScVal.scvVoid(), 1111n, 1000),
    addressEntry(accounts[1], root1, xdr.ScVal.scvVoid(), 2222n, 2000),
    addressEntry(key.publicKey(), rootClassic, signature, classicNonce, 3000),
  ];
  const doAuth = (entries: xdr.SorobanAuthorizationEntry[]) =>
    env.invoke(auth, 'do_auth', [accounts[0], 123], { auth: entries });
  return { env, key, accounts, entries, doAuth };
}

describe.skipIf(!sorobanData)(
  `require_auth within __check_auth (${sorobanData ? 'delegated_account' : NO_SOROBAN_DATA})`,
  () => {
    it('a chain of two delegated accounts and a classic one: a bad deepest nonce fails, the right one passes', () => {
      const chain = delegatedChain();
      // The classic account's signature covers nonce 3333: with 4444 the deepest check fails.
      expect(outcome(() => chain.doAuth(chain.entries(4444n)))).toBe(UNAUTHORIZED);
      expect(outcome(() => chain.doAuth(chain.entries(3333n)))).toBe('ok');
      expect(contractNonceLiveUntil(chain.env, chain.accounts[0], 1111n)).toBe(1000);
      expect(contractNonceLiveUntil(chain.env, chain.accounts[1], 2222n)).toBe(2000);
      expect(contractNonceLiveUntil(chain.env, chain.key.publicKey(), 3333n)).toBe(3000);
    });

    it('an account that owns itself cannot authorize its own __check_auth (its tracker is in use)', () => {
      const { env } = authSetup(0, 0);
      const account = env.register(WASM.delegated());
      const auth = env.register(WASM.auth());
      env.invoke(account, 'init', [account]);
      const root = invocation(auth, 'do_auth', [addressVal(account), xdr.ScVal.scvU32(123)]);
      const entry = addressEntry(account, root, xdr.ScVal.scvVoid(), 1111n, 1000);
      expect(outcome(() => env.invoke(auth, 'do_auth', [account, 123], { auth: [entry] }))).toBe(
        UNAUTHORIZED,
      );
    });

    it('a signature given to a delegated account makes its __check_auth panic', () => {
      const { env, keys } = authSetup(1, 0);
      const account = env.register(WASM.delegated());
      const auth = env.register(WASM.auth());
      env.invoke(account, 'init', [(keys[0] as Keypair).publicKey()]);
      const root = invocation(auth, 'do_auth', [addressVal(account), xdr.ScVal.scvU32(123)]);
      const entry = addressEntry(account, root, xdr.ScVal.scvU32(1), 1n, 1000);
      expect(outcome(() => env.invoke(auth, 'do_auth', [account, 123], { auth: [entry] }))).toBe(
        UNAUTHORIZED,
      );
    });
  },
);

describe.skipIf(!sorobanData)(
  `__check_auth whose answer depends on the ledger (${sorobanData ? 'conditional_account' : NO_SOROBAN_DATA})`,
  () => {
    it('test_rollback_with_conditional_custom_account_auth: failed checks roll back, nonces are used as the host uses them', () => {
      const { env, contracts } = authSetup(0, 2);
      const [caller, target] = contracts as [string, string];
      const account = env.register(WASM.conditional());
      const root = invocation(target, 'do_auth', [addressVal(account), xdr.ScVal.scvU32(123)]);
      const entry = (nonce: bigint) => addressEntry(account, root, xdr.ScVal.scvVoid(), nonce, 1000);
      const call = (auth: xdr.SorobanAuthorizationEntry[]) =>
        outcome(() => env.invoke(caller, 'conditional_auth', [account, target], { auth }));
      const live = (nonce: bigint) => contractNonceLiveUntil(env, account, nonce);

      expect(call([])).toBe(UNAUTHORIZED);
      // One entry: the second call (after `allow`) uses it.
      expect(call([entry(111n)])).toBe('ok');
      expect(live(111n)).toBe(1000);
      // Two entries: only one is used.
      expect(call([entry(222n), entry(333n)])).toBe('ok');
      expect(live(222n)).toBe(1000);
      expect(live(333n)).toBeUndefined();
      // Allowed up front: the first and second calls pass, the third still fails and uses nothing.
      env.invoke(account, 'allow', [], { auth: [] });
      expect(call([entry(444n), entry(555n), entry(666n)])).toBe('ok');
      expect(live(444n)).toBe(1000);
      expect(live(555n)).toBe(1000);
      expect(live(666n)).toBeUndefined();
    });
  },
);
