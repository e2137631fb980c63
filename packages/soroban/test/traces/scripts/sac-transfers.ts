/**
 * Drive scripts for the transfer, allowance and burn tests of
 * soroban-env-host/src/test/stellar_asset_contract.rs at v23.0.0: the contract calls of
 * `TestStellarAssetContract` (test_stellar_asset_contract.rs), each authorized for one signer by
 * `call_with_single_signer`. Signers are the test's keys by index: 0 the issuer, 1 to 4 the users.
 */
import type { Literal, ScriptArg } from '../script-types.js';
import { type TestDraw, type TestSigningKey, testKeysOf, testSigningKeys } from '../test-prng.js';
import { account, bool, i128, raw, type Sequence, scriptsOf, sequence, u32 } from './build.js';
import {
  defaultAccount,
  defaultContract,
  defaultTrustline,
  invoke,
  NATIVE_ASSET,
  newFromAsset,
  SETUP,
  selfSignedAccount,
  signedCall as singleSignerCall,
} from './sac.js';

/**
 * The test PRNG's draws: the five signing keys of the setup, then those a test draws itself
 * (`generate_signing_key`).
 */
const KEYS = testSigningKeys(7).map((k) => k.publicHex);
export const ADMIN = 0;
export const USER = 1;
export const USER_2 = 2;
const USER_3 = 3;
/** The ledger of `StellarAssetContractTest::setup`, and its maximum entry TTL. */
const LEDGER = 123;
const MAX_ENTRY_TTL = 6_312_000;
/** `max_live_until_ledger` at a sequence number. */
const maxLiveUntil = (sequence: number) => sequence + MAX_ENTRY_TTL - 1;
/** The largest i128 a Val holds without an object (`I128Small`: 56 bits, signed). */
const SMALL_I128 = 1n << 55n;

/**
 * A signer: one of the keys above, or a key the test drew after nonces (its index among the key
 * draws of `draws`).
 */
export type Signer = number | { draws: TestDraw[]; index: number; publicHex: string };

/** A key drawn after the test's first nonces: the last key `draws` gives, its public key computed once. */
export function drawnKey(draws: TestDraw[]): Signer {
  const keys = testKeysOf(draws);
  return { draws, index: keys.length - 1, publicHex: (keys.at(-1) as TestSigningKey).publicHex };
}

export const keyOf = (signer: Signer) =>
  typeof signer === 'number' ? (KEYS[signer] as string) : signer.publicHex;

/** The signer as an auth entry's `TestSigner::Account`, signing with its one key. */
const authSigner = (signer: Signer) =>
  typeof signer === 'number'
    ? { account: keyOf(signer), keys: [signer] }
    : { account: keyOf(signer), keys: [signer.index], draws: signer.draws };

/** `TestSigner::address`: a new address object of the signer's account (`add_host_object`). */
const addressOf = (s: Sequence, signer: Signer) => s.object(account(keyOf(signer)));

/** An argument of a contract call: an amount (an i128) is converted when the vector is made. */
type CallArg = Literal | ScriptArg | bigint;

/** `i128::try_into_val`: a small value, or the host's `obj_from_i128_pieces` (the test's own call). */
export function amountArg(s: Sequence, amount: bigint): Literal | ScriptArg {
  if (amount < SMALL_I128 && amount >= -SMALL_I128) return i128(amount);
  return s.call(
    'obj_from_i128_pieces',
    raw(BigInt.asIntN(64, amount >> 64n)),
    raw(BigInt.asUintN(64, amount)),
  );
}

/** `call_with_single_signer` of one of the test's keys, an amount converted as the vector is made. */
function signedCall(s: Sequence, contract: ScriptArg, signer: Signer, fn: string, ...callArgs: CallArg[]) {
  const args = callArgs.map((arg) => (typeof arg === 'bigint' ? amountArg(s, arg) : arg));
  return singleSignerCall(s, contract, authSigner(signer), fn, args);
}

/** An address argument: a signer's, made anew (`TestSigner::address`), or an object the test holds. */
type Who = Signer | ScriptArg;
const isSigner = (w: Who): w is Signer => typeof w === 'number' || 'draws' in w;
const who = (s: Sequence, w: Who) => (isSigner(w) ? addressOf(s, w) : w);

