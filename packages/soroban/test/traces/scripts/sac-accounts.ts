/**
 * Drive scripts for the account tests of soroban-env-host/src/test/stellar_asset_contract.rs at
 * v23.0.0: a classic account's multisig `__check_auth` (weights, thresholds, duplicate, unknown and
 * unsorted signers, too many signatures), an issuer's trustline authorization flags and a mint
 * whose authorization the host records.
 */
import type { AuthSigner, ScriptArg } from '../script-types.js';
import { testSigningKeys } from '../test-prng.js';
import { account, i128, type Sequence, scriptsOf, sequence, sym, vals } from './build.js';
import {
  AUTHORIZED_FLAG,
  DEFAULT_CODE,
  defaultAccountAndTrustline,
  defaultContract,
  ISSUER,
  invoke,
  NATIVE_ASSET,
  newFromAsset,
  REVOCABLE_FLAG,
  SETUP,
  selfSignedAccount,
  signedCall,
  TRUSTLINE_CLAWBACK_ENABLED_FLAG,
  USER,
  USER_2,
  USER_3,
  USER_4,
} from './sac.js';
import { sac as sacOf } from './sac-transfers.js';

const KEYS = testSigningKeys(5).map((k) => k.publicHex);
const [ISSUER_KEY, USER_KEY, USER_2_KEY, USER_3_KEY, USER_4_KEY] = [0, 1, 2, 3, 4];
const U32_MAX = 0xffff_ffff;

/** The user's account signed by the test's keys `keys` in this order (`TestSigner::Account`). */
const userSignedBy = (keys: number[]): AuthSigner => ({ account: USER, keys });

/** `TestSigner::account_with_multisig`: the keys sorted by public key. */
const multisig = (keys: number[]): AuthSigner =>
  userSignedBy([...keys].sort((a, b) => (KEYS[a] as string).localeCompare(KEYS[b] as string)));

/** `transfer(signer, receiver, 100)`: the signer's address made inside, then the call. */
function transferTo(s: Sequence, contract: ScriptArg, receiver: ScriptArg, by: AuthSigner) {
  const from = s.object(account(USER));
  signedCall(s, contract, by, 'transfer', [from, receiver, i128(100n)]);
}

const SIMPLE_ACCOUNT = 'wasm/20/example_simple_account.wasm';

/** `generate_signing_key`, then its public key as `BytesN<32>` (`bytes_new_from_slice`, `bytes_len`). */
function newKey(s: Sequence) {
  const key = s.signingKey();
  const publicKey = s.call('bytes_new_from_slice', key.publicKey);
  s.call('bytes_len', publicKey);
  return { step: key.step, publicKey };
}

/** `test_trustline_auth`'s trustline of the user to the issuer's `aaaa`, limit 10000. */
function userTrustline(s: Sequence, balance: bigint, flags: number, selling: bigint) {
  s.ledger({
    op: 'trustline',
    account: USER,
    issuer: ISSUER,
    code: DEFAULT_CODE.toString('hex'),
    balance,
    limit: 10_000n,
    flags,
    liabilities: [0n, selling],
  });
}

