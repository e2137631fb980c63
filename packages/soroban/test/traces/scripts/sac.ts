/**
 * Drive scripts for soroban-env-host/src/test/stellar_asset_contract.rs at v23.0.0. Every test
 * starts from `StellarAssetContractTest::setup`: a recording host, its ledger set (sequence 123,
 * timestamp 123456, network id [5; 32], base reserve 5_000_000) and five signing keys drawn from
 * the test PRNG (issuer, user, user 2, 3, 4: `test-prng.ts` gives their public keys).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { INVALID_ASSET_CODES } from '../../support/invalid-asset-codes.js';
import type { AuthSigner, LedgerOp, Literal, ScriptArg, ScriptSetup } from '../script-types.js';
import { testSigningKeys } from '../test-prng.js';
import {
  account,
  buffer,
  i128,
  RECORDING,
  repeatByte,
  type Sequence,
  scriptsOf,
  sequence,
  slice,
  sym,
  text,
  u32,
  vals,
} from './build.js';

const STRKEY_LENGTH = 56;
const MAX_SMALL_SYMBOL = 9;

export const SETUP: ScriptSetup = {
  ...RECORDING,
  ledger: { sequenceNumber: 123, timestamp: 123456n, networkId: repeatByte(5, 32), baseReserve: 5_000_000 },
  signingKeys: 5,
};
/** The public keys of the five signing keys `setup` draws: issuer, user, user 2, 3, 4. */
export const [ISSUER, USER, USER_2, USER_3, USER_4] = testSigningKeys(5).map((k) => k.publicHex) as [
  string,
  string,
  string,
  string,
  string,
];
export const NATIVE_ASSET = xdr.Asset.assetTypeNative().toXDR('hex');
export const AUTHORIZED_FLAG = 1;
export const TRUSTLINE_CLAWBACK_ENABLED_FLAG = 4;
export const REVOCABLE_FLAG = 2;
export const CLAWBACK_ENABLED_FLAG = 8;
export const I64_MAX = (1n << 63n) - 1n;
/** `asset_code: [b'a'; 4]` of `StellarAssetContractTest`. */
export const DEFAULT_CODE = Buffer.from('aaaa');

const accountId = (hex: string) => xdr.PublicKey.publicKeyTypeEd25519(Buffer.from(hex, 'hex'));

/** `create_asset` of the test: a 4-byte code is an AlphaNum4 asset, a 12-byte one AlphaNum12. */
export function assetXdrHex(issuerHex: string, code: Buffer): string {
  const issuer = accountId(issuerHex);
  const asset =
    code.length === 4
      ? xdr.Asset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode: code, issuer }))
      : xdr.Asset.assetTypeCreditAlphanum12(new xdr.AlphaNum12({ assetCode: code, issuer }));
  return asset.toXDR('hex');
}

/** `TestStellarAssetContract::new_from_asset`: the asset's XDR as bytes, then `create_asset_contract`. */
export function newFromAsset(s: Sequence, assetHex: string) {
  return s.call('create_asset_contract', s.call('bytes_new_from_slice', slice(assetHex)));
}

/** `Symbol::try_from_val(host, &name)`: a name too long for a small symbol is made through the env. */
export const fnSymbol = (s: Sequence, fn: string) =>
  fn.length > MAX_SMALL_SYMBOL ? s.call('symbol_new_from_slice', text(fn)) : sym(fn);

/** A contract call of `TestStellarAssetContract`: the function's symbol, `test_vec![host, args..]`, then `call`. */
export function invoke(s: Sequence, contract: ScriptArg, fn: string, ...args: (Literal | ScriptArg)[]) {
  const name = fnSymbol(s, fn);
  const argVec = args.length === 0 ? s.call('vec_new') : s.call('vec_new_from_slice', vals(...args));
  return s.call('call', contract, name, argVec);
}

/** `TestSigner::ContractInvoker`: the call is made from the contract's test frame (`run_from_contract`). */
export const CONTRACT_INVOKER = 'contract invoker';

/**
 * `call_with_single_signer` (test_stellar_asset_contract.rs): the arguments' vector (`test_vec!`),
 * the invocation authorized for the signer (`authorize_single_invocation`; a contract invoker
 * authorizes nothing), the function's symbol, then `call`. The entry's objects: its address and
 * its contract's, the signatures' vector and each signature's map, two byte strings and
 * `public_key` symbol; then the arguments that are objects (converted again into the entry).
 */
export function signedCall(
  s: Sequence,
  contract: ScriptArg,
  by: AuthSigner | typeof CONTRACT_INVOKER,
  fn: string,
  args: (Literal | ScriptArg)[],
) {
  const argVec = s.call('vec_new_from_slice', vals(...args));
  if (by !== CONTRACT_INVOKER) {
    const argObjects = args.filter((arg) => 'a' in arg).length;
    // A contract's ed25519 signature is one byte string.
    const entryObjects = 'keys' in by ? 3 + 4 * by.keys.length : 'signingKey' in by ? 3 : 2;
    s.authorize({ signer: by, contract, fn, args: argVec, entryObjects, argObjects });
  }
  return s.call('call', contract, fnSymbol(s, fn), argVec);
}

/** `String::to_string` of a returned string of `length` bytes: its length, then its bytes. */
export function readString(s: Sequence, string: ScriptArg, length: number) {
  s.call('string_len', string);
  s.call('string_copy_to_slice', string, u32(0), buffer(length));
}

type AccountOp = Extract<LedgerOp, { op: 'account' }>;

