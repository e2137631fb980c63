/**
 * Authorization trees of soroban-env-host/src/test/auth.rs (v23.0.0) with its auth test contract:
 * `tree_fn` authorizes the addresses its node asks for and calls its children. Each table row is a
 * Rust test: what recording mode writes down for the call, then enforcing runs of the same call
 * with the entries each signer signs (through the SDK's `authorizeEntry`), whether it succeeds,
 * and how many of each signer's nonces it used up.
 */
import { type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { outcome } from '../support/outcome.js';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import {
  type AuthSetup,
  authSetup,
  EXPIRATION,
  nonceLiveUntil,
  signedEntries,
  signNode,
  type TreeNode,
  treeArg,
} from './support.js';

type Sign = xdr.SorobanAuthorizedInvocation;
interface Case {
  /** The trees each signer signs. */
  sign: Sign[][];
  /** 'ok' or the error the call fails with. */
  want: string;
  /** After a success: how many nonces of each signer were used up. */
  consumed?: number[];
}
interface Row {
  name: string;
  signers: number;
  contracts: number;
  setup: (c: Contracts) => TreeNode;
  /** The trees recording writes down, one per entry, with the signer index; none: not checked. */
  recorded?: (c: Contracts) => [number, Sign][];
  disableNonRootAuth?: boolean;
  cases: (c: Contracts) => Case[];
}
type Contracts = {
  n: (i: number, needAuth: boolean[], children?: TreeNode[], tryCall?: boolean) => TreeNode;
  s: (i: number, children?: Sign[]) => Sign;
};

const UNAUTHORIZED = 'Error(Auth, InvalidAction)';

/** A — B — C — D — E tree of test_single_authorized_call_tree, signed in the order given. */
const fullTree = (c: Contracts, order: 'as-called' | 'reordered') =>
  order === 'as-called'
    ? c.s(0, [c.s(1, [c.s(3), c.s(2)]), c.s(2, [c.s(4), c.s(3)])])
    : c.s(0, [c.s(2, [c.s(3), c.s(4)]), c.s(1, [c.s(2), c.s(3)])]);

const ROWS: Row[] = [
  {
    name: 'test_single_authorized_call',
    signers: 1,
    contracts: 2,
    setup: (c) => c.n(0, [true]),
    recorded: (c) => [[0, c.s(0)]],
    cases: (c) => [
      { sign: [[c.s(0)]], want: 'ok', consumed: [1] },
      { sign: [[c.s(1), c.s(0)]], want: 'ok', consumed: [1] },
      { sign: [[c.s(0, [c.s(1)])]], want: 'ok', consumed: [1] },
      { sign: [[]], want: UNAUTHORIZED },
      { sign: [[c.s(1)]], want: UNAUTHORIZED },
      { sign: [[c.s(1, [c.s(0)])]], want: UNAUTHORIZED },
    ],
  },
  {
    name: 'test_single_authorized_call_for_multiple_addresses',
    signers: 2,
    contracts: 2,
    setup: (c) => c.n(0, [true, true]),
    recorded: (c) => [
      [0, c.s(0)],
      [1, c.s(0)],
    ],
    cases: (c) => [
      { sign: [[c.s(0)], [c.s(0)]], want: 'ok', consumed: [1, 1] },
      { sign: [[], [c.s(0)]], want: UNAUTHORIZED },
      { sign: [[c.s(1)], [c.s(0)]], want: UNAUTHORIZED },
      { sign: [[c.s(1, [c.s(0)])], [c.s(0)]], want: UNAUTHORIZED },
    ],
  },
  {
    name: 'test_single_authorization_for_one_address_among_multiple',
    signers: 2,
    contracts: 2,
    setup: (c) => c.n(0, [false, true]),
    recorded: (c) => [[1, c.s(0)]],
    cases: (c) => [
      { sign: [[], [c.s(0)]], want: 'ok', consumed: [0, 1] },
      { sign: [[c.s(0)], [c.s(0)]], want: 'ok', consumed: [0, 1] },
      { sign: [[c.s(1)], [c.s(0)]], want: 'ok', consumed: [0, 1] },
      { sign: [[c.s(0)], []], want: UNAUTHORIZED },
    ],
  },
  {
    name: 'test_single_authorized_call_tree',
    signers: 1,
    contracts: 5,
    setup: (c) =>
      c.n(
        0,
        [true],
        [c.n(1, [true], [c.n(3, [true]), c.n(2, [true])]), c.n(2, [true], [c.n(4, [true]), c.n(3, [true])])],
      ),
    recorded: (c) => [[0, fullTree(c, 'as-called')]],
    cases: (c) => [
      { sign: [[fullTree(c, 'reordered')]], want: 'ok', consumed: [1] },
      {
        sign: [[c.s(0, [c.s(1, [c.s(2), c.s(3), c.s(4)]), c.s(2, [c.s(3), c.s(4)]), c.s(3)]), c.s(0)]],
        want: 'ok',
        consumed: [1],
      },
      { sign: [[c.s(0, [c.s(1, [c.s(2)]), c.s(2, [c.s(3), c.s(2)])])]], want: UNAUTHORIZED },
      { sign: [[c.s(0, [c.s(4, [c.s(2), c.s(3)]), c.s(2, [c.s(3), c.s(4)])])]], want: UNAUTHORIZED },
      { sign: [[c.s(0), fullTree(c, 'reordered')]], want: UNAUTHORIZED },
    ],
  },
  {
    name: 'test_disjoint_tree_not_allowed',
    signers: 1,
    contracts: 2,
    setup: (c) => c.n(0, [true], [c.n(1, [true])]),
    cases: (c) => [
      { sign: [[c.s(0, [c.s(1)])]], want: 'ok', consumed: [1] },
      { sign: [[c.s(0), c.s(1)]], want: UNAUTHORIZED },
    ],
  },
  {
    name: 'test_two_authorized_trees',
    signers: 1,
    contracts: 5,
    disableNonRootAuth: false,
    setup: (c) =>
      c.n(
        0,
        [false],
        [c.n(1, [true], [c.n(3, [true]), c.n(2, [true])]), c.n(2, [true], [c.n(4, [true]), c.n(3, [true])])],
      ),
    recorded: (c) => [
      [0, c.s(1, [c.s(3), c.s(2)])],
      [0, c.s(2, [c.s(4), c.s(3)])],
    ],
    cases: (c) => [
      { sign: [[c.s(1, [c.s(2), c.s(3)]), c.s(2, [c.s(3), c.s(4)])]], want: 'ok', consumed: [2] },
      { sign: [[fullTree(c, 'reordered')]], want: UNAUTHORIZED },
    ],
  },
  {
    name: 'test_two_authorized_trees_with_rollback',
    signers: 1,
    contracts: 5,
    setup: (c) =>
      c.n(
        0,
        [false],
        [
          c.n(1, [true], [c.n(3, [true]), c.n(2, [true])], true),
          c.n(2, [true], [c.n(4, [true]), c.n(3, [true])], true),
        ],
      ),
    cases: (c) => [
      { sign: [[c.s(1, [c.s(2)]), c.s(2, [c.s(3)])]], want: 'ok', consumed: [0] },
      { sign: [[c.s(1, [c.s(2)]), c.s(2, [c.s(3), c.s(4)])]], want: 'ok', consumed: [1] },
      { sign: [[c.s(1, [c.s(2), c.s(3)]), c.s(2, [c.s(3)])]], want: 'ok', consumed: [1] },
      { sign: [[c.s(2, [c.s(3), c.s(4)])]], want: 'ok', consumed: [1] },
      { sign: [[]], want: 'ok', consumed: [0] },
    ],
  },
  {
    name: 'test_rolled_back_auth_entry_can_be_reused',
    signers: 1,
    contracts: 5,
    setup: (c) =>
      c.n(
        0,
        [false],
        [
          c.n(1, [true], [c.n(3, [true]), c.n(2, [true])], true),
          c.n(1, [true], [c.n(3, [true]), c.n(4, [true])]),
        ],
      ),
    cases: (c) => [
      { sign: [[c.s(1, [c.s(3), c.s(4)])]], want: 'ok', consumed: [1] },
      { sign: [[c.s(1, [c.s(3), c.s(2)])]], want: UNAUTHORIZED },
    ],
  },
];

function contractsOf(setup: AuthSetup): Contracts {
  const id = (i: number) => setup.contracts[i] as string;
  return {
    n: (i, needAuth, children = [], tryCall = false) => ({
      contract: id(i),
      need_auth: needAuth,
      children,
      try_call: tryCall,
    }),
    s: (i, children = []) => signNode(id(i), children),
  };
}

const addressOf = (entry: xdr.SorobanAuthorizationEntry) =>
  entry.credentials.type === 'sorobanCredentialsAddress'
    ? entry.credentials.address.address.toXdr('base64')
    : 'source';

describe.skipIf(!sorobanData)(
  `authorization trees (${sorobanData ? 'auth test contract' : NO_SOROBAN_DATA})`,
  () => {
    it.each(ROWS)('$name', async (row) => {
      const setup = authSetup(row.signers, row.contracts);
      const c = contractsOf(setup);
      const root = row.setup(c);
      const addresses = setup.keys.map((key) => key.publicKey());
      const args = [addresses, treeArg(root)];
      if (row.recorded) {
        const recorded = setup.env.invoke(root.contract, 'tree_fn', args).auth;
        const want = row.recorded(c).map(([signer, tree]) => ({
          address: (setup.keys[signer] as Keypair).publicKey(),
          tree: tree.toXdr('base64'),
        }));
        const signerOf = (entry: xdr.SorobanAuthorizationEntry) =>
          setup.keys.find((key) => addressOf(entry) === xdrAccountAddress(key))?.publicKey() ??
          addressOf(entry);
        expect(
          recorded.map((entry) => ({ address: signerOf(entry), tree: entry.rootInvocation.toXdr('base64') })),
        ).toEqual(want);
        for (const entry of recorded)
          expect(
            entry.credentials.type === 'sorobanCredentialsAddress' &&
              entry.credentials.address.signatureExpirationLedger,
          ).toBe(0);
      }
      for (const [index, test] of row.cases(c).entries()) {
        const entries = await signedEntries(setup.keys, test.sign);
        const got = outcome(() => setup.env.invoke(root.contract, 'tree_fn', args, { auth: entries }));
        expect({ case: index, got }).toEqual({ case: index, got: test.want });
        if (test.consumed)
          expect(
            setup.keys.map(
              (key) =>
                entries.filter((e) => addressOf(e) === xdrAccountAddress(key) && used(setup, key, e)).length,
            ),
          ).toEqual(test.consumed);
      }
    });
  },
);

function xdrAccountAddress(key: Keypair): string {
  return xdr.ScAddress.scAddressTypeAccount(key.xdrAccountId()).toXdr('base64');
}

function used(setup: AuthSetup, key: Keypair, entry: xdr.SorobanAuthorizationEntry): boolean {
  if (entry.credentials.type !== 'sorobanCredentialsAddress') return false;
  const liveUntil = nonceLiveUntil(setup.env, key, entry.credentials.address.nonce);
  if (liveUntil !== undefined) expect(liveUntil).toBe(EXPIRATION);
  return liveUntil !== undefined;
}

describe.skipIf(!sorobanData)(
  'recording non-root authorization (test_disable_non_root_recording_auth)',
  () => {
    it.each([
      { disableNonRootAuth: true, want: UNAUTHORIZED },
      { disableNonRootAuth: false, want: 'ok' },
    ])(
      'with non-root auth disabled: $disableNonRootAuth, the call is $want',
      ({ disableNonRootAuth, want }) => {
        const setup = authSetup(1, 3, disableNonRootAuth);
        const c = contractsOf(setup);
        const root = c.n(0, [false], [c.n(1, [true]), c.n(2, [true])]);
        const args = [setup.keys.map((key) => key.publicKey()), treeArg(root)];
        expect(outcome(() => setup.env.invoke(root.contract, 'tree_fn', args))).toBe(want);
      },
    );
  },
);
