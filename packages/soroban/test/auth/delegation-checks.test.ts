/**
 * Protocol 27 account auth delegation (CAP-71), inside `__check_auth`: delegated signers get the
 * account's payload and contexts, each is used once and must have signed, the getter lists the
 * current signer's delegates, Stellar accounts delegate too, and delegation mixes with
 * `require_auth` and with rolled-back calls (auth_delegation.rs at v28.0.2, the tests named in
 * each `describe`).
 */
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import type { DelegationStep } from '../../src/testing/delegating-account.js';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import { addressVal, invocation, scAddress, WASM } from './custom-accounts-support.js';
import {
  AUTH_FN_ARG,
  delegationSetup,
  direct,
  expectPayload,
  outcome,
  type Signer,
  signedEntries,
  tryIndirect,
  UNAUTHORIZED,
} from './delegation-support.js';

const BAD_PAYLOAD = new Uint8Array(32).fill(7);
const badPayload = (): DelegationStep[] => [{ kind: 'Payload', payload: BAD_PAYLOAD }];
const delegateTo = (address: string): DelegationStep => ({ kind: 'Delegate', address: scAddress(address) });

/** Builds signers of accounts[i]: `s(i, ...delegates)`, `p(i, ...)` also checks the payload. */
function signers(a: readonly string[]) {
  const s = (i: number, ...delegates: Signer[]): Signer => ({ address: a[i] as string, delegates });
  const p = (i: number, ...delegates: Signer[]): Signer => ({ ...s(i, ...delegates), steps: expectPayload });
  const bad = (i: number, ...delegates: Signer[]): Signer => ({ ...s(i, ...delegates), steps: badPayload });
  return { s, p, bad };
}

type Build = (a: readonly string[]) => Signer;
const run = (count: number, build: Build) => {
  const { accounts, callAuthFn } = delegationSetup(count);
  return callAuthFn(build(accounts));
};

describe('the payload goes to delegated signers (test_signature_payload_forwarded_to_delegated_signers)', () => {
  it.each<{ given: string; build: Build; want: string }>([
    { given: 'one delegate', build: (a) => signers(a).p(1, signers(a).p(2)), want: 'ok' },
    {
      given: 'one delegate checking another payload',
      build: (a) => signers(a).s(1, signers(a).bad(2)),
      want: UNAUTHORIZED,
    },
    {
      given: 'a tree of delegates',
      build: (a) => {
        const { p } = signers(a);
        return p(1, p(2, p(3, p(5)), p(4)));
      },
      want: 'ok',
    },
    {
      given: 'the deepest delegate checking another payload',
      build: (a) => {
        const { p, bad } = signers(a);
        return p(1, p(2, p(3, bad(5))), p(4));
      },
      want: UNAUTHORIZED,
    },
  ])('$given: $want', ({ build, want }) => expect(run(6, build)).toBe(want));
});