/** `create_account` of a key that signs for itself with weight 100, thresholds [1, 0, 0, 0]. */
export const selfSignedAccount = (key: string, balance: bigint, flags = 0): AccountOp => ({
  op: 'account',
  account: key,
  signers: [[key, 100]],
  balance,
  subEntries: 1,
  thresholds: [1, 0, 0, 0],
  flags,
});

/** `default_stellar_asset_contract`: the issuer's account (revocable, clawback enabled), then its `aaaa` asset's contract. */
export function defaultContract(s: Sequence) {
  s.ledger(selfSignedAccount(ISSUER, 10_000_000n, REVOCABLE_FLAG | CLAWBACK_ENABLED_FLAG));
  return newFromAsset(s, assetXdrHex(ISSUER, DEFAULT_CODE));
}

/** `create_default_account` of a user signing for itself with weight 1. */
export function defaultAccount(s: Sequence, key: string) {
  s.ledger({
    op: 'account',
    account: key,
    signers: [[key, 1]],
    balance: 0n,
    subEntries: 1,
    thresholds: [1, 0, 0, 0],
    flags: 0,
  });
}

/** `create_default_trustline`: authorized, clawback enabled, limit i64::MAX. */
export function defaultTrustline(s: Sequence, key: string) {
  s.ledger({
    op: 'trustline',
    account: key,
    issuer: ISSUER,
    code: DEFAULT_CODE.toString('hex'),
    balance: 0n,
    limit: I64_MAX,
    flags: AUTHORIZED_FLAG | TRUSTLINE_CLAWBACK_ENABLED_FLAG,
  });
}

/** `create_default_account` and `create_default_trustline` of a user signing for itself. */
export function defaultAccountAndTrustline(s: Sequence, key: string) {
  defaultAccount(s, key);
  defaultTrustline(s, key);
}

/** `test_asset_init`: the contract's symbol, decimals and name, then a trustline's balance through it. */
function assetInit(code: string) {
  const codeBytes = Buffer.from(code, 'latin1');
  const trimmed = code.replace(/^\0+|\0+$/g, '');
  return {
    setup: SETUP,
    steps: sequence((s) => {
      const asset = assetXdrHex(ISSUER, codeBytes);
      const contract = newFromAsset(s, asset);
      s.ledger({ op: 'assetContractId', asset });
      readString(s, invoke(s, contract, 'symbol'), trimmed.length);
      invoke(s, contract, 'decimals');
      readString(s, invoke(s, contract, 'name'), trimmed.length + 1 + STRKEY_LENGTH);
      s.ledger(selfSignedAccount(USER, 10_000_000n));
      const tl = { account: USER, issuer: ISSUER, code: codeBytes.toString('hex') };
      s.ledger({ op: 'trustline', ...tl, balance: 10_000_000n, limit: 100_000_000n, flags: AUTHORIZED_FLAG });
      s.ledger({ op: 'trustlineBalance', ...tl });
      invoke(s, contract, 'balance', s.object(account(USER)));
    }),
  };
}

export default scriptsOf('stellar_asset_contract', {
  test_asset4_init: assetInit('zA9Z'),
  test_asset12_init: assetInit('123def456XYZ'),
  test_asset4_trailing_zero_init: assetInit('Az\0\0'),
  test_asset12_trailing_zero_init: assetInit('789Az\0\0\0\0\0\0\0'),
  test_account_balance: {
    setup: SETUP,
    steps: sequence((s) => {
      const contract = newFromAsset(s, NATIVE_ASSET);
      const user = s.object(account(USER));
      s.ledger(selfSignedAccount(USER, 100_000_000n));
      invoke(s, contract, 'balance', user);
    }),
  },
  test_auth_rejected_for_bad_signature_type: {
    setup: SETUP,
    steps: sequence((s) => {
      const contract = defaultContract(s);
      defaultAccount(s, USER);
      defaultTrustline(s, USER);
      const args = s.call('vec_new_from_slice', vals(s.object(account(USER)), i128(100n)));
      const admin = s.object(account(ISSUER));
      // The entry's address, its contract's and its argument's objects.
      s.authorize({ signer: { voidAt: admin }, contract, fn: 'mint', args, entryObjects: 3 });
      s.call('call', contract, sym('mint'), args);
    }),
  },
  test_stellar_asset_contract_smart_roundtrip: {
    setup: SETUP,
    steps: sequence((s) => {
      s.ledger(selfSignedAccount(USER, 100_000_000n));
      const contract = newFromAsset(s, NATIVE_ASSET);
      s.ledger({ op: 'assetContractId', asset: NATIVE_ASSET });
      readString(s, invoke(s, contract, 'symbol'), 'native'.length);
      invoke(s, contract, 'decimals');
      readString(s, invoke(s, contract, 'name'), 'native'.length);
      // `set_admin` of the user by the user: refused, the native asset has no admin.
      const args = s.call('vec_new_from_slice', vals(s.object(account(USER))));
      // The entry's address, its signature's vector, map, two byte strings and `public_key`, its
      // contract's and its argument's objects.
      s.authorize({ signer: { account: USER, keys: [1] }, contract, fn: 'set_admin', args, entryObjects: 8 });
      s.call('call', contract, sym('set_admin'), args);
      invoke(s, contract, 'admin');
      s.ledger({ op: 'nativeBalance', account: USER });
      invoke(s, contract, 'balance', s.object(account(USER)));
    }),
  },
  test_do_not_init_contract_for_invalid_asset: {
    setup: SETUP,
    steps: sequence((s) => {
      for (const code of INVALID_ASSET_CODES)
        newFromAsset(s, assetXdrHex(ISSUER, Buffer.from(code, 'latin1')));
    }),
  },
});
