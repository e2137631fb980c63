/**
 * The SAC makes its events through the host's env as the Rust SAC does (event.rs at v23.0.0): a
 * long name's symbol a traced `symbol_new_from_slice`, the asset's name read (`get_contract_data`,
 * `map_unpack_to_slice` of the metadata), the topics `host_vec![Symbol, addresses.., name]` a
 * traced `vec_new_from_slice` of the very Address objects the function was given, the data
 * converted (an i128 too large for a Val is `obj_from_i128_pieces`; a muxed destination's
 * `{amount, to_muxed_id}` is `map_new` and two `map_put`s), then `contract_event`. And the
 * issuer's address is made as `Address::from_account` makes it: its key copied out of the Bytes
 * object, the account id cloned.
 */
import { type Keypair, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { issuerAddressVal, readAssetInfo } from '../../../src/builtin/sac/asset-info.js';
import { Tag } from '../../../src/values/tags.js';
import { tagOf, type Val } from '../../../src/values/val.js';
import { addr, bool, defaultHolders, defaultSac, i128, keypair, muxed, sacEnv, u32 } from './support.js';
import { inContract, tracedHost } from './traced-host.js';

type Users = { user: Keypair; other: Keypair };

function setup() {
  const env = sacEnv();
  const { sac, asset } = defaultSac(env);
  const users = { user: keypair(2), other: keypair(3) };
  defaultHolders(env, asset, [users.user, users.other]);
  sac.call('mint', addr(users.user), i128(1n << 62n));
  const { host, calls } = tracedHost(env);
  return { host, calls, contractId: Uint8Array.from(StrKey.decodeContract(sac.id)), users };
}

/** Reading the asset's name, then its topics. */
const TOPICS = ['get_contract_data', 'map_unpack_to_slice', 'vec_new_from_slice'];
const MUXED_DATA = ['map_new', 'map_put', 'symbol_new_from_slice'];

const CASES: { given: string; fn: string; args: (users: Users) => xdr.ScVal[]; want: string[] }[] = [
  {
    given: 'a transfer of a small amount',
    fn: 'transfer',
    args: ({ user, other }) => [addr(user), addr(other), i128(5n)],
    want: [...TOPICS, 'contract_event'],
  },
  {
    given: 'a transfer too large for a small i128',
    fn: 'transfer',
    args: ({ user, other }) => [addr(user), addr(other), i128(1n << 60n)],
    want: [...TOPICS, 'obj_from_i128_pieces', 'contract_event'],
  },
  {
    given: 'a transfer to a muxed account',
    fn: 'transfer',
    args: ({ user, other }) => [addr(user), muxed(other, 7n), i128(5n)],
    want: [...TOPICS, ...MUXED_DATA, 'map_put', 'contract_event'],
  },
  {
    given: 'a transfer to a muxed account with an id too large for a small u64',
    fn: 'transfer',
    args: ({ user, other }) => [addr(user), muxed(other, (1n << 64n) - 1n), i128(5n)],
    want: [...TOPICS, ...MUXED_DATA, 'obj_from_u64', 'map_put', 'contract_event'],
  },
  {
    given: 'an approval: its data a vector of the amount and the ledger',
    fn: 'approve',
    args: ({ user, other }) => [addr(user), addr(other), i128(5n), u32(200)],
    want: [...TOPICS, 'vec_new_from_slice', 'contract_event'],
  },
  {
    given: 'a burn',
    fn: 'burn',
    args: ({ user }) => [addr(user), i128(5n)],
    want: [...TOPICS, 'contract_event'],
  },
  {
    given: 'a mint',
    fn: 'mint',
    args: ({ user }) => [addr(user), i128(5n)],
    want: [...TOPICS, 'contract_event'],
  },
  {
    given: 'a set_authorized: the long name a Symbol object first',
    fn: 'set_authorized',
    args: ({ user }) => [addr(user), bool(true)],
    want: ['symbol_new_from_slice', ...TOPICS, 'contract_event'],
  },
];

describe('SAC events through the env', () => {
  it.each(CASES)('$given', ({ fn, args, want }) => {
    const { host, calls, contractId, users } = setup();
    const argVals = args(users).map((arg) => host.converter.toVal(arg));
    host.callContract(contractId, host.converter.toVal(xdr.ScVal.scvSymbol(fn)), argVals);
    // The host's own calls but the key comparisons inside its storage reads.
    const own = calls.filter((call) => call.name !== 'obj_cmp');
    const event = own.findIndex((call) => call.name === 'contract_event');
    expect(event).toBeGreaterThan(0);
    expect(own.slice(event - want.length + 1, event + 1).map((call) => call.name)).toEqual(want);
    // The first address topic is the argument's own object, not a copy.
    const topics = host.objects.expect(own[event]?.args[0] as Val, 'Vec').value;
    expect(topics[1]).toBe(argVals[0]);
  });

  it("makes the issuer's address with its key copied and its account id cloned", () => {
    const { host, contractId } = setup();
    const copied = inContract(host, contractId, () => {
      const info = readAssetInfo(host);
      const before = host.budget.tally('MemCpy').input ?? 0n;
      expect(tagOf(issuerAddressVal(host, info) as Val)).toBe(Tag.AddressObject);
      return (host.budget.tally('MemCpy').input ?? 0n) - before;
    });
    // `fixed_length_bytes_from_slice` copies 32 bytes, `AccountId::metered_clone` 32 more.
    expect(copied).toBe(64n);
  });
});