/** `TestStellarAssetContract` of one contract: its calls, with their arguments made in the test's order. */
export function sac(s: Sequence, contract: ScriptArg) {
  /** A call by `signer` whose first argument is the signer's own address, made after the others. */
  const bySigner = (signer: Signer, fn: string, ...rest: CallArg[]) =>
    signedCall(s, contract, signer, fn, addressOf(s, signer), ...rest);
  return {
    /** `balance`, its i128 read back (`obj_to_i128_hi64`, `lo64`) when the test expects a large one. */
    balance: (of: Who, expected = 0n) => {
      const result = invoke(s, contract, 'balance', who(s, of));
      if (expected >= SMALL_I128 || expected < -SMALL_I128) {
        s.call('obj_to_i128_hi64', result);
        s.call('obj_to_i128_lo64', result);
      }
      return result;
    },
    allowance: (from: Who, spender: Who) => {
      const fromAddress = who(s, from);
      return invoke(s, contract, 'allowance', fromAddress, who(s, spender));
    },
    mint: (admin: number, to: Who, amount: bigint) =>
      signedCall(s, contract, admin, 'mint', who(s, to), amount),
    transfer: (from: Signer, to: Who, amount: bigint) => bySigner(from, 'transfer', who(s, to), amount),
    approve: (from: number, spender: Who, amount: bigint, liveUntil: number) =>
      bySigner(from, 'approve', who(s, spender), amount, u32(liveUntil)),
    transferFrom: (spender: number, from: Who, to: Who, amount: bigint) => {
      const fromAddress = who(s, from);
      return bySigner(spender, 'transfer_from', fromAddress, who(s, to), amount);
    },
    burn: (from: number, amount: bigint) => bySigner(from, 'burn', amount),
    burnFrom: (spender: number, from: Who, amount: bigint) =>
      bySigner(spender, 'burn_from', who(s, from), amount),
    clawback: (admin: number, from: Who, amount: bigint) =>
      signedCall(s, contract, admin, 'clawback', who(s, from), amount),
    setAuthorized: (admin: number, address: Who, authorize: boolean) =>
      signedCall(s, contract, admin, 'set_authorized', who(s, address), bool(authorize)),
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
      // `ledger_num`: the host's answer is the setup's ledger.
      s.call('get_ledger_sequence');
      c.approve(USER, USER_3, 10n, LEDGER);
      c.transferFrom(USER_3, USER, USER_3, 5n);
      c.balance(USER);
      c.balance(USER_3);
      s.ledgerSequence(LEDGER + 1);
      c.transferFrom(USER_3, USER, USER_3, 1n);
    }),
  },
  test_burn: {
    setup: SETUP,
    steps: sequence((s) => {
      const c = defaultSetup(s, [USER, USER_2]);
      c.mint(ADMIN, USER, 100_000_000n);
      c.balance(USER);
      c.balance(USER_2);
      c.allowance(USER, USER_2);
      c.mint(ADMIN, ADMIN, 1n);
      c.burn(ADMIN, 1n);
      c.approve(USER, USER_2, 10_000_000n, 200);
      c.allowance(USER, USER_2);
      c.burnFrom(USER_2, USER, 6_000_000n);
      c.balance(USER);
      c.balance(USER_2);
      c.allowance(USER, USER_2);
      c.burnFrom(USER_2, USER, 4_000_001n);
      c.burnFrom(USER_2, USER, 4_000_000n);
      c.balance(USER);
      c.balance(USER_2);
      c.allowance(USER, USER_2);
      c.burn(USER, 45_000_000n);
      c.balance(USER);
      c.setAuthorized(ADMIN, USER, false);
      c.burn(USER, 100n);
      c.setAuthorized(ADMIN, USER, true);
      c.burn(USER, 1_000_000n);
      c.balance(USER);
    }),
  },
  test_negative_amounts_are_not_allowed: {
    setup: SETUP,
    steps: sequence((s) => {
      const c = defaultSetup(s, [USER, USER_2]);
      c.mint(ADMIN, USER, 100_000_000n);
      c.mint(ADMIN, USER, -1n);
      c.clawback(ADMIN, USER, -1n);
      c.transfer(USER, USER_2, -1n);
      c.approve(USER, USER_2, -1n, 200);
      c.approve(USER, USER_2, 10_000n, 200);
      c.transferFrom(USER_2, USER, USER_2, -1n);
    }),
  },
  test_cannot_burn_native: {
    setup: SETUP,
    steps: sequence((s) => {
      const c = sac(s, newFromAsset(s, NATIVE_ASSET));
      s.ledger(selfSignedAccount(keyOf(USER), 100_000_000n));
      c.balance(USER);
      c.burn(USER, 1n);
      c.approve(USER, USER_2, 100n, 200);
      c.burnFrom(USER_2, USER, 1n);
    }),
  },
  test_zero_amounts: {
    setup: SETUP,
    steps: sequence((s) => {
      const contract = defaultContract(s);
      const c = sac(s, contract);
      // `contract_id_to_address(generate_bytes_array())`: drawn from the test PRNG before any nonce.
      const userContract = s.randomContract();
      for (const user of [USER, USER_2]) defaultAccount(s, keyOf(user));
      for (const user of [USER, USER_2]) defaultTrustline(s, keyOf(user));
      c.transfer(USER, USER_2, 0n);
      c.burn(USER, 0n);
      c.burnFrom(USER, USER_2, 0n);
      c.burnFrom(USER, userContract, 0n);
      c.clawback(ADMIN, USER_2, 0n);
      c.clawback(ADMIN, userContract, 0n);
      c.setAuthorized(ADMIN, userContract, true);
      c.clawback(ADMIN, userContract, 0n);
    }),
  },
  test_allowance_live_until: {
    setup: SETUP,
    steps: sequence((s) => {
      s.host('enable_debug');
      const c = defaultSetup(s, [USER, USER_2]);
      c.mint(ADMIN, USER, 1000n);
      c.balance(USER);
      c.approve(USER, USER_2, 1000n, 200);
      c.allowance(USER, USER_2);
      c.transferFrom(USER_2, USER, USER_2, 10n);
      c.allowance(USER, USER_2);
      c.balance(USER_2);
      s.ledgerSequence(201);
      c.allowance(USER, USER_2);
      c.transferFrom(USER_2, USER, USER_2, 1n);
      c.approve(USER, USER_2, 1000n, 200);
      c.approve(USER, USER_2, 10_000n, 201);
      c.allowance(USER, USER_2);
      c.approve(USER, USER_2, 10n, maxLiveUntil(201));
      s.ledgerSequence('maxLiveUntil');
      c.allowance(USER, USER_2);
      c.transferFrom(USER_2, USER, USER_2, 5n);
      s.ledgerSequence('next');
      c.transferFrom(USER_2, USER, USER_2, 1n);
      c.approve(USER, USER_2, 10n, maxLiveUntil(maxLiveUntil(201) + 1) + 1);
    }),
  },
});
