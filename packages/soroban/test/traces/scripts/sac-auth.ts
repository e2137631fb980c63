/**
 * Drive scripts for the authorization tests of soroban-env-host/src/test/stellar_asset_contract.rs
 * at v23.0.0: an admin's and users' signed calls (`call_with_single_signer` of
 * `TestStellarAssetContract`), the classic account's `__check_auth` (signatures, thresholds,
 * multisig), invokers, custom accounts and the issuer's flags. The set-up helpers are `sac.ts`'s.
 */
import type { AuthSigner, ScriptArg } from '../script-types.js';
import {
  account,
  bool,
  contractIdOf,
  i128,
  type Sequence,
  scriptsOf,
  sequence,
  sym,
  TEST_BYTES,
  vals,
} from './build.js';
import {
  AUTHORIZED_FLAG,
  assetXdrHex,
  CLAWBACK_ENABLED_FLAG,
  CONTRACT_INVOKER,
  DEFAULT_CODE,
  defaultAccount,
  defaultAccountAndTrustline,
  defaultContract,
  defaultTrustline,
  I64_MAX,
  ISSUER,
  invoke,
  newFromAsset,
  REVOCABLE_FLAG,
  SETUP,
  selfSignedAccount,
  signedCall,
  TRUSTLINE_CLAWBACK_ENABLED_FLAG,
  USER,
  USER_2,
} from './sac.js';

/** `TestSigner::account(key)`: the account of the test's signing key `index`, signing for itself. */
const signer = (key: string, index: number): AuthSigner => ({ account: key, keys: [index] });
const ADMIN = signer(ISSUER, 0);
const USER_SIGNER = signer(USER, 1);
const USER_2_SIGNER = signer(USER_2, 2);

/** `TestSigner::address`: the account's address, added as a new object. */
const addressOf = (s: Sequence, key: string) => s.object(account(key));

/** The admin functions of `TestStellarAssetContract` a test calls on `contract`. */
function sacCalls(s: Sequence, contract: ScriptArg) {
  type Signer = AuthSigner | typeof CONTRACT_INVOKER;
  return {
    /** `transfer(from, to, amount)`: `from.address()` is made inside (`fromAddress`). */
    transfer: (by: Signer, fromAddress: () => ScriptArg, to: ScriptArg, amount: bigint) =>
      signedCall(s, contract, by, 'transfer', [fromAddress(), to, i128(amount)]),
    mint: (by: Signer, to: ScriptArg, amount: bigint) =>
      signedCall(s, contract, by, 'mint', [to, i128(amount)]),
    clawback: (by: AuthSigner, from: ScriptArg, amount: bigint) =>
      signedCall(s, contract, by, 'clawback', [from, i128(amount)]),
    setAuthorized: (by: AuthSigner, id: ScriptArg, authorize: boolean) =>
      signedCall(s, contract, by, 'set_authorized', [id, bool(authorize)]),
    setAdmin: (by: Signer, admin: ScriptArg) => signedCall(s, contract, by, 'set_admin', [admin]),
    balance: (id: ScriptArg) => invoke(s, contract, 'balance', id),
    authorized: (id: ScriptArg) => invoke(s, contract, 'authorized', id),
  };
}

/** `update_account_flags` of the issuer, whose key the test made (`to_account_key`) before. */
const issuerFlags = (s: Sequence, flags: number) => s.ledger({ op: 'accountFlags', account: ISSUER, flags });

/** `test_auth_rejected_for_incorrect_*`: the default contract, the user's account and trustline, `[user, 100]`. */
function mintSetup(s: Sequence) {
  const contract = defaultContract(s);
  defaultAccountAndTrustline(s, USER);
  const args = s.call('vec_new_from_slice', vals(addressOf(s, USER), i128(100n)));
  return { contract, args };
}

/** `default_stellar_asset_contract_with_admin_id`: the default contract, its admin set by the issuer. */
function contractWithAdmin(s: Sequence, admin: ScriptArg) {
  const contract = defaultContract(s);
  const sac = sacCalls(s, contract);
  sac.setAdmin(ADMIN, admin);
  return sac;
}

/** `BytesN::<32>::try_from_val(bytes_new_from_slice(id))`, for `run_from_contract`. */
function idBytes(s: Sequence, id: ScriptArg) {
  const bytes = s.call('bytes_new_from_slice', id);
  s.call('bytes_len', bytes);
  return bytes;
}

