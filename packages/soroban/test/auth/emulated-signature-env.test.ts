/**
 * Recording mode's emulated signature of an account is made through the host's own env, as auth.rs
 * `emulate_authentication` makes it (v23.0.0): the key and the zero signature as
 * `bytes_new_from_slice`, the `AccountEd25519Signature` struct as `map_new_from_slices` (its long
 * `public_key` field name a symbol object, compared with `signature`), the vector as
 * `vec_new_from_slice`; then the account's check reads it (`vec_len` first).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { addr, i128, keypair, putAccount, Sac, sacEnv, u32 } from '../builtin/sac/support.js';
import { tracedHost } from '../builtin/sac/traced-host.js';

const CASES = [
  {
    given: 'an account approving from its own address, recorded',
    want: [
      'bytes_new_from_slice',
      'bytes_new_from_slice',
      'map_new_from_slices',
      'symbol_new_from_slice',
      'obj_cmp',
      'vec_new_from_slice',
      'vec_len',
    ],
  },
];

describe('the emulated account signature through the env', () => {
  it.each(CASES)('$given', ({ want }) => {
    const env = sacEnv();
    const [user, spender] = [keypair(2), keypair(3)];
    for (const key of [user, spender]) putAccount(env, key, { balance: 100_000_000n });
    const { id } = Sac.deploy(env, xdr.Asset.assetTypeNative());
    const { calls, call } = tracedHost(env);
    call(id, 'approve', [addr(user), addr(spender), i128(10n), u32(200)]);
    const names = calls.map((c) => c.name);
    const lastEvent = names.lastIndexOf('contract_event');
    expect(names.slice(lastEvent + 1, lastEvent + 1 + want.length)).toEqual(want);
  });
});
