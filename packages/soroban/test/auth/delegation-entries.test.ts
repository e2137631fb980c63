/**
 * Protocol 27 account auth delegation (CAP-71), the entries: which payload each credentials type
 * signs, the delegated signers' order and depth, the protocol gate of the credentials and of the
 * two host functions (auth_delegation.rs at v28.0.2: test_delegated_auth_functions_not_callable_
 * outside_check_auth, test_credential_with_delegates_uses_preimage_with_address,
 * test_duplicate_and_unsorted_delegated_signers_are_not_allowed,
 * test_deeply_nested_delegate_tree_is_rejected).
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST_DEPTH_LIMIT } from '../../src/budget/index.js';
import { delegatingAccountWat } from '../../src/testing/delegating-account.js';
import { contract } from '../vm/wat.js';
import { addressVal, invocation, scAddress } from './custom-accounts-support.js';
import {
  delegatingWasm,
  delegationSetup,
  type EntryOptions,
  expectPayload,
  outcome,
  type Signer,
  signedEntries,
  UNAUTHORIZED,
} from './delegation-support.js';

const INVALID_INPUT = 'Error(Auth, InvalidInput)';

describe('the delegation host functions', () => {
  it.each([
    { given: 'delegate_account_auth outside __check_auth', fn: 'call_delegate' },
    { given: 'get_delegated_signers_for_current_auth_check outside __check_auth', fn: 'call_signers' },
  ])('$given: Error(Context, InvalidAction)', ({ fn }) => {
    const { env, accounts } = delegationSetup(1);
    expect(outcome(() => env.invoke(accounts[0] as string, fn, []))).toBe('Error(Context, InvalidAction)');
  });

  it.each([
    { given: 'a module built for 27 at ledger 27', meta: 27, ledger: 27, want: 'ok' },
    { given: 'a module built for 27 at ledger 26', meta: 27, ledger: 26, want: 'refused' },
    { given: 'a module built for 26 that imports them, at ledger 27', meta: 26, ledger: 27, want: 'refused' },
  ])('$given: $want', ({ meta, ledger, want }) => {
    const { env } = delegationSetup(0, [], ledger);
    const wasm = meta === 27 ? delegatingWasm() : contract(delegatingAccountWat(), meta);
    let result = 'ok';
    try {
      env.register(wasm);
    } catch {
      result = 'refused';
    }
    expect(result).toBe(want);
  });
});

describe('which payload the credentials sign', () => {
  const setup = () => delegationSetup(3);
  const withPayload = (address: string, delegates: Signer[] = []): Signer => ({
    address,
    steps: expectPayload,
    delegates,
  });
  type Row = {
    given: string;
    signer: (a: string[]) => Signer;
    options?: (a: string[]) => EntryOptions;
    want: string;
  };
  const rows: Row[] = [
    { given: 'Address, no address in the payload', signer: (a) => withPayload(a[1] as string), want: 'ok' },
    {
      given: 'AddressV2, the address in the payload',
      signer: (a) => withPayload(a[1] as string),
      options: () => ({ v2: true }),
      want: 'ok',
    },
    {
      given: 'AddressWithDelegates without delegates, the address in the payload',
      signer: (a) => withPayload(a[1] as string),
      options: () => ({ withDelegates: true }),
      want: 'ok',
    },
    {
      given: 'AddressWithDelegates with one delegate',
      signer: (a) => withPayload(a[1] as string, [{ address: a[2] as string }]),
      want: 'ok',
    },
    {
      given: 'Address, but the payload names the address',
      signer: (a) => withPayload(a[1] as string),
      options: () => ({ preimageWithAddress: true }),
      want: UNAUTHORIZED,
    },
    {
      given: 'AddressV2, but the payload does not name the address',
      signer: (a) => withPayload(a[1] as string),
      options: () => ({ v2: true, preimageWithAddress: false }),
      want: UNAUTHORIZED,
    },
    {
      given: 'AddressWithDelegates without delegates, the payload without the address',
      signer: (a) => withPayload(a[1] as string),
      options: () => ({ withDelegates: true, preimageWithAddress: false }),
      want: UNAUTHORIZED,
    },
    {
      given: 'one delegate, the payload without the address',
      signer: (a) => withPayload(a[1] as string, [{ address: a[2] as string }]),
      options: () => ({ preimageWithAddress: false }),
      want: UNAUTHORIZED,
    },
    {
      given: "the payload bound to the delegate's address, not the account's",
      signer: (a) => ({ address: a[1] as string, delegates: [withPayload(a[2] as string)] }),
      options: (a) => ({ preimageAddress: a[2] as string }),
      want: UNAUTHORIZED,
    },
  ];
  it.each(rows)('$given: $want', ({ signer, options, want }) => {
    const { accounts, callAuthFn } = setup();
    expect(callAuthFn(signer(accounts), options?.(accounts))).toBe(want);
  });

  it('below protocol 27 the newer credentials are refused: Error(Value, InvalidInput)', () => {
    // No contract of protocol 27 runs at 26: the entries are refused before any call is made.
    const { env } = delegationSetup(0, [], 26);
    const target = StrKey.encodeContract(Buffer.alloc(32, 1));
    const signer = { address: StrKey.encodeContract(Buffer.alloc(32, 2)) };
    const root = invocation(target, 'auth_fn', [addressVal(signer.address), xdr.ScVal.scvU32(123)]);
    for (const options of [{ v2: true }, { withDelegates: true }]) {
      const auth = signedEntries(signer, root, options);
      const run = () => env.invoke(target, 'auth_fn', [], { auth });
      expect(outcome(run)).toBe('Error(Value, InvalidInput)');
    }
  });
});

describe('delegated signers are sorted and unique at each level', () => {
  // Account 1 delegates to 2 and 3, 2 to 4, 4 to 5 and 6.
  const tree = (a: string[], extra: { top?: Signer[]; nested?: Signer[]; unsortedAt?: 1 | 4 } = {}) => {
    const at = (i: number, delegates: Signer[] = []): Signer => ({
      address: a[i] as string,
      delegates,
      unsorted: extra.unsortedAt === i,
    });
    const four = at(4, [at(5), at(6), ...(extra.nested ?? [])]);
    return at(1, [at(2, [four]), at(3), ...(extra.top ?? [])]);
  };
  it.each([
    { given: 'the full tree', signer: (a: string[]) => tree(a), want: 'ok' },
    {
      given: 'one delegate twice',
      signer: (a: string[]) => ({
        address: a[1] as string,
        delegates: [{ address: a[2] as string }, { address: a[2] as string }],
      }),
      want: INVALID_INPUT,
    },
    {
      given: 'a duplicate at the top of the tree',
      signer: (a: string[]) => tree(a, { top: [{ address: a[2] as string }] }),
      want: INVALID_INPUT,
    },
    {
      given: 'a duplicate deep in the tree',
      signer: (a: string[]) => tree(a, { nested: [{ address: a[5] as string }] }),
      want: INVALID_INPUT,
    },
    {
      given: 'the top level out of order',
      signer: (a: string[]) => tree(a, { unsortedAt: 1 }),
      want: INVALID_INPUT,
    },
    {
      given: 'a nested level out of order',
      signer: (a: string[]) => tree(a, { unsortedAt: 4 }),
      want: INVALID_INPUT,
    },
  ])('$given: $want', ({ signer, want }) => {
    const { accounts, callAuthFn } = delegationSetup(7);
    expect(callAuthFn(signer(accounts))).toBe(want);
  });

  it.each([
    { depth: DEFAULT_HOST_DEPTH_LIMIT - 1, want: 'ok' },
    { depth: DEFAULT_HOST_DEPTH_LIMIT, want: 'Error(Context, ExceededLimit)' },
  ])('a delegate tree of depth $depth when the entries are set: $want', ({ depth, want }) => {
    const { env, accounts, authFnRoot } = delegationSetup(1);
    const address = scAddress(accounts[0] as string);
    let current = new xdr.SorobanDelegateSignature({
      address,
      signature: xdr.ScVal.scvVoid(),
      nestedDelegates: [],
    });
    for (let i = 0; i < depth - 2; i++)
      current = new xdr.SorobanDelegateSignature({
        address,
        signature: xdr.ScVal.scvVoid(),
        nestedDelegates: [current],
      });
    const entry = new xdr.SorobanAuthorizationEntry({
      credentials: xdr.SorobanCredentials.sorobanCredentialsAddressWithDelegates(
        new xdr.SorobanAddressCredentialsWithDelegates({
          addressCredentials: new xdr.SorobanAddressCredentials({
            address,
            nonce: 0n,
            signatureExpirationLedger: 1000,
            signature: xdr.ScVal.scvVoid(),
          }),
          delegates: [current],
        }),
      ),
      rootInvocation: authFnRoot(accounts[0] as string),
    });
    // The entries are set before the call: a call of a function that needs no auth shows whether they were taken.
    expect(
      outcome(() =>
        env.invoke(accounts[0] as string, 'make_fail', [xdr.ScVal.scvBool(false)], { auth: [entry] }),
      ),
    ).toBe(want);
  });
});
