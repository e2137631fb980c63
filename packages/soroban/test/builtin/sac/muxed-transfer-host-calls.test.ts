/**
 * A transfer to a muxed destination reads it as contract.rs `transfer` does (v23.0.0): its address
 * (`get_address_from_muxed_address`) before the sender's `require_auth`, its id
 * (`get_id_from_muxed_address`) only once the authorization and the balances, for the event. An id too large for
 * a small value comes back as an object the host makes through the env (`obj_from_u64`), which
 * the contract reads back (`obj_to_u64`).
 */
import { describe, expect, it } from 'vitest';
import { addr, i128, mintedHolders, muxed } from './support.js';
import { tracedHost } from './traced-host.js';

const U64_MAX = (1n << 64n) - 1n;

describe('a transfer to a muxed destination', () => {
  it.each([
    { given: 'a small id', id: 567_890n, readBack: [] as string[] },
    { given: 'an id too large for a small value', id: U64_MAX, readBack: ['obj_from_u64', 'obj_to_u64'] },
  ])('with $given reads the address before the authorization and the id after it', ({ id, readBack }) => {
    const { env, sac, user, other } = mintedHolders(100n);
    const { calls, call } = tracedHost(env);
    call(sac.id, 'transfer', [addr(user), muxed(other, id), i128(10n)]);
    const names = calls.map((c) => c.name);
    const address = names.indexOf('get_address_from_muxed_address');
    const auth = names.indexOf('require_auth');
    const muxedId = names.indexOf('get_id_from_muxed_address');
    expect(address).toBeGreaterThan(-1);
    expect(auth).toBeGreaterThan(address);
    expect(muxedId).toBeGreaterThan(auth);
    expect(names.slice(muxedId + 1, muxedId + 1 + readBack.length)).toEqual(readBack);
  });
});
