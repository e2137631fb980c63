/**
 * Matching a call against an authorized one compares them as the Rust host's `Compare` does
 * (auth.rs `Compare<ContractFunction>`, soroban-env-common compare.rs `Compare<Vec<T>>`): the
 * contract, the name, then the arguments item by item up to the first that differs, the lengths
 * only when one list is a prefix of the other. Each comparison of two objects is an `obj_cmp`.
 */
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { type AuthorizedFunction, sameFunction } from '../../src/host/auth/invocation.js';
import type { Host } from '../../src/host/host.js';
import type { Val } from '../../src/values/val.js';
import { sacEnv } from '../builtin/sac/support.js';
import { tracedHost } from '../builtin/sac/traced-host.js';

const address = (host: Host, n: number): Val =>
  host.converter.toVal(
    xdr.ScVal.scvAddress(
      xdr.ScAddress.scAddressTypeAccount(Keypair.fromRawEd25519Seed(Buffer.alloc(32, n)).xdrAccountId()),
    ),
  );
const i128 = (host: Host, v: bigint): Val =>
  host.converter.toVal(xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: 0n, lo: v })));

function fnOf(host: Host, contract: Val, args: Val[]): AuthorizedFunction {
  return { kind: 'contract', contract, fnName: host.converter.toVal(xdr.ScVal.scvSymbol('mint')), args };
}

const CASES = [
  // [user, 100] authorized, the call's arguments below
  {
    given: 'the same arguments',
    call: (u: Val, _a: Val, h: Host) => [u, i128(h, 100n)],
    same: true,
    argCmps: 1,
  },
  {
    given: 'more arguments, the first differing',
    call: (u: Val, a: Val, h: Host) => [a, u, i128(h, 1n)],
    same: false,
    argCmps: 1,
  },
  {
    given: 'more arguments, the first equal',
    call: (u: Val, a: Val, h: Host) => [u, a, i128(h, 100n)],
    same: false,
    argCmps: 2,
  },
  { given: 'a prefix of them', call: (u: Val) => [u], same: false, argCmps: 1 },
];

describe('authorized function comparison', () => {
  it.each(CASES)('$given', ({ call, same, argCmps }) => {
    const { host, calls } = tracedHost(sacEnv());
    const [contract, user, admin] = [address(host, 9), address(host, 1), address(host, 2)];
    const authorized = fnOf(host, contract, [user, i128(host, 100n)]);
    const invoked = fnOf(host, address(host, 9), call(address(host, 1), admin, host));
    calls.length = 0;
    expect(sameFunction(host, authorized, invoked)).toBe(same);
    // The contracts' comparison, then one per argument pair compared where both are objects.
    expect(calls.filter((c) => c.name === 'obj_cmp')).toHaveLength(1 + argCmps);
  });
});
