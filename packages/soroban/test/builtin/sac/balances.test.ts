/**
 * Classic balance boundaries (stellar_asset_contract.rs): the native balance stays between the
 * account's reserve plus selling liabilities and i64::MAX less buying liabilities
 * (`test_stellar_asset_contract_classic_balance_boundaries_*`); a trustline's between its selling
 * liabilities and its limit less buying liabilities
 * (`test_asset_stellar_asset_contract_classic_balance_boundaries_*`); and
 * `test_classic_transfers_not_possible_for_unauthorized_asset`.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  type AccountOptions,
  addr,
  asset,
  I64_MAX,
  i128,
  keypair,
  nativeBalance,
  putAccount,
  putTrustline,
  Sac,
  sacEnv,
  TrustLineFlags,
  trustline,
} from './support.js';

const U32_MAX = 0xffff_ffff;

describe('SAC native balance boundaries', () => {
  const given: [string, AccountOptions & { balance: bigint }, bigint, bigint][] = [
    ['simple', { balance: 100_000_000n, numSubEntries: 5 }, 35_000_000n, I64_MAX],
    [
      'with_liabilities',
      { balance: 1_000_000_000n, numSubEntries: 8, liabilities: [300_000_000n, 500_000_000n] },
      550_000_000n,
      I64_MAX - 300_000_000n,
    ],
    [
      'with_sponsorships',
      { balance: 100_000_000n, numSubEntries: 5, sponsorships: [3, 6] },
      50_000_000n,
      I64_MAX,
    ],
    [
      'with_sponsorships_and_liabilities',
      {
        balance: 1_000_000_000n,
        numSubEntries: 5,
        liabilities: [300_000_000n, 500_000_000n],
        sponsorships: [3, 6],
      },
      550_000_000n,
      I64_MAX - 300_000_000n,
    ],
    [
      'with_large_values',
      {
        balance: I64_MAX - I64_MAX / 4n,
        numSubEntries: U32_MAX,
        liabilities: [I64_MAX / 4n, I64_MAX / 5n],
        sponsorships: [0, U32_MAX],
      },
      (2n + BigInt(U32_MAX) + BigInt(U32_MAX)) * 5_000_000n + I64_MAX / 5n,
      I64_MAX - I64_MAX / 4n,
    ],
  ];
  for (const [name, account, min, max] of given)
    it(`test_stellar_asset_contract_classic_balance_boundaries_${name}`, () => {
      const env = sacEnv();
      const sac = Sac.deploy(env, xdr.Asset.assetTypeNative());
      const [user, other, large] = [keypair(2), keypair(3), keypair(4)];
      putAccount(env, user, account);
      putAccount(env, other, { balance: 10_000_000n, numSubEntries: 0 });
      const spendable = account.balance - min;
      expect(sac.contractError('transfer', addr(user), addr(other), i128(spendable + 1n))).toBe(
        'BalanceError',
      );
      sac.call('transfer', addr(user), addr(other), i128(spendable));
      expect(nativeBalance(env, user)).toBe(min);
      sac.call('transfer', addr(other), addr(user), i128(spendable));
      putAccount(env, large, { balance: I64_MAX, numSubEntries: 0 });
      const room = max - account.balance;
      expect(sac.contractError('transfer', addr(large), addr(user), i128(room + 1n))).toBe('BalanceError');
      sac.call('transfer', addr(large), addr(user), i128(room));
      expect(nativeBalance(env, user)).toBe(max);
    });
});

describe('SAC trustline balance boundaries', () => {
  const given: [string, bigint, bigint, bigint, [bigint, bigint] | undefined, bigint][] = [
    ['simple', 100_000_000n, 0n, I64_MAX, undefined, I64_MAX],
    ['with_trustline_limit', 100_000_000n, 0n, 200_000_000n, undefined, 200_000_000n],
    ['with_liabilities', 100_000_000n, 300_000n, I64_MAX - 500_000n, [500_000n, 300_000n], I64_MAX],
    [
      'with_limit_and_liabilities',
      100_000_000n,
      300_000n,
      150_000_000n,
      [50_000_000n, 300_000n],
      200_000_000n,
    ],
    [
      'large_values',
      I64_MAX - I64_MAX / 5n,
      I64_MAX / 4n,
      I64_MAX - I64_MAX / 5n,
      [I64_MAX / 5n, I64_MAX / 4n],
      I64_MAX,
    ],
  ];
  for (const [name, initial, min, max, liabilities, limit] of given)
    it(`test_asset_stellar_asset_contract_classic_balance_boundaries_${name}`, () => {
      const env = sacEnv();
      const [issuer, user, user2] = [keypair(1), keypair(2), keypair(3)];
      for (const who of [user, user2, issuer])
        putAccount(env, who, { balance: 10_000_000n, numSubEntries: 0 });
      const value = asset(new Uint8Array(12).fill(100), issuer);
      const flags = TrustLineFlags.authorized;
      putTrustline(env, user, value, { balance: initial, limit, flags, liabilities });
      putTrustline(env, user2, value, { balance: 0n, limit, flags, liabilities: [0n, 0n] });
      const sac = Sac.deploy(env, value);
      const balanceOf = (who: ReturnType<typeof keypair>) => BigInt(trustline(env, who, value).balance);
      const spendable = initial - min;
      expect(sac.contractError('transfer', addr(user), addr(user2), i128(spendable + 1n))).toBe(
        'BalanceError',
      );
      sac.call('transfer', addr(user), addr(user2), i128(spendable));
      expect([balanceOf(user), balanceOf(user2)]).toEqual([min, spendable]);
      sac.call('transfer', addr(user2), addr(user), i128(spendable));
      expect(sac.contractError('mint', addr(user), i128(max - initial + 1n))).toBe('BalanceError');
      sac.call('mint', addr(user), i128(max - initial));
      expect([balanceOf(user), balanceOf(user2)]).toEqual([max, 0n]);
      sac.call('mint', addr(user2), i128(1n));
      expect(sac.contractError('transfer', addr(user), addr(user2), i128(max))).toBe('BalanceError');
    });

  it('test_classic_transfers_not_possible_for_unauthorized_asset', () => {
    const env = sacEnv();
    const [issuer, user] = [keypair(1), keypair(2)];
    putAccount(env, user, { balance: 10_000_000n, numSubEntries: 0 });
    const value = asset(new Uint8Array(4).fill(99), issuer);
    putTrustline(env, user, value, { balance: 100_000_000n, flags: TrustLineFlags.authorized });
    const sac = Sac.deploy(env, value);
    sac.call('transfer', addr(user), addr(user), i128(1n));
    putTrustline(env, user, value, { balance: 100_000_000n, flags: 0 });
    expect(sac.contractError('transfer', addr(user), addr(user), i128(1n))).toBe('BalanceDeauthorizedError');
    expect(BigInt(trustline(env, user, value).balance)).toBe(100_000_000n);
  });

  it('a missing account or trustline is AccountMissingError or TrustlineMissingError', () => {
    const env = sacEnv();
    const [issuer, user] = [keypair(1), keypair(2)];
    const native = Sac.deploy(env, xdr.Asset.assetTypeNative());
    expect(native.contractError('balance', addr(user))).toBe('AccountMissingError');
    putAccount(env, issuer, { balance: 10_000_000n });
    const issued = Sac.deploy(env, asset('aaaa', issuer));
    expect(issued.contractError('balance', addr(user))).toBe('TrustlineMissingError');
  });
});
