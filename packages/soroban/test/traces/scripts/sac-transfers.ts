/**
 * Drive scripts for the transfer, allowance and burn tests of
 * soroban-env-host/src/test/stellar_asset_contract.rs at v23.0.0: the contract calls of
 * `TestStellarAssetContract` (test_stellar_asset_contract.rs), each authorized for one signer by
 * `call_with_single_signer`. Signers are the test's keys by index: 0 the issuer, 1 to 4 the users.
 */
import type { Literal, ScriptArg } from '../script-types.js';
import { testSigningKeys } from '../test-prng.js';
import { account, i128, type Sequence, scriptsOf, sequence, sym, u32, vals } from './build.js';
import { defaultAccount, defaultContract, defaultTrustline, invoke, SETUP } from './sac.js';

const KEYS = testSigningKeys(5).map((k) => k.publicHex);
const ADMIN = 0;
const USER = 1;
const USER_2 = 2;
const USER_3 = 3;
/** The largest i128 a Val holds without an object (`I128Small`: 56 bits, signed). */
const SMALL_I128 = 1n << 55n;

const keyOf = (signer: number) => KEYS[signer] as string;

/** `TestSigner::address`: a new address object of the signer's account (`add_host_object`). */
const addressOf = (s: Sequence, signer: number) => s.object(account(keyOf(signer)));

/** The host objects an argument's conversion makes: an address object, or an i128 too large for a Val. */
const objectsOf = (arg: Literal | ScriptArg): number =>
  'a' in arg ? 1 : arg.t === 'i128' && (arg.v >= SMALL_I128 || arg.v < -SMALL_I128) ? 1 : 0;

/**
 * `call_with_single_signer`: the arguments' vector (`test_vec!`), the invocation authorized for the
 * signer's own key (`authorize_single_invocation`), then `call`.
 */
function signedCall(
  s: Sequence,
  contract: ScriptArg,
  signer: number,
  fn: string,
  ...args: (Literal | ScriptArg)[]
) {
  const argVec = s.call('vec_new_from_slice', vals(...args));
  // The entry's address, its signature's vector, map, two byte strings and `public_key`, its
  // contract's address and its arguments' objects.
  const entryObjects = 7 + args.reduce<number>((n, arg) => n + objectsOf(arg), 0);
  s.authorize({
    signer: { account: keyOf(signer), keys: [signer] },
    contract,
    fn,
    args: argVec,
    entryObjects,
  });
  return s.call('call', contract, sym(fn), argVec);
}

/** `TestStellarAssetContract` of one contract: its calls, with their arguments made in the test's order. */
function sac(s: Sequence, contract: ScriptArg) {
  return {
    balance: (of: number) => invoke(s, contract, 'balance', addressOf(s, of)),
    allowance: (from: number, spender: number) =>
      invoke(s, contract, 'allowance', addressOf(s, from), addressOf(s, spender)),
    mint: (admin: number, to: number, amount: bigint) => {
      const toAddress = addressOf(s, to);
      return signedCall(s, contract, admin, 'mint', toAddress, i128(amount));
    },
    transfer: (from: number, to: number, amount: bigint) => {
      const toAddress = addressOf(s, to);
      return signedCall(s, contract, from, 'transfer', addressOf(s, from), toAddress, i128(amount));
    },
    approve: (from: number, spender: number, amount: bigint, liveUntil: number) => {
      const spenderAddress = addressOf(s, spender);
      return signedCall(
        s,
        contract,
        from,
        'approve',
        addressOf(s, from),
        spenderAddress,
        i128(amount),
        u32(liveUntil),
      );
    },
    transferFrom: (spender: number, from: number, to: number, amount: bigint) => {
      const fromAddress = addressOf(s, from);
      const toAddress = addressOf(s, to);
      return signedCall(
        s,
        contract,
        spender,
        'transfer_from',
        addressOf(s, spender),
        fromAddress,
        toAddress,
        i128(amount),
      );
    },
    burn: (from: number, amount: bigint) =>
      signedCall(s, contract, from, 'burn', addressOf(s, from), i128(amount)),
    burnFrom: (spender: number, from: number, amount: bigint) => {
      const fromAddress = addressOf(s, from);
      return signedCall(s, contract, spender, 'burn_from', addressOf(s, spender), fromAddress, i128(amount));
    },
  };
}

/** `default_stellar_asset_contract`, then the users' default accounts, then their trustlines. */
function defaultSetup(s: Sequence, users: number[]) {
  const contract = defaultContract(s);
  for (const user of users) defaultAccount(s, keyOf(user));
  for (const user of users) defaultTrustline(s, keyOf(user));
  return sac(s, contract);
}

export default scriptsOf('stellar_asset_contract', {
  test_direct_transfer: {
    setup: SETUP,
    steps: sequence((s) => {
      const c = defaultSetup(s, [USER, USER_2]);
      c.mint(ADMIN, USER, 100_000_000n);
      c.balance(USER);
      c.balance(USER_2);
      c.transfer(USER, USER_2, 9_999_999n);
      c.balance(USER);
      c.balance(USER_2);
      c.transfer(USER_2, USER, 10_000_000n);
      c.transfer(USER_2, USER, 999_999n);
      c.balance(USER);
      c.balance(USER_2);
    }),
  },
  test_transfer_with_allowance: {
    setup: SETUP,
    steps: sequence((s) => {
      const c = defaultSetup(s, [USER, USER_2, USER_3]);
      c.mint(ADMIN, USER, 100_000_000n);
      c.balance(USER);
      c.balance(USER_2);
      c.allowance(USER, USER_3);
      c.approve(USER, USER_3, 10_000_000n, 200);
      c.allowance(USER, USER_3);
      c.transferFrom(USER_3, USER, USER_2, 6_000_000n);
      c.balance(USER);
      c.balance(USER_2);
      c.balance(USER_3);
      c.allowance(USER, USER_3);
      c.transferFrom(USER_3, USER, USER_3, 4_000_001n);
      c.approve(USER, USER_3, 0n, 0);
      c.allowance(USER, USER_3);
      c.approve(USER, USER_3, 4_000_000n, 200);
      c.transferFrom(USER_3, USER, USER_3, 4_000_000n);
      c.balance(USER);
      c.balance(USER_2);
      c.balance(USER_3);
      c.allowance(USER, USER_3);
      c.transferFrom(USER_3, USER, USER_3, 1n);
    }),
  },
});
