// TestEnv's accounts and trustlines: what a unit test of a token needs before the Stellar Asset
// Contract can read an issuer's flags or move a G-address's balance. Needs no test data.
import {
  Address,
  Asset,
  AuthRequiredFlag,
  Keypair,
  nativeToScVal,
  StrKey,
  xdr,
} from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { TestEnv } from '../../src/testing/test-env.js';

const issuer = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1));
const alice = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2));
const vault = StrKey.encodeContract(Buffer.alloc(32, 3));
const usdc = new Asset('USDC', issuer.publicKey());
const address = (who: string) => nativeToScVal(Address.fromString(who));
const amount = (n: bigint) => nativeToScVal(n, { type: 'i128' });

function tokenEnv() {
  const env = new TestEnv();
  const token = env.registerStellarAsset(usdc.toXDRObject());
  return { env, token };
}

describe('TestEnv.createAccount and createTrustline', () => {
  it('without the issuer account, the asset contract cannot read its flags', () => {
    const { env, token } = tokenEnv();
    expect(() => env.invoke(token, 'mint', [address(vault), amount(5n)])).toThrow(
      'Error(Storage, MissingValue)',
    );
  });

  const cases = [
    {
      given: 'a trustline with 0 and a mint of 700',
      trustline: {},
      want: { balance: 700n, error: undefined },
    },
    {
      given: 'a trustline whose limit is 500',
      trustline: { limit: 500n },
      want: { balance: 0n, error: 'Error(Contract, #' },
    },
    {
      given: 'a trustline that is not authorized',
      trustline: { flags: 0 },
      want: { balance: 0n, error: 'Error(Contract, #' },
    },
  ];
  it.each(cases)('$given', ({ trustline, want }) => {
    const { env, token } = tokenEnv();
    env.createAccount(issuer.publicKey(), { balance: 100_0000000n });
    env.createAccount(alice.publicKey(), { balance: 10_0000000n });
    env.createTrustline(alice.publicKey(), usdc.toXDRObject(), trustline);
    const mint = () => env.invoke(token, 'mint', [address(alice.publicKey()), amount(700n)]);
    if (want.error) expect(mint).toThrow(want.error);
    else mint();
    expect(env.invoke(token, 'balance', [address(alice.publicKey())]).result).toBe(want.balance);
  });

  it("moves a G-address's native balance through the native asset's contract", () => {
    const env = new TestEnv();
    const xlm = env.registerStellarAsset(Asset.native().toXDRObject());
    env.createAccount(alice.publicKey(), { balance: 10_0000000n });
    env.invoke(xlm, 'transfer', [address(alice.publicKey()), address(vault), amount(3_0000000n)]);
    expect(env.invoke(xlm, 'balance', [address(alice.publicKey())]).result).toBe(7_0000000n);
    expect(env.invoke(xlm, 'balance', [address(vault)]).result).toBe(3_0000000n);
  });

  it.each([
    { given: 'no flags', flags: 0, want: 1n },
    {
      given: 'AUTH_REQUIRED (a new contract balance starts deauthorized)',
      flags: AuthRequiredFlag,
      want: undefined,
    },
  ])('an issuer with $given decides a mint to a contract', ({ flags, want }) => {
    const { env, token } = tokenEnv();
    env.createAccount(issuer.publicKey(), { flags });
    const mint = () => env.invoke(token, 'mint', [address(vault), amount(1n)]);
    if (want === undefined) expect(mint).toThrow('Error(Contract, #11)');
    else {
      mint();
      expect(env.invoke(token, 'balance', [address(vault)]).result).toBe(want);
    }
  });

  it('refuses a trustline to the native asset', () => {
    const env = new TestEnv();
    expect(() => env.createTrustline(alice.publicKey(), xdr.Asset.assetTypeNative())).toThrow('native');
  });
});