describe('the contexts go to delegated signers (test_context_forwarded_to_delegated_signers)', () => {
  /** `auth_fn_context`: the one Context of `accounts[0].auth_fn(accounts[arg], value)`. */
  const contexts = (a: readonly string[], arg: number, value: number, copies = 1) => {
    const context = xdr.ScVal.scvVec([
      xdr.ScVal.scvSymbol('Contract'),
      xdr.ScVal.scvMap([
        new xdr.ScMapEntry({
          key: xdr.ScVal.scvSymbol('args'),
          val: xdr.ScVal.scvVec([xdr.ScVal.scvAddress(scAddress(a[arg] as string)), xdr.ScVal.scvU32(value)]),
        }),
        new xdr.ScMapEntry({
          key: xdr.ScVal.scvSymbol('contract'),
          val: xdr.ScVal.scvAddress(scAddress(a[0] as string)),
        }),
        new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('fn_name'), val: xdr.ScVal.scvSymbol('auth_fn') }),
      ]),
    ]);
    return xdr.ScVal.scvVec(Array.from({ length: copies }, () => context));
  };
  const withContexts = (address: string, expected: xdr.ScVal, ...delegates: Signer[]): Signer => ({
    address,
    delegates,
    steps: () => [{ kind: 'Context', contexts: expected }],
  });
  const good = (a: readonly string[]) => contexts(a, 1, AUTH_FN_ARG);
  const bad = {
    'two contexts': (a: readonly string[]) => contexts(a, 1, AUTH_FN_ARG, 2),
    'another argument': (a: readonly string[]) => contexts(a, 1, AUTH_FN_ARG + 1),
    'another contract': (a: readonly string[]) => contexts(a, 0, AUTH_FN_ARG),
  };
  it.each<{ given: string; build: Build; want: string }>([
    {
      given: 'one delegate',
      build: (a) => withContexts(a[1] as string, good(a), withContexts(a[2] as string, good(a))),
      want: 'ok',
    },
    {
      given: 'a tree of delegates',
      build: (a) => {
        const c = (i: number, ...d: Signer[]) => withContexts(a[i] as string, good(a), ...d);
        return c(1, c(2, c(4, c(5), c(6))), c(3));
      },
      want: 'ok',
    },
    ...Object.entries(bad).flatMap(([name, wrong]) => [
      {
        given: `a delegate expecting ${name}`,
        build: (a: readonly string[]) =>
          withContexts(a[1] as string, good(a), withContexts(a[2] as string, wrong(a))),
        want: UNAUTHORIZED,
      },
      {
        given: `a nested delegate expecting ${name}`,
        build: (a: readonly string[]) =>
          withContexts(
            a[1] as string,
            good(a),
            withContexts(a[2] as string, good(a), withContexts(a[4] as string, wrong(a))),
          ),
        want: UNAUTHORIZED,
      },
    ]),
  ])('$given: $want', ({ build, want }) => expect(run(7, build)).toBe(want));
});

describe('which delegates may be called (test_builtin_delegated_signers_must_be_present_in_payload, test_delegate_account_auth_is_not_reused, test_builtin_delegate_can_be_repeated_at_different_levels, test_builtin_delegated_signer_reentrance_not_allowed)', () => {
  /** A signer that also asks for delegates that have not signed (`add_builtin_delegated_sig`). */
  const asking = (signer: Signer, ...addresses: string[]): Signer => ({
    ...signer,
    steps: () => addresses.map(delegateTo),
  });
  it.each<{ given: string; build: Build; want: string }>([
    {
      given: 'all delegates signed',
      build: (a) => signers(a).s(1, signers(a).s(2, signers(a).s(4), signers(a).s(5)), signers(a).s(3)),
      want: 'ok',
    },
    {
      given: 'a top-level delegate that did not sign',
      build: (a) => asking(signers(a).s(1), a[2] as string),
      want: UNAUTHORIZED,
    },
    {
      given: 'a missing top-level delegate beside signed ones',
      build: (a) => {
        const { s } = signers(a);
        return asking(s(1, s(2, s(4), s(5))), a[3] as string);
      },
      want: UNAUTHORIZED,
    },
    {
      given: 'a nested delegate that did not sign',
      build: (a) => signers(a).s(1, asking(signers(a).s(2, signers(a).s(5)), a[4] as string)),
      want: UNAUTHORIZED,
    },
    {
      given: 'a top-level delegate used twice',
      build: (a) => asking(signers(a).s(1, signers(a).s(2), signers(a).s(3)), a[3] as string),
      want: UNAUTHORIZED,
    },
    {
      given: 'a nested delegate used twice',
      build: (a) => {
        const { s } = signers(a);
        return s(1, asking(s(2, s(4), s(5)), a[4] as string), s(3));
      },
      want: UNAUTHORIZED,
    },
    {
      given: 'one delegate at several levels',
      build: (a) => {
        const { s, p } = signers(a);
        return s(1, s(2, s(3, p(4)), p(4)), s(3, p(4)), p(4));
      },
      want: 'ok',
    },
    {
      given: 'the account as its own delegate',
      build: (a) => signers(a).s(1, signers(a).s(1), signers(a).s(2)),
      want: UNAUTHORIZED,
    },
    {
      given: 'a delegate as its own delegate',
      build: (a) => signers(a).s(1, signers(a).s(2, signers(a).s(2), signers(a).s(3))),
      want: UNAUTHORIZED,
    },
    {
      given: 'the account as a nested delegate',
      build: (a) => signers(a).s(1, signers(a).s(2, signers(a).s(1), signers(a).s(3))),
      want: UNAUTHORIZED,
    },
  ])('$given: $want', ({ build, want }) => expect(run(6, build)).toBe(want));
});

