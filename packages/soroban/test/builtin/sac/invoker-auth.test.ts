/**
 * Authorization by the transaction's source account and by the invoking contract
 * (stellar_asset_contract.rs `test_account_invoker_auth_with_issuer_admin`), through apply: the
 * SAC's `require_auth` goes through the host's AuthorizationManager like any contract's.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import type { InMemorySnapshot } from '../../../src/storage/index.js';
import { answer, createAssetContract, invokeContract, sourceAccountEntry, transact } from './entry-points.js';
import {
  addr,
  asset,
  I64_MAX,
  i128,
  keypair,
  putAccount,
  putTrustline,
  sacEnv,
  TrustLineFlags,
} from './support.js';

function balance(value: xdr.ScVal): bigint {
  if (value.type !== 'scvI128') throw new Error('not an i128');
  return (BigInt(value.i128.hi) << 64n) | BigInt(value.i128.lo);
}

describe('SAC invoker authorization', () => {
  it('test_account_invoker_auth_with_issuer_admin', () => {
    const env = sacEnv();
    const snapshot = env.snapshot as InMemorySnapshot;
    const [admin, user] = [keypair(1), keypair(2)];
    putAccount(env, admin, { balance: 10_000_000n });
    putAccount(env, user, { balance: 10_000_000n });
    const value = asset('aaaa', admin);
    putTrustline(env, user, value, {
      limit: 10_000n,
      flags: TrustLineFlags.authorized,
      liabilities: [0n, 0n],
    });
    const created = answer(transact(snapshot, admin, createAssetContract(value)));
    if (created.type !== 'scvAddress') throw new Error('no address');
    const sac = created.address;
    const call = (fn: string, ...args: xdr.ScVal[]) => invokeContract(sac, fn, args);
    const asSource = (fn: string, ...args: xdr.ScVal[]) => [sourceAccountEntry(sac, fn, args)];
    const balanceOf = (who: ReturnType<typeof keypair>) =>
      balance(answer(transact(snapshot, admin, call('balance', addr(who)))));

    // The admin as the source account mints without a signature.
    for (const amount of [1000n, 2000n]) {
      const args = [addr(user), i128(amount)];
      answer(transact(snapshot, admin, call('mint', ...args), asSource('mint', ...args)));
    }
    expect([balanceOf(user), balanceOf(admin)]).toEqual([3000n, I64_MAX]);

    // The user as the source account cannot: the admin's authorization is missing.
    const mintArgs = [addr(user), i128(1000n)];
    const refused = transact(snapshot, user, call('mint', ...mintArgs), asSource('mint', ...mintArgs));
    expect(refused.code).toBe('invokeHostFunctionTrapped');
    expect(refused.code !== 'invokeHostFunctionSuccess' && refused.error?.short).toBe(
      'Error(Auth, InvalidAction)',
    );

    // Transfers authorized by the source account that sends.
    const toAdmin = [addr(user), addr(admin), i128(500n)];
    answer(transact(snapshot, user, call('transfer', ...toAdmin), asSource('transfer', ...toAdmin)));
    const toUser = [addr(admin), addr(user), i128(800n)];
    answer(transact(snapshot, admin, call('transfer', ...toUser), asSource('transfer', ...toUser)));
    expect([balanceOf(user), balanceOf(admin)]).toEqual([3300n, I64_MAX]);
  });
});
