/**
 * Transfers (soroban-env-host/src/test/stellar_asset_contract.rs): `test_zero_amounts`,
 * `test_direct_transfer`, `test_transfer_with_issuer`, `test_cap_67_transfer_with_muxed_accounts`,
 * `test_stellar_asset_contract_authorization` and `test_negative_amounts_are_not_allowed`, with
 * the balances, events and ContractError codes the Rust tests assert.
 */
import { StrKey } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  addr,
  bool,
  contractId,
  defaultHolders,
  defaultSac,
  eventsOf,
  I64_MAX,
  i128,
  keypair,
  muxed,
  sacEnv,
  u32,
} from './support.js';

function setup(users = 2) {
  const env = sacEnv();
  const { sac, issuer, asset } = defaultSac(env);
  const holders = Array.from({ length: users }, (_, i) => keypair(i + 2));
  defaultHolders(env, asset, holders);
  return { env, sac, issuer, users: holders };
}

const g = (who: { publicKey(): string }) => who.publicKey();

describe('SAC transfers', () => {
  it('test_zero_amounts: zero moves succeed; a zero clawback needs a balance', () => {
    const { sac, issuer, users } = setup();
    const [user, user2] = users as [ReturnType<typeof keypair>, ReturnType<typeof keypair>];
    const userContract = contractId(42);
    sac.call('transfer', addr(user), addr(user2), i128(0n));
    sac.call('burn', addr(user), i128(0n));
    sac.call('burn_from', addr(user), addr(user2), i128(0n));
    sac.call('burn_from', addr(user), addr(userContract), i128(0n));
    sac.call('clawback', addr(user2), i128(0n));
    expect(sac.contractError('clawback', addr(userContract), i128(0n))).toBe('BalanceError');
    // A zero balance, clawback-able since the issuer has AUTH_CLAWBACK_ENABLED.
    sac.call('set_authorized', addr(userContract), bool(true));
    sac.call('clawback', addr(userContract), i128(0n));
    expect(issuer).toBeDefined();
  });

  it('test_direct_transfer: balances move, an overdraft is a BalanceError', () => {
    const { sac, users } = setup();
    const [user, user2] = users as [ReturnType<typeof keypair>, ReturnType<typeof keypair>];
    sac.call('mint', addr(user), i128(100_000_000n));
    expect(sac.balance(user)).toBe(100_000_000n);
    expect(sac.balance(user2)).toBe(0n);
    sac.call('transfer', addr(user), addr(user2), i128(9_999_999n));
    expect([sac.balance(user), sac.balance(user2)]).toEqual([90_000_001n, 9_999_999n]);
    expect(sac.contractError('transfer', addr(user2), addr(user), i128(10_000_000n))).toBe('BalanceError');
    sac.call('transfer', addr(user2), addr(user), i128(999_999n));
    expect([sac.balance(user), sac.balance(user2)]).toEqual([91_000_000n, 9_000_000n]);
  });

  it('test_transfer_with_issuer: from the issuer a mint, to it a burn, to itself a transfer', () => {
    const { sac, issuer, users } = setup();
    const [user, user2] = users as [ReturnType<typeof keypair>, ReturnType<typeof keypair>];
    const name = sac.call('name') as string;
    expect(eventsOf(sac.invoke('transfer', addr(issuer), addr(user), i128(100n)))).toEqual([
      [['mint', g(user), name], 100n],
    ]);
    expect(sac.balance(user)).toBe(100n);
    expect(sac.balance(issuer)).toBe(I64_MAX);
    expect(eventsOf(sac.invoke('transfer', addr(user), addr(user2), i128(50n)))).toEqual([
      [['transfer', g(user), g(user2), name], 50n],
    ]);
    expect(eventsOf(sac.invoke('transfer', addr(user), addr(issuer), i128(50n)))).toEqual([
      [['burn', g(user), name], 50n],
    ]);
    expect([sac.balance(user), sac.balance(user2), sac.balance(issuer)]).toEqual([0n, 50n, I64_MAX]);
    expect(eventsOf(sac.invoke('transfer', addr(issuer), addr(issuer), i128(I64_MAX)))).toEqual([
      [['transfer', g(issuer), g(issuer), name], I64_MAX],
    ]);
  });

  it('test_cap_67_transfer_with_muxed_accounts: a muxed destination puts to_muxed_id in the data', () => {
    const { sac, issuer, users } = setup();
    const [user, user2] = users as [ReturnType<typeof keypair>, ReturnType<typeof keypair>];
    sac.call('mint', addr(user), i128(100_000_000n));
    const name = sac.call('name') as string;
    const given: [
      ReturnType<typeof keypair>,
      ReturnType<typeof keypair>,
      bigint | undefined,
      bigint,
      unknown,
    ][] = [
      [user, user2, 567_890n, 9_999_999n, ['transfer', g(user), g(user2), name]],
      [user, user2, (1n << 64n) - 1n, 1n, ['transfer', g(user), g(user2), name]],
      [user2, user, undefined, 5_000_000n, ['transfer', g(user2), g(user), name]],
      [issuer, user2, 1n, 2n, ['mint', g(user2), name]],
    ];
    for (const [from, to, id, amount, topics] of given) {
      const destination = id === undefined ? addr(to) : muxed(to, id);
      const data = id === undefined ? amount : { amount, to_muxed_id: id };
      expect(eventsOf(sac.invoke('transfer', addr(from), destination, i128(amount)))).toEqual([
        [topics, data],
      ]);
    }
    expect([sac.balance(user), sac.balance(user2)]).toEqual([95_000_000n, 5_000_002n]);
  });

  it('test_stellar_asset_contract_authorization: a deauthorized trustline can neither send nor receive', () => {
    const { sac, users } = setup();
    const [user, user2] = users as [ReturnType<typeof keypair>, ReturnType<typeof keypair>];
    sac.call('mint', addr(user), i128(100_000_000n));
    sac.call('mint', addr(user2), i128(200_000_000n));
    expect(sac.call('authorized', addr(user))).toBe(true);
    sac.call('set_authorized', addr(user), bool(false));
    expect(sac.call('authorized', addr(user))).toBe(false);
    expect(sac.contractError('transfer', addr(user), addr(user2), i128(1n))).toBe('BalanceDeauthorizedError');
    expect(sac.contractError('transfer', addr(user2), addr(user), i128(1n))).toBe('BalanceDeauthorizedError');
    sac.call('set_authorized', addr(user), bool(true));
    expect(sac.call('authorized', addr(user))).toBe(true);
    sac.call('transfer', addr(user), addr(user2), i128(1n));
    sac.call('transfer', addr(user2), addr(user), i128(1n));
  });

  it('test_negative_amounts_are_not_allowed: every amount-taking function answers NegativeAmountError', () => {
    const { sac, users } = setup();
    const [user, user2] = users as [ReturnType<typeof keypair>, ReturnType<typeof keypair>];
    sac.call('mint', addr(user), i128(100_000_000n));
    const calls: [string, ...ReturnType<typeof addr>[]][] = [
      ['mint', addr(user), i128(-1n)],
      ['burn', addr(user), i128(-1n)],
      ['burn_from', addr(user2), addr(user), i128(-1n)],
      ['approve', addr(user), addr(user2), i128(-1n), u32(200)],
      ['transfer', addr(user), addr(user2), i128(-1n)],
      ['transfer_from', addr(user2), addr(user), addr(user2), i128(-1n)],
      ['clawback', addr(user), i128(-1n)],
    ];
    for (const [fn, ...args] of calls) expect(sac.contractError(fn, ...args), fn).toBe('NegativeAmountError');
  });

  it('a C-address balance lives in contract data and moves like an account balance', () => {
    const { sac, users } = setup(1);
    const [user] = users as [ReturnType<typeof keypair>];
    const holder = StrKey.encodeContract(Buffer.from(contractId(9)));
    sac.call('mint', addr(user), i128(1_000n));
    sac.call('transfer', addr(user), addr(holder), i128(400n));
    expect([sac.balance(user), sac.balance(holder)]).toEqual([600n, 400n]);
    expect(sac.contractError('transfer', addr(holder), addr(user), i128(401n))).toBe('BalanceError');
    sac.call('transfer', addr(holder), addr(user), i128(400n));
    expect(sac.balance(holder)).toBe(0n);
  });
});