export default scriptsOf('stellar_asset_contract', {
  test_classic_account_multisig_auth: {
    setup: SETUP,
    steps: sequence((s) => {
      s.ledger({
        op: 'account',
        account: USER,
        signers: [
          [USER_2, U32_MAX],
          [USER_3, 60],
          [USER_4, 59],
        ],
        balance: 100_000_000n,
        subEntries: 1,
        // The first threshold is the weight of the account's own key.
        thresholds: [40, 10, 100, 150],
        flags: 0,
      });
      const contract = newFromAsset(s, NATIVE_ASSET);
      const receiver = s.object(account(USER));
      const transfer = (by: AuthSigner) => transferTo(s, contract, receiver, by);
      // Enough weight: 40 + 60, u32::MAX, 60 + 59, 40 + 60 + 59, every signer.
      transfer(multisig([USER_KEY, USER_3_KEY]));
      transfer(multisig([USER_2_KEY]));
      transfer(multisig([USER_3_KEY, USER_4_KEY]));
      transfer(multisig([USER_KEY, USER_3_KEY, USER_4_KEY]));
      transfer(multisig([USER_KEY, USER_2_KEY, USER_3_KEY, USER_4_KEY]));
      // Refused: too little weight, duplicates, an unknown signer, 21 signatures, unsorted.
      transfer(multisig([USER_KEY]));
      transfer(multisig([USER_KEY, USER_4_KEY]));
      transfer(multisig([USER_3_KEY, USER_3_KEY]));
      transfer(multisig([USER_3_KEY, USER_4_KEY, USER_3_KEY]));
      transfer(multisig([USER_3_KEY, ISSUER_KEY]));
      transfer(multisig([USER_3_KEY, USER_4_KEY, ISSUER_KEY]));
      transfer(multisig(Array(21).fill(USER_2_KEY)));
      const sorted = multisig([USER_KEY, USER_2_KEY, USER_3_KEY, USER_4_KEY]) as { keys: number[] };
      const [first, second, third, fourth] = sorted.keys as [number, number, number, number];
      transfer(userSignedBy([first, third, second, fourth]));
    }),
  },
  test_trustline_auth: {
    setup: SETUP,
    steps: sequence((s) => {
      const [admin, user] = [0, 1];
      const adminAddress = () => s.object(account(ISSUER));
      const userAddress = () => s.object(account(USER));
      // `default_stellar_asset_contract_with_admin_id`: the issuer sets the admin it is already.
      const newAdmin = adminAddress();
      const contract = defaultContract(s);
      signedCall(s, contract, { account: ISSUER, keys: [admin] }, 'set_admin', [newAdmin]);
      const sac = sacOf(s, contract);
      s.ledger(selfSignedAccount(ISSUER, 10_000_000n));
      s.ledger(selfSignedAccount(USER, 10_000_000n));
      userTrustline(s, 0n, AUTHORIZED_FLAG, 0n);
      sac.mint(admin, userAddress(), 1000n);
      sac.balance(userAddress());
      // Transferred to the issuer: burned; the issuer's balance is i64::MAX.
      sac.transfer(user, adminAddress(), 1n);
      sac.balance(userAddress());
      sac.balance(adminAddress(), (1n << 63n) - 1n);
      // The issuer is not revocable: refused; then it is.
      sac.setAuthorized(admin, userAddress(), false);
      s.ledger(selfSignedAccount(ISSUER, 10_000_000n, REVOCABLE_FLAG));
      sac.setAuthorized(admin, userAddress(), false);
      // Deauthorized: transfer and mint refused.
      sac.transfer(user, adminAddress(), 1n);
      sac.mint(admin, userAddress(), 1000n);
      sac.setAuthorized(admin, userAddress(), true);
      sac.approve(user, adminAddress(), 500n, 200);
      sac.transferFrom(admin, userAddress(), adminAddress(), 500n);
      sac.mint(admin, userAddress(), 1n);
      sac.balance(userAddress());
      // No clawback on the trustline: refused; then it has it, and selling liabilities of 10.
      sac.clawback(admin, userAddress(), 10n);
      userTrustline(s, 500n, TRUSTLINE_CLAWBACK_ENABLED_FLAG, 10n);
      sac.clawback(admin, userAddress(), 10n);
      sac.balance(userAddress());
    }),
  },
  test_recording_auth_for_stellar_asset_contract: {
    setup: SETUP,
    steps: sequence((s) => {
      const contract = defaultContract(s);
      defaultAccountAndTrustline(s, USER);
      s.host('switch_to_recording_auth');
      const args = s.call('vec_new_from_slice', vals(s.object(account(USER)), i128(100n)));
      s.call('call', contract, sym('mint'), args);
      // The recorded payloads and authenticated authorizations are read in shadow mode; what the
      // test compares them with is converted on the budget: the admin's and contract's addresses,
      // then the arguments one by one, then (the second comparison) `vecobject_to_scval_vec`.
      s.read(s.object(account(ISSUER)), 'address');
      s.read(contract, 'address');
      s.toScVal(s.object(account(USER)));
      s.toScVal({ a: 'val', lit: i128(100n) });
      s.read(s.object(account(ISSUER)), 'address');
      s.read(contract, 'address');
      s.toScVals(args);
    }),
  },
  test_custom_account_auth: {
    setup: SETUP,
    steps: sequence((s) => {
      const adminKey = s.signingKey();
      const accountContract = s.register(SIMPLE_ACCOUNT);
      const signedBy = (key: { step: number }): AuthSigner => ({
        contractAt: accountContract,
        signingKey: key.step,
      });
      const adminPublicKey = s.call('bytes_new_from_slice', adminKey.publicKey);
      s.call('bytes_len', adminPublicKey);
      s.call('call', accountContract, sym('init'), s.call('vec_new_from_slice', vals(adminPublicKey)));
      const admin = signedBy(adminKey);
      const adminAddress = s.copyAddress(accountContract);
      const contract = defaultContract(s);
      signedCall(s, contract, { account: ISSUER, keys: [ISSUER_KEY] }, 'set_admin', [adminAddress]);
      const user = s.object(account(USER));
      defaultAccountAndTrustline(s, USER);
      const mint = (by: AuthSigner) => signedCall(s, contract, by, 'mint', [user, i128(100n)]);
      mint(admin);
      invoke(s, contract, 'balance', user);
      // The new key is not the account's owner yet: refused; then the owner hands it over.
      const newOwner = newKey(s);
      mint(signedBy(newOwner));
      const ownerArgs = s.call('vec_new_from_slice', vals(newOwner.publicKey));
      s.authorize({
        signer: admin,
        contract: accountContract,
        fn: 'set_owner',
        args: ownerArgs,
        entryObjects: 4,
      });
      s.call(
        'call',
        accountContract,
        sym('set_owner'),
        s.call('vec_new_from_slice', vals(newOwner.publicKey)),
      );
      mint(signedBy(newOwner));
      invoke(s, contract, 'balance', user);
      mint(admin);
      // Without its instance the account authorizes nothing.
      s.delInstance(accountContract);
      mint(signedBy(newOwner));
    }),
  },
});
