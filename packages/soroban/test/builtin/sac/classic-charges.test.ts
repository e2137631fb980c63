/**
 * The SAC's classic entries are charged as balance.rs and data_helper.rs copy them (v23.0.0): a
 * balance change clones the entry it reads (an AccountEntry's 216 bytes and its signers, a
 * TrustLineEntry's 128) and makes the changed entry (`modify_ledger_entry_data`: the ext's 33
 * bytes copied, a 256-byte LedgerEntry allocated); a trustline's balance read clones it too.
 */
import { type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it, vi } from 'vitest';
import { addr, defaultHolders, defaultSac, i128, keypair, putAccount, Sac, sacEnv } from './support.js';
import { tracedHost } from './traced-host.js';

type Users = { user: Keypair; other: Keypair };

/** The clones and new entries charged while the SAC runs `fn`, told apart by their sizes. */
function chargesOf(native: boolean, fn: string, args: (users: Users) => xdr.ScVal[]) {
  const env = sacEnv();
  const [user, other] = [keypair(2), keypair(3)];
  let id: string;
  if (native) {
    for (const key of [user, other]) putAccount(env, key, { balance: 100_000_000n });
    id = Sac.deploy(env, xdr.Asset.assetTypeNative()).id;
  } else {
    const { sac, asset } = defaultSac(env);
    defaultHolders(env, asset, [user, other]);
    sac.call('mint', addr(user), i128(1000n));
    id = sac.id;
  }
  const { host, call } = tracedHost(env);
  const charge = vi.spyOn(host.budget, 'charge');
  call(id, fn, args({ user, other }));
  const made = charge.mock.calls.map(([type, input]) => `${type}:${input}`);
  const count = (at: (i: number) => boolean) => made.filter((_, i) => at(i)).length;
  return {
    accountClone: count((i) => made[i] === 'MemCpy:216'),
    // A Vec's bulk copy also copies 128 bytes, right after allocating them.
    trustlineClone: count((i) => made[i] === 'MemCpy:128' && made[i - 1] !== 'MemAlloc:128'),
    newEntry: count((i) => made[i] === 'MemCpy:33' && made[i + 1] === 'MemAlloc:256'),
  };
}

describe('classic entries cloned and rewritten', () => {
  it.each([
    {
      given: 'a native transfer: both accounts, and the emulated signature check loads the signer',
      native: true,
      fn: 'transfer',
      args: ({ user, other }: Users) => [addr(user), addr(other), i128(5n)],
      want: { accountClone: 3, trustlineClone: 0, newEntry: 2 },
    },
    {
      given: 'a trustline transfer',
      native: false,
      fn: 'transfer',
      args: ({ user, other }: Users) => [addr(user), addr(other), i128(5n)],
      want: { accountClone: 1, trustlineClone: 2, newEntry: 2 },
    },
    {
      given: "a trustline's balance",
      native: false,
      fn: 'balance',
      args: ({ user }: Users) => [addr(user)],
      want: { accountClone: 0, trustlineClone: 1, newEntry: 0 },
    },
  ])('$given', ({ native, fn, args, want }) => {
    expect(chargesOf(native, fn, args)).toEqual(want);
  });
});
