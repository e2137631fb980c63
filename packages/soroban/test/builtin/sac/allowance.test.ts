/**
 * Allowances (stellar_asset_contract.rs): `test_transfer_with_allowance`,
 * `test_allowance_live_until` and `test_burn`.
 */
import type { Keypair } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { maxLiveUntilLedger } from '../../../src/storage/index.js';
import { addr, bool, defaultHolders, defaultSac, i128, keypair, sacEnv, u32 } from './support.js';

function setup(users: number) {
  const env = sacEnv();
  const { sac, issuer, asset } = defaultSac(env);
  const holders = Array.from({ length: users }, (_, i) => keypair(i + 2));
  defaultHolders(env, asset, holders);
  return { env, sac, issuer, users: holders as [Keypair, Keypair, Keypair] };
}

describe('SAC allowances', () => {
  it('test_transfer_with_allowance', () => {
    const { env, sac, users } = setup(3);
    const [user, user2, user3] = users;
    const allowance = () => sac.call('allowance', addr(user), addr(user3));
    sac.call('mint', addr(user), i128(100_000_000n));
    expect(allowance()).toBe(0n);
    sac.call('approve', addr(user), addr(user3), i128(10_000_000n), u32(200));
    expect(allowance()).toBe(10_000_000n);
    sac.call('transfer_from', addr(user3), addr(user), addr(user2), i128(6_000_000n));
    expect([sac.balance(user), sac.balance(user2), sac.balance(user3), allowance()]).toEqual([
      94_000_000n,
      6_000_000n,
      0n,
      4_000_000n,
    ]);
    expect(sac.contractError('transfer_from', addr(user3), addr(user), addr(user3), i128(4_000_001n))).toBe(
      'AllowanceError',
    );
    sac.call('approve', addr(user), addr(user3), i128(0n), u32(0));
    expect(allowance()).toBe(0n);
    sac.call('approve', addr(user), addr(user3), i128(4_000_000n), u32(200));
    sac.call('transfer_from', addr(user3), addr(user), addr(user3), i128(4_000_000n));
    expect([sac.balance(user), sac.balance(user2), sac.balance(user3), allowance()]).toEqual([
      90_000_000n,
      6_000_000n,
      4_000_000n,
      0n,
    ]);
    expect(sac.contractError('transfer_from', addr(user3), addr(user), addr(user3), i128(1n))).toBe(
      'AllowanceError',
    );
    const ledger = env.ledger.sequenceNumber;
    sac.call('approve', addr(user), addr(user3), i128(10n), u32(ledger));
    sac.call('transfer_from', addr(user3), addr(user), addr(user3), i128(5n));
    expect([sac.balance(user), sac.balance(user3)]).toEqual([89_999_995n, 4_000_005n]);
    env.ledger.sequenceNumber = ledger + 1;
    expect(sac.contractError('transfer_from', addr(user3), addr(user), addr(user3), i128(1n))).toBe(
      'AllowanceError',
    );
  });

  it('test_allowance_live_until', () => {
    const { env, sac, users } = setup(2);
    const [user, user2] = users;
    const allowance = () => sac.call('allowance', addr(user), addr(user2));
    sac.call('mint', addr(user), i128(1000n));
    sac.call('approve', addr(user), addr(user2), i128(1000n), u32(200));
    expect(allowance()).toBe(1000n);
    sac.call('transfer_from', addr(user2), addr(user), addr(user2), i128(10n));
    expect([allowance(), sac.balance(user2)]).toEqual([990n, 10n]);
    // Past the allowance's ledger it reads as zero and cannot be spent.
    env.ledger.sequenceNumber = 201;
    expect(allowance()).toBe(0n);
    expect(sac.contractError('transfer_from', addr(user2), addr(user), addr(user2), i128(1n))).toBe(
      'AllowanceError',
    );
    expect(sac.contractError('approve', addr(user), addr(user2), i128(1000n), u32(200))).toBe(
      'AllowanceError',
    );
    sac.call('approve', addr(user), addr(user2), i128(10_000n), u32(201));
    expect(allowance()).toBe(10_000n);
    // The longest an allowance may live, and no longer.
    sac.call('approve', addr(user), addr(user2), i128(10n), u32(maxLiveUntilLedger(env.ledger)));
    env.ledger.sequenceNumber = maxLiveUntilLedger(env.ledger);
    expect(allowance()).toBe(10n);
    sac.call('transfer_from', addr(user2), addr(user), addr(user2), i128(5n));
    env.ledger.sequenceNumber += 1;
    expect(sac.contractError('transfer_from', addr(user2), addr(user), addr(user2), i128(1n))).toBe(
      'AllowanceError',
    );
    expect(
      sac.contractError(
        'approve',
        addr(user),
        addr(user2),
        i128(10n),
        u32(maxLiveUntilLedger(env.ledger) + 1),
      ),
    ).toBe('AllowanceError');
  });

  it('test_burn', () => {
    const { sac, issuer, users } = setup(2);
    const [user, user2] = users;
    const allowance = () => sac.call('allowance', addr(user), addr(user2));
    sac.call('mint', addr(user), i128(100_000_000n));
    expect(sac.contractError('mint', addr(issuer), i128(1n))).toBe('OperationNotSupportedError');
    expect(sac.contractError('burn', addr(issuer), i128(1n))).toBe('OperationNotSupportedError');
    sac.call('approve', addr(user), addr(user2), i128(10_000_000n), u32(200));
    sac.call('burn_from', addr(user2), addr(user), i128(6_000_000n));
    expect([sac.balance(user), sac.balance(user2), allowance()]).toEqual([94_000_000n, 0n, 4_000_000n]);
    expect(sac.contractError('burn_from', addr(user2), addr(user), i128(4_000_001n))).toBe('AllowanceError');
    sac.call('burn_from', addr(user2), addr(user), i128(4_000_000n));
    expect([sac.balance(user), allowance()]).toEqual([90_000_000n, 0n]);
    sac.call('burn', addr(user), i128(45_000_000n));
    expect(sac.balance(user)).toBe(45_000_000n);
    sac.call('set_authorized', addr(user), bool(false));
    expect(sac.contractError('burn', addr(user), i128(100n))).toBe('BalanceDeauthorizedError');
    sac.call('set_authorized', addr(user), bool(true));
    sac.call('burn', addr(user), i128(1_000_000n));
    expect(sac.balance(user)).toBe(44_000_000n);
  });
});