describe('the delegated signers getter (test_delegated_signers_getter)', () => {
  const expecting = (signer: Signer, expected: readonly string[], extra: DelegationStep[] = []): Signer => ({
    ...signer,
    steps: () => [...extra, { kind: 'Signers', addresses: sortedAddresses(expected) }],
  });
  const sortedAddresses = (list: readonly string[]) =>
    list.map(scAddress).sort((x, y) => Buffer.compare(Buffer.from(x.toXDR()), Buffer.from(y.toXDR())));
  it.each<{ given: string; build: Build; options?: { withDelegates: boolean }; want: string }>([
    { given: 'Address credentials', build: (a) => expecting(signers(a).s(1), []), want: 'ok' },
    {
      given: 'AddressWithDelegates without delegates',
      build: (a) => expecting(signers(a).s(1), []),
      options: { withDelegates: true },
      want: 'ok',
    },
    {
      given: 'an attached signature no step uses',
      build: (a) => ({ ...expecting(signers(a).s(1), [a[2] as string]), unused: [a[2] as string] }),
      want: 'ok',
    },
    {
      given: 'a tree, each level its own delegates',
      build: (a) => {
        const { s } = signers(a);
        const six = expecting(s(6, expecting(s(8), []), expecting(s(10), [])), [
          a[8] as string,
          a[10] as string,
        ]);
        const two = expecting(s(2, expecting(s(5), []), six), [a[5] as string, a[6] as string]);
        return expecting(s(1, two, expecting(s(4), [])), [a[2] as string, a[4] as string]);
      },
      want: 'ok',
    },
    {
      given: 'a level expecting a delegate of another level',
      build: (a) =>
        expecting(signers(a).s(1, expecting(signers(a).s(2, signers(a).s(5)), [a[4] as string])), [
          a[2] as string,
        ]),
      want: UNAUTHORIZED,
    },
  ])('$given: $want', ({ build, options, want }) => {
    const { accounts, callAuthFn } = delegationSetup(12);
    expect(callAuthFn(build(accounts), options)).toBe(want);
  });
});

describe('Stellar accounts as delegated signers (test_builtin_delegated_signer_with_classic_accounts)', () => {
  const owner = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 11));
  const stranger = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 12));
  it.each<{ given: string; build: (a: readonly string[]) => Signer; want: string }>([
    {
      given: 'the account signed by its key',
      build: (a) => signers(a).s(1, { address: owner.publicKey(), key: owner }),
      want: 'ok',
    },
    {
      given: 'the account signed by a key that is not its',
      build: (a) => signers(a).s(1, { address: owner.publicKey(), key: stranger }),
      want: UNAUTHORIZED,
    },
    {
      given: 'a nested Stellar account',
      build: (a) => signers(a).p(1, signers(a).p(2, { address: owner.publicKey(), key: owner })),
      want: 'ok',
    },
  ])('$given: $want', ({ build, want }) => {
    const { accounts, callAuthFn } = delegationSetup(3, [owner]);
    expect(callAuthFn(build(accounts))).toBe(want);
  });
});