const AUTH_REQUIRED_FLAG = 1;
/** `i128::try_from_val` of an I128 object the test reads: its high half, then its low half. */
function readI128(s: Sequence, value: ScriptArg) {
  s.call('obj_to_i128_hi64', value);
  s.call('obj_to_i128_lo64', value);
}

/** `TestSigner::AccountInvoker` of an account. */
const invoker = (key: string): AuthSigner => ({ invoker: key });

export default scriptsOf('stellar_asset_contract', {
  test_classic_transfers_not_possible_for_unauthorized_asset: {
    setup: SETUP,
    steps: sequence((s) => {
      s.ledger({ ...selfSignedAccount(USER, 10_000_000n), subEntries: 0 });
      const trustline = { account: USER, issuer: ISSUER, code: '63636363' };
      const withFlags = (flags: number) =>
        s.ledger({ op: 'trustline', ...trustline, balance: 100_000_000n, limit: I64_MAX, flags });
      withFlags(AUTHORIZED_FLAG);
      s.ledger({ op: 'trustlineBalance', ...trustline });
      // The test reads the issuer's key through the host (`u256_from_account`).
      s.host('u256_from_account');
      const sac = sacCalls(s, newFromAsset(s, assetXdrHex(ISSUER, Buffer.from('cccc'))));
      const selfTransfer = () => sac.transfer(USER_SIGNER, () => addressOf(s, USER), addressOf(s, USER), 1n);
      // The `to` address is made before `from` (argument order): both are the user's.
      selfTransfer();
      withFlags(0);
      selfTransfer();
      s.ledger({ op: 'trustlineBalance', ...trustline });
    }),
  },
  test_auth_required: {
    setup: SETUP,
    steps: sequence((s) => {
      const sac = sacCalls(s, defaultContract(s));
      s.ledger({ op: 'accountKey', account: ISSUER });
      const [user1, user2] = [s.randomContract(), s.randomContract()];
      const user1Bytes = idBytes(s, contractIdOf(user1));
      sac.mint(ADMIN, user1, 100_000_000n);
      issuerFlags(s, AUTH_REQUIRED_FLAG);
      const transfer = () => sac.transfer(CONTRACT_INVOKER, () => s.addressAgain(user1), user2, 1n);
      // User 2's balance is not authorized yet: refused.
      s.fromContract(user1Bytes, transfer);
      sac.setAuthorized(ADMIN, user2, true);
      s.fromContract(user1Bytes, transfer);
      sac.balance(user1);
      sac.balance(user2);
    }),
  },
  test_contract_invoker_auth: {
    setup: SETUP,
    steps: sequence((s) => {
      const [admin, user] = [s.randomContract(), s.randomContract()];
      const adminBytes = idBytes(s, contractIdOf(admin));
      const userBytes = idBytes(s, contractIdOf(user));
      const sac = contractWithAdmin(s, admin);
      s.fromContract(adminBytes, () => sac.mint(CONTRACT_INVOKER, user, 1000n));
      s.fromContract(adminBytes, () => sac.mint(CONTRACT_INVOKER, admin, 2000n));
      sac.balance(user);
      sac.balance(admin);
      // Not the admin (and then an admin's invoker from the wrong frame): refused.
      s.fromContract(userBytes, () => sac.mint(CONTRACT_INVOKER, user, 1000n));
      s.fromContract(userBytes, () => sac.mint(CONTRACT_INVOKER, user, 1000n));
      s.fromContract(userBytes, () =>
        sac.transfer(CONTRACT_INVOKER, () => s.addressAgain(user), admin, 500n),
      );
      s.fromContract(adminBytes, () =>
        sac.transfer(CONTRACT_INVOKER, () => s.addressAgain(admin), user, 800n),
      );
      sac.balance(user);
      sac.balance(admin);
      s.fromAccount(ISSUER, () => sac.mint(invoker(ISSUER), user, 1000n));
    }),
  },
  test_account_invoker_auth_with_issuer_admin: {
    setup: SETUP,
    steps: sequence((s) => {
      s.ledger(selfSignedAccount(ISSUER, 10_000_000n));
      s.ledger(selfSignedAccount(USER, 10_000_000n));
      const [admin, user] = [addressOf(s, ISSUER), addressOf(s, USER)];
      const sac = contractWithAdmin(s, admin);
      const code = DEFAULT_CODE.toString('hex');
      s.ledger({
        op: 'trustline',
        account: USER,
        issuer: ISSUER,
        code,
        balance: 0n,
        limit: 10_000n,
        flags: AUTHORIZED_FLAG,
        liabilities: [0n, 0n],
      });
      s.fromAccount(ISSUER, () => sac.mint(invoker(ISSUER), user, 1000n));
      s.fromAccount(ISSUER, () => sac.mint(invoker(ISSUER), user, 2000n));
      sac.balance(user);
      readI128(s, sac.balance(admin));
      // The user is not the admin, and the admin's entry does not match the user's source account.
      s.fromAccount(USER, () => sac.mint(invoker(USER), user, 1000n));
      s.fromAccount(USER, () => sac.mint(invoker(ISSUER), user, 1000n));
      s.fromAccount(USER, () => sac.transfer(invoker(USER), () => addressOf(s, USER), admin, 500n));
      s.fromAccount(ISSUER, () => sac.transfer(invoker(ISSUER), () => addressOf(s, ISSUER), user, 800n));
      sac.balance(user);
      readI128(s, sac.balance(admin));
      const contractBytes = idBytes(s, TEST_BYTES);
      s.fromContract(contractBytes, () => sac.mint(CONTRACT_INVOKER, user, 1000n));
    }),
  },
  test_auth_rejected_for_incorrect_nonce: {
    setup: SETUP,
    steps: sequence((s) => {
      const { contract, args } = mintSetup(s);
      // Expired, too late, live until this ledger, live to the longest, then a used nonce.
      const nonces: [bigint, number][] = [
        [12345n, 122],
        [12345n, 123 + 6_312_000],
        [12345n, 123],
        [123456n, 123 + 10000 - 1],
        [12345n, 200],
      ];
      for (const nonce of nonces) {
        s.authorize({ signer: ADMIN, contract, fn: 'mint', args, entryObjects: 8, nonce });
        s.call('call', contract, sym('mint'), args);
      }
    }),
  },
  test_auth_rejected_for_incorrect_payload: {
    setup: SETUP,
    steps: sequence((s) => {
      const { contract, args } = mintSetup(s);
      const attempt = (by: AuthSigner, fn: string, entryArgs: ScriptArg, objectArgs: number) => {
        s.authorize({ signer: by, contract, fn, args: entryArgs, entryObjects: 7 + objectArgs });
        s.call('call', contract, sym('mint'), args);
      };
      // The wrong signer, function, argument values and argument order, then the right payload.
      attempt(USER_SIGNER, 'mint', args, 1);
      attempt(ADMIN, 'burn', args, 1);
      attempt(
        ADMIN,
        'mint',
        s.call('vec_new_from_slice', vals(addressOf(s, ISSUER), addressOf(s, USER), i128(1n))),
        2,
      );
      attempt(
        ADMIN,
        'mint',
        s.call('vec_new_from_slice', vals(addressOf(s, USER), addressOf(s, ISSUER), i128(100n))),
        2,
      );
      attempt(ADMIN, 'mint', args, 1);
    }),
  },
  test_clawback_on_account: {
    setup: SETUP,
    steps: sequence((s) => {
      const sac = sacCalls(s, defaultContract(s));
      defaultTrustline(s, USER);
      sac.mint(ADMIN, addressOf(s, USER), 100_000_000n);
      sac.balance(addressOf(s, USER));
      sac.clawback(ADMIN, addressOf(s, USER), 40_000_000n);
      sac.balance(addressOf(s, USER));
      // More than the balance: refused.
      sac.clawback(ADMIN, addressOf(s, USER), 60_000_001n);
      const trustline = { account: USER, issuer: ISSUER, code: DEFAULT_CODE.toString('hex') };
      s.ledger({ op: 'trustlineFlags', ...trustline, flags: 0 });
      sac.clawback(ADMIN, addressOf(s, USER), 60_000_000n);
      s.ledger({ op: 'trustlineFlags', ...trustline, flags: TRUSTLINE_CLAWBACK_ENABLED_FLAG });
      sac.clawback(ADMIN, addressOf(s, USER), 60_000_000n);
      sac.balance(addressOf(s, USER));
    }),
  },
  test_clawback_on_contract: {
    setup: SETUP,
    steps: sequence((s) => {
      const sac = sacCalls(s, defaultContract(s));
      s.ledger({ op: 'accountKey', account: ISSUER });
      const [user1, user2] = [s.randomContract(), s.randomContract()];
      sac.mint(ADMIN, user1, 100_000_000n);
      issuerFlags(s, 0);
      sac.mint(ADMIN, user2, 100_000_000n);
      sac.balance(user1);
      sac.balance(user2);
      sac.clawback(ADMIN, user1, 40_000_000n);
      // The issuer had no clawback when user 2's balance was made: refused.
      sac.clawback(ADMIN, user2, 40_000_000n);
      issuerFlags(s, CLAWBACK_ENABLED_FLAG);
      sac.clawback(ADMIN, user1, 40_000_000n);
      sac.clawback(ADMIN, user2, 40_000_000n);
      sac.balance(user1);
      sac.balance(user2);
    }),
  },
  test_auth_revocable_on_contract: {
    setup: SETUP,
    steps: sequence((s) => {
      const sac = sacCalls(s, defaultContract(s));
      s.ledger({ op: 'accountKey', account: ISSUER });
      const user1 = s.randomContract();
      sac.authorized(user1);
      issuerFlags(s, 0);
      // Not revocable: refused.
      sac.setAuthorized(ADMIN, user1, false);
      issuerFlags(s, REVOCABLE_FLAG);
      sac.setAuthorized(ADMIN, user1, false);
      sac.authorized(user1);
      issuerFlags(s, 0);
      sac.setAuthorized(ADMIN, user1, true);
      sac.authorized(user1);
    }),
  },
  test_set_admin: {
    setup: SETUP,
    steps: sequence((s) => {
      const contract = defaultContract(s);
      const sac = sacCalls(s, contract);
      const newAdmin = USER_SIGNER;
      defaultAccountAndTrustline(s, USER);
      defaultAccountAndTrustline(s, USER_2);
      /** `assert_eq!(contract.admin()?.to_sc_address(), signer.address().to_sc_address())` */
      const checkAdmin = (key: string) => {
        s.read(invoke(s, contract, 'admin'), 'address');
        s.read(addressOf(s, key), 'address');
      };
      checkAdmin(ISSUER);
      sac.setAdmin(ADMIN, addressOf(s, USER));
      checkAdmin(USER);
      // The old admin is refused everything.
      sac.setAdmin(ADMIN, addressOf(s, USER));
      sac.mint(ADMIN, addressOf(s, USER), 1n);
      sac.clawback(ADMIN, addressOf(s, USER), 1n);
      sac.setAuthorized(ADMIN, addressOf(s, USER), false);
      sac.setAuthorized(ADMIN, addressOf(s, USER), true);
      sac.mint(newAdmin, addressOf(s, USER_2), 1n);
      sac.clawback(newAdmin, addressOf(s, USER_2), 1n);
      sac.setAuthorized(newAdmin, addressOf(s, USER_2), false);
      sac.setAuthorized(newAdmin, addressOf(s, USER_2), true);
      sac.setAdmin(newAdmin, addressOf(s, ISSUER));
      sac.mint(ADMIN, addressOf(s, USER_2), 1n);
    }),
  },
  test_stellar_asset_contract_authorization: {
    setup: SETUP,
    steps: sequence((s) => {
      const contract = defaultContract(s);
      const sac = sacCalls(s, contract);
      // Both accounts, then both trustlines, in the test's order (each insert sorts the map).
      for (const user of [USER, USER_2]) defaultAccount(s, user);
      for (const user of [USER, USER_2]) defaultTrustline(s, user);
      sac.mint(ADMIN, addressOf(s, USER), 100_000_000n);
      sac.mint(ADMIN, addressOf(s, USER_2), 200_000_000n);
      sac.authorized(addressOf(s, USER));
      sac.setAuthorized(ADMIN, addressOf(s, USER), false);
      sac.authorized(addressOf(s, USER));
      const transfer = (from: AuthSigner, fromKey: string, toKey: string) =>
        sac.transfer(from, () => addressOf(s, fromKey), addressOf(s, toKey), 1n);
      transfer(USER_SIGNER, USER, USER_2);
      transfer(USER_2_SIGNER, USER_2, USER);
      sac.setAuthorized(ADMIN, addressOf(s, USER), true);
      sac.authorized(addressOf(s, USER));
      transfer(USER_SIGNER, USER, USER_2);
      transfer(USER_2_SIGNER, USER_2, USER);
    }),
  },
});
