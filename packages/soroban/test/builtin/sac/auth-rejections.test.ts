/**
 * Signed entries the SAC's `require_auth` refuses (stellar_asset_contract.rs):
 * `test_auth_rejected_for_incorrect_nonce` (expired, too far out, a nonce used twice) and
 * `test_auth_rejected_for_incorrect_payload` (the wrong signer, function or arguments).
 */
import { hash, type Keypair, type xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { PASSPHRASE, sign, unsignedEntry } from '../../auth/support.js';
import {
  addr,
  defaultHolders,
  defaultSac,
  failure,
  i128,
  invocationOf,
  keypair,
  type Sac,
  sacEnv,
} from './support.js';

function setup() {
  const env = sacEnv({ networkId: Uint8Array.from(hash(Buffer.from(PASSPHRASE))) });
  const { sac, issuer, asset } = defaultSac(env);
  const user = keypair(2);
  defaultHolders(env, asset, [user]);
  return { sac, issuer, user, mintArgs: [addr(user), i128(100n)] };
}

/** Mints with one entry: `signer` signing `fn(args)` with this nonce, valid until `expiration`. */
async function mintWith(
  sac: Sac,
  callArgs: xdr.ScVal[],
  signer: Keypair,
  entry: { fn?: string; args?: xdr.ScVal[]; nonce?: bigint; expiration?: number } = {},
) {
  const invocation = invocationOf(sac, entry.fn ?? 'mint', entry.args ?? callArgs);
  const signed = await sign(unsignedEntry(signer, invocation, entry.nonce), signer, entry.expiration ?? 1000);
  return sac.env.invoke(sac.id, 'mint', callArgs, { auth: [signed] });
}

describe('SAC authorization refused', () => {
  it('test_auth_rejected_for_incorrect_nonce', async () => {
    const { sac, issuer, mintArgs } = setup();
    // Ledger 123, max entry TTL 6,312,000: valid through ledger 6,312,122 (auth.rs's errors).
    const given: [bigint, number, string][] = [
      [12_345n, 122, 'Error(Auth, InvalidInput)'],
      [12_345n, 123 + 6_312_000, 'Error(Auth, InvalidInput)'],
      [12_345n, 123, 'no error'],
      [123_456n, 123 + 10_000 - 1, 'no error'],
      [12_345n, 200, 'Error(Auth, ExistingValue)'],
    ];
    for (const [nonce, expiration, want] of given)
      expect(
        await failure(() => mintWith(sac, mintArgs, issuer, { nonce, expiration })),
        `${nonce}@${expiration}`,
      ).toBe(want);
  });

  it('test_auth_rejected_for_incorrect_payload', async () => {
    const { sac, issuer, user, mintArgs } = setup();
    const refused = 'Error(Auth, InvalidAction)';
    expect(await failure(() => mintWith(sac, mintArgs, user))).toBe(refused);
    expect(await failure(() => mintWith(sac, mintArgs, issuer, { fn: 'burn' }))).toBe(refused);
    const otherArgs = [addr(user), addr(issuer), i128(100n)];
    expect(await failure(() => mintWith(sac, mintArgs, issuer, { args: otherArgs }))).toBe(refused);
    expect(await failure(() => mintWith(sac, mintArgs, issuer))).toBe('no error');
    expect(sac.balance(user)).toBe(100n);
  });
});