describe('delegation and require_auth inside __check_auth (test_builtin_delegates_within_nested_auth, test_builtin_delegates_within_nested_auth_and_rollbacks)', () => {
  type Step = (payload: Uint8Array, entries: xdr.SorobanAuthorizationEntry[]) => DelegationStep[];
  const withSteps = (signer: Signer, ...steps: Step[]): Signer => ({
    ...signer,
    steps: (payload, entries) => steps.flatMap((step) => step(payload, entries)),
  });
  const makeFail = (address: string, flag: boolean) => (): DelegationStep[] => [
    { kind: 'MakeFail', address: scAddress(address), flag },
  ];
  /**
   * Account 1 tries a call delegating to 2 (which delegates to 4) while account `failing` is made
   * to fail, then the same delegation once it passes; then `after`.
   */
  const retriedOnceFailing = (a: readonly string[], failing: number, ...after: Step[]): Signer => {
    const { s, p } = signers(a);
    return withSteps(
      s(1),
      makeFail(a[failing] as string, true),
      tryIndirect(s(2, s(4)), false),
      makeFail(a[failing] as string, false),
      tryIndirect(p(2, p(4)), true),
      ...after,
    );
  };
  it.each<{ given: string; build: Build; want: string }>([
    {
      given: 'a require_auth signer that delegates',
      build: (a) => {
        const { s, p } = signers(a);
        return withSteps(s(1), expectPayload, direct(a[1] as string, p(2, p(4))));
      },
      want: 'ok',
    },
    {
      given: 'require_auth three deep, then delegates',
      build: (a) => {
        const { p } = signers(a);
        const six = p(6, p(7), p(8));
        const five = withSteps(p(5), expectPayload, direct(a[5] as string, six));
        const two = withSteps(p(2), direct(a[2] as string, five));
        return withSteps(p(1), direct(a[1] as string, two));
      },
      want: 'ok',
    },
    {
      given: 'a require_auth signer checking another payload',
      build: (a) => {
        const { s, p, bad } = signers(a);
        return withSteps(s(1), expectPayload, direct(a[1] as string, bad(2, p(4))));
      },
      want: UNAUTHORIZED,
    },
    {
      given: 'a failed try_call whose delegation is rolled back, then the same delegation again',
      build: (a) => retriedOnceFailing(a, 2, expectPayload),
      want: 'ok',
    },
    {
      given: 'a failed try_call whose nested delegate failed, then again once it passes',
      build: (a) => retriedOnceFailing(a, 4),
      want: 'ok',
    },
  ])('$given: $want', ({ build, want }) => expect(run(9, build)).toBe(want));
});

describe.skipIf(!sorobanData)(
  `two entries with delegates for one account (test_multiple_auth_entries_with_delegates_for_same_account, ${sorobanData ? 'auth_test_contract' : NO_SOROBAN_DATA})`,
  () => {
    it.each([
      { given: 'each entry its own delegate', secondDelegate: expectPayload, want: 'ok' },
      {
        given: "the second entry's delegate checking another payload",
        secondDelegate: badPayload,
        want: UNAUTHORIZED,
      },
    ])('$given: $want', ({ secondDelegate, want }) => {
      const { env, accounts } = delegationSetup(4);
      const [auth, child] = [env.register(WASM.auth()), env.register(WASM.auth())];
      const account = accounts[1] as string;
      // `order_fn(account, child)` calls `child.do_auth(account, 10)` first: two separate roots.
      const entries = [
        ...signedEntries(
          { address: account, delegates: [{ address: accounts[3] as string, steps: expectPayload }] },
          invocation(child, 'do_auth', [addressVal(account), xdr.ScVal.scvU32(10)]),
        ),
        ...signedEntries(
          { address: account, delegates: [{ address: accounts[2] as string, steps: secondDelegate }] },
          invocation(auth, 'order_fn', [addressVal(account), addressVal(child)]),
        ),
      ];
      const run = () =>
        env.invoke(auth, 'order_fn', [addressVal(account), addressVal(child)], { auth: entries });
      expect(outcome(run)).toBe(want);
    });
  },
);
