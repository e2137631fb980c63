/**
 * The SAC makes its events through the host's env as event.rs does (v23.0.0): once the asset's
 * name is read (`map_unpack_to_slice` of the metadata), the topics' `host_vec!`, the data's
 * conversion (an i128 too large for a Val is `obj_from_i128_pieces`; a muxed destination's
 * `{amount, to_muxed_id}` is `map_new` and two `map_put`s), then `contract_event`. Each is a host
 * call of itself, charged and traced as the Rust host's.
 */
import type { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { addr, defaultHolders, defaultSac, i128, keypair, muxed, sacEnv, u32 } from './support.js';
import { tracedHost } from './traced-host.js';

/** The host's calls of itself after the event's read of the asset's name, to the event, comparisons left out. */
function eventCalls(fn: string, args: (users: Users) => xdr.ScVal[]): string[] {
  const env = sacEnv();
  const { sac, asset } = defaultSac(env);
  const [user, other] = [keypair(2), keypair(3)];
  defaultHolders(env, asset, [user, other]);
  sac.call('mint', addr(user), i128(1n << 62n));
  const { calls, call } = tracedHost(env);
  call(sac.id, fn, args({ user, other }));
  const names = calls.map((c) => c.name);
  const published = names.indexOf('contract_event');
  return names
    .slice(names.lastIndexOf('get_contract_data', published) + 1, published + 1)
    .filter((n) => n !== 'obj_cmp');
}

type Users = { user: Keypair; other: Keypair };
const TOPICS = ['map_unpack_to_slice', 'vec_new_from_slice'];

describe('SAC events made through the env', () => {
  it.each([
    {
      given: 'a transfer of a small amount',
      fn: 'transfer',
      args: ({ user, other }: Users) => [addr(user), addr(other), i128(5n)],
      want: [...TOPICS, 'contract_event'],
    },
    {
      given: 'a transfer too large for a small i128',
      fn: 'transfer',
      args: ({ user, other }: Users) => [addr(user), addr(other), i128(1n << 60n)],
      want: [...TOPICS, 'obj_from_i128_pieces', 'contract_event'],
    },
    {
      given: 'a transfer to a muxed account',
      fn: 'transfer',
      args: ({ user, other }: Users) => [addr(user), muxed(other, 7n), i128(5n)],
      want: [...TOPICS, 'map_new', 'map_put', 'symbol_new_from_slice', 'map_put', 'contract_event'],
    },
    {
      given: 'a transfer to a muxed account with an id too large for a small u64',
      fn: 'transfer',
      args: ({ user, other }: Users) => [addr(user), muxed(other, (1n << 64n) - 1n), i128(5n)],
      want: [
        ...TOPICS,
        'map_new',
        'map_put',
        'symbol_new_from_slice',
        'obj_from_u64',
        'map_put',
        'contract_event',
      ],
    },
    {
      given: 'an approval: its data a vector of the amount and the ledger',
      fn: 'approve',
      args: ({ user, other }: Users) => [addr(user), addr(other), i128(5n), u32(200)],
      want: [...TOPICS, 'vec_new_from_slice', 'contract_event'],
    },
    {
      given: 'a burn',
      fn: 'burn',
      args: ({ user }: Users) => [addr(user), i128(5n)],
      want: [...TOPICS, 'contract_event'],
    },
  ])('$given', ({ fn, args, want }) => {
    expect(eventCalls(fn, args)).toEqual(want);
  });
});
