/**
 * A SAC transfer authorized by a classic account's signers
 * (stellar_asset_contract.rs `test_classic_account_multisig_auth`): master weight 40, medium
 * threshold 100, signers of weight u32::MAX (counted as 255), 60 and 59; signatures sorted by
 * key, each key once, at most 20.
 */
import { hash, type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { accountSignatures, PASSPHRASE, payloadOf, unsignedEntry } from '../../auth/support.js';
import { addr, failure, i128, invocationOf, keypair, putAccount, Sac, sacEnv } from './support.js';

const EXPIRATION = 1000;

/** The account's signature: `{public_key, signature}` maps in the order given. */
function signedBy(entry: xdr.SorobanAuthorizationEntry, keys: Keypair[]): xdr.SorobanAuthorizationEntry {
  if (entry.credentials.type !== 'sorobanCredentialsAddress') throw new Error('not an address entry');
  const signature = accountSignatures(payloadOf(entry, EXPIRATION), keys);
  const { address, nonce } = entry.credentials.address;
  return new xdr.SorobanAuthorizationEntry({
    credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
      new xdr.SorobanAddressCredentials({ address, nonce, signatureExpirationLedger: EXPIRATION, signature }),
    ),
    rootInvocation: entry.rootInvocation,
  });
}

const byKey = (keys: Keypair[]) =>
  [...keys].sort((a, b) => Buffer.compare(a.rawPublicKey(), b.rawPublicKey()));

describe('SAC multisig authorization', () => {
  it('test_classic_account_multisig_auth', async () => {
    const env = sacEnv({ networkId: Uint8Array.from(hash(Buffer.from(PASSPHRASE))) });
    const [user, key2, key3, key4, stranger] = [keypair(2), keypair(3), keypair(4), keypair(5), keypair(1)];
    putAccount(env, user, {
      balance: 100_000_000n,
      thresholds: [40, 10, 100, 150],
      signers: [
        [key2, 0xffff_ffff],
        [key3, 60],
        [key4, 59],
      ],
    });
    const sac = Sac.deploy(env, xdr.Asset.assetTypeNative());
    const args = [addr(user), addr(user), i128(100n)];
    const transferSignedBy = (keys: Keypair[]) => {
      const entry = signedBy(unsignedEntry(user, invocationOf(sac, 'transfer', args)), keys);
      return sac.env.invoke(sac.id, 'transfer', args, { auth: [entry] });
    };
    const accepted = [[user, key3], [key2], [key3, key4], [user, key3, key4], [user, key2, key3, key4]];
    for (const keys of accepted) expect(await failure(() => transferSignedBy(byKey(keys)))).toBe('no error');
    const refused: Keypair[][] = [
      [user],
      byKey([user, key4]),
      [key3, key3],
      [...byKey([key3, key4]), key3],
      byKey([key3, stranger]),
      byKey([key3, key4, stranger]),
      Array<Keypair>(21).fill(key2),
    ];
    for (const keys of refused) expect(await failure(() => transferSignedBy(keys))).toMatch(/^Error\(Auth, /);
  });
});
