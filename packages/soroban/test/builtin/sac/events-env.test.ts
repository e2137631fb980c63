/**
 * The SAC makes its events through the host's env as the Rust SAC does (event.rs at v23.0.0):
 * the topics `host_vec![Symbol, addresses.., read_name()]` a traced `vec_new_from_slice` (a long
 * name's symbol a traced `symbol_new_from_slice` first), the addresses the very Address objects
 * the function was given, then `contract_event`. And the issuer's address is made as
 * `Address::from_account` makes it: its key copied out of the Bytes object, the account id cloned.
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { issuerAddressVal, readAssetInfo } from '../../../src/builtin/sac/asset-info.js';
import { smallSymbol } from '../../../src/values/symbol.js';
import { Tag } from '../../../src/values/tags.js';
import { tagOf, type Val } from '../../../src/values/val.js';
import { addr, bool, defaultHolders, defaultSac, i128, keypair, sacEnv } from './support.js';
import { inContract, tracedHost } from './traced-host.js';

function setup() {
  const env = sacEnv();
  const { sac, asset } = defaultSac(env);
  const user = keypair(2);
  defaultHolders(env, asset, [user]);
  const { host, calls } = tracedHost(env);
  const contractId = Uint8Array.from(StrKey.decodeContract(sac.id));
  return { host, calls, contractId, user };
}

const CASES: { fn: string; args: (user: ReturnType<typeof keypair>) => xdr.ScVal[]; want: string[] }[] = [
  {
    fn: 'mint',
    args: (u) => [addr(u), i128(5n)],
    want: ['get_contract_data', 'map_unpack_to_slice', 'vec_new_from_slice', 'contract_event'],
  },
  {
    fn: 'set_authorized',
    args: (u) => [addr(u), bool(true)],
    want: [
      'symbol_new_from_slice',
      'get_contract_data',
      'map_unpack_to_slice',
      'vec_new_from_slice',
      'contract_event',
    ],
  },
];

describe('SAC events through the env', () => {
  it.each(CASES)('$fn: the topics are a traced vector of the argument objects', ({ fn, args, want }) => {
    const { host, calls, contractId, user } = setup();
    const argVals = args(user).map((arg) => host.converter.toVal(arg));
    const name = smallSymbol(fn) ?? host.converter.toVal(xdr.ScVal.scvSymbol(fn));
    host.callContract(contractId, name as Val, argVals);
    // The host's own calls but the key comparisons inside its storage reads.
    const own = calls.filter((call) => call.name !== 'obj_cmp');
    const event = own.findIndex((call) => call.name === 'contract_event');
    expect(event).toBeGreaterThan(0);
    expect(own.slice(event - want.length + 1, event + 1).map((call) => call.name)).toEqual(want);
    const topics = own[event]?.args[0] as Val;
    const items = host.objects.expect(topics, 'Vec').value;
    // The address topic is the argument's own object, not a copy.
    expect(items[1]).toBe(argVals[0]);
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
