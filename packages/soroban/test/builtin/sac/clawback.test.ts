/**
 * Clawback and the issuer's flags (stellar_asset_contract.rs): `test_clawback_on_account`,
 * `test_clawback_on_contract`, `test_auth_revocable_on_contract`, `test_auth_required` and
 * `test_trustline_auth`.
 */
import { describe, expect, it } from 'vitest';
import {
  AccountFlags,
  addr,
  bool,
  contractId,
  defaultSac,
  I64_MAX,
  i128,
  keypair,
  putAccount,
  putTrustline,
  sacEnv,
  setAccountFlags,
  TrustLineFlags,
  trustline,
  u32,
} from './support.js';

describe('SAC clawback and authorization flags', () => {
  it('test_clawback_on_account: only while the trustline has clawback enabled', () => {
    const env = sacEnv();
    const { sac, asset } = defaultSac(env);
    const user = keypair(2);
    putTrustline(env, user, asset);
    sac.call('mint', addr(user), i128(100_000_000n));
    sac.call('clawback', addr(user), i128(40_000_000n));
    expect(sac.balance(user)).toBe(60_000_000n);
    expect(sac.contractError('clawback', addr(user), i128(60_000_001n))).toBe('BalanceError');
    putTrustline(env, user, asset, { balance: 60_000_000n, flags: 0 });
    expect(sac.contractError('clawback', addr(user), i128(60_000_000n))).toBe('BalanceError');
    putTrustline(env, user, asset, { balance: 60_000_000n, flags: TrustLineFlags.clawbackEnabled });
    sac.call('clawback', addr(user), i128(60_000_000n));
    expect(sac.balance(user)).toBe(0n);
  });

  it('test_clawback_on_contract: a balance keeps the clawback flag it was created with', () => {
    const env = sacEnv();
    const { sac, issuer } = defaultSac(env);
    const [user1, user2] = [contractId(11), contractId(12)];
    sac.call('mint', addr(user1), i128(100_000_000n));
    setAccountFlags(env, issuer, 0);
    sac.call('mint', addr(user2), i128(100_000_000n));
    sac.call('clawback', addr(user1), i128(40_000_000n));
    expect(sac.contractError('clawback', addr(user2), i128(40_000_000n))).toBe('BalanceError');
    setAccountFlags(env, issuer, AccountFlags.clawbackEnabled);
    sac.call('clawback', addr(user1), i128(40_000_000n));
    expect(sac.contractError('clawback', addr(user2), i128(40_000_000n))).toBe('BalanceError');
    expect([sac.balance(user1), sac.balance(user2)]).toEqual([20_000_000n, 100_000_000n]);
  });

  it('test_auth_revocable_on_contract: deauthorizing needs AUTH_REVOCABLE, authorizing does not', () => {
    const env = sacEnv();
    const { sac, issuer } = defaultSac(env);
    const user = contractId(11);
    expect(sac.call('authorized', addr(user))).toBe(true);
    setAccountFlags(env, issuer, 0);
    expect(sac.contractError('set_authorized', addr(user), bool(false))).toBe('OperationNotSupportedError');
    setAccountFlags(env, issuer, AccountFlags.revocable);
    sac.call('set_authorized', addr(user), bool(false));
    expect(sac.call('authorized', addr(user))).toBe(false);
    setAccountFlags(env, issuer, 0);
    sac.call('set_authorized', addr(user), bool(true));
    expect(sac.call('authorized', addr(user))).toBe(true);
  });

  it('test_auth_required: with AUTH_REQUIRED a new contract balance must be authorized first', () => {
    const env = sacEnv();
    const { sac, issuer } = defaultSac(env);
    const [user1, user2] = [contractId(11), contractId(12)];
    sac.call('mint', addr(user1), i128(100_000_000n));
    setAccountFlags(env, issuer, AccountFlags.required);
    expect(sac.contractError('transfer', addr(user1), addr(user2), i128(1n))).toBe(
      'BalanceDeauthorizedError',
    );
    sac.call('set_authorized', addr(user2), bool(true));
    sac.call('transfer', addr(user1), addr(user2), i128(1n));
    expect([sac.balance(user1), sac.balance(user2)]).toEqual([99_999_999n, 1n]);
  });

  it('test_trustline_auth: revocation, deauthorized trustlines, clawback within liabilities', () => {
    const env = sacEnv();
    const { sac, issuer, asset } = defaultSac(env);
    const user = keypair(2);
    putAccount(env, issuer, { balance: 10_000_000n });
    putAccount(env, user, { balance: 10_000_000n });
    putTrustline(env, user, asset, {
      limit: 10_000n,
      flags: TrustLineFlags.authorized,
      liabilities: [0n, 0n],
    });
    sac.call('mint', addr(user), i128(1000n));
    expect(sac.balance(user)).toBe(1000n);
    sac.call('transfer', addr(user), addr(issuer), i128(1n));
    expect([sac.balance(user), sac.balance(issuer)]).toEqual([999n, I64_MAX]);
    expect(sac.contractError('set_authorized', addr(user), bool(false))).toBe('OperationNotSupportedError');
    putAccount(env, issuer, { balance: 10_000_000n, flags: AccountFlags.revocable });
    sac.call('set_authorized', addr(user), bool(false));
    // Deauthorized, the trustline keeps its liabilities (AUTHORIZED_TO_MAINTAIN_LIABILITIES).
    expect(trustline(env, user, asset).flags).toBe(TrustLineFlags.authorizedToMaintainLiabilities);
    expect(sac.contractError('transfer', addr(user), addr(issuer), i128(1n))).toBe(
      'BalanceDeauthorizedError',
    );
    expect(sac.contractError('mint', addr(user), i128(1000n))).toBe('BalanceDeauthorizedError');
    sac.call('set_authorized', addr(user), bool(true));
    expect(trustline(env, user, asset).flags).toBe(TrustLineFlags.authorized);
    sac.call('approve', addr(user), addr(issuer), i128(500n), u32(200));
    sac.call('transfer_from', addr(issuer), addr(user), addr(issuer), i128(500n));
    sac.call('mint', addr(user), i128(1n));
    expect(sac.balance(user)).toBe(500n);
    expect(sac.contractError('clawback', addr(user), i128(10n))).toBe('BalanceError');
    putTrustline(env, user, asset, {
      balance: 500n,
      limit: 10_000n,
      flags: TrustLineFlags.clawbackEnabled,
      liabilities: [0n, 10n],
    });
    sac.call('clawback', addr(user), i128(10n));
    expect(sac.balance(user)).toBe(490n);
  });
});
