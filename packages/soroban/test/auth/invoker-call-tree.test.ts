/**
 * soroban-env-host/src/test/invoker_auth.rs `test_invoker_auth_with_multiple_authorizers` with the
 * invoker auth test contract: `auth_fn` pre-authorizes its `auth` trees, requires the `authorize`
 * contracts' authorization for its argument, then calls its children. Enforcing mode, no entries:
 * every authorization comes from invoker contracts.
 */
import { Address, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { TestEnv } from '../../src/testing/test-env.js';
import { outcome } from '../support/outcome.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';

interface AuthNode {
  contract: number;
  arg: number;
  children: AuthNode[];
}
interface CallNode {
  contract: number;
  auth: AuthNode[];
  authorize: [number, number][];
  children: CallNode[];
}

const a = (contract: number, arg: number, children: AuthNode[] = []): AuthNode => ({
  contract,
  arg,
  children,
});
const call = (
  contract: number,
  auth: AuthNode[],
  authorize: [number, number][],
  children: CallNode[] = [],
): CallNode => ({
  contract,
  auth,
  authorize,
  children,
});

const AUTH_0 = [a(2, 2), a(3, 3, [a(4, 4), a(5, 5)])];
const AUTH_1 = [a(4, 4), a(5, 5)];
const SUCCESS = () =>
  call(
    0,
    AUTH_0.map(clone),
    [],
    [
      call(
        1,
        AUTH_1.map(clone),
        [[0, 1]],
        [
          call(
            3,
            [],
            [
              [0, 3],
              [1, 3],
            ],
            [
              call(
                4,
                [],
                [
                  [0, 4],
                  [1, 4],
                  [3, 4],
                ],
              ),
              call(
                5,
                [],
                [
                  [0, 5],
                  [1, 5],
                  [3, 5],
                ],
              ),
            ],
          ),
          call(
            2,
            [],
            [
              [0, 2],
              [1, 2],
            ],
          ),
        ],
      ),
    ],
  );
const NO_DIRECT_INVOKER = () =>
  call(
    0,
    AUTH_0.map(clone),
    [],
    [
      call(
        1,
        AUTH_1.map(clone),
        [],
        [
          call(
            3,
            [],
            [[0, 3]],
            [
              call(
                4,
                [],
                [
                  [0, 4],
                  [1, 4],
                ],
              ),
              call(
                5,
                [],
                [
                  [0, 5],
                  [1, 5],
                ],
              ),
            ],
          ),
          call(2, [], [[0, 2]]),
        ],
      ),
    ],
  );
function clone(node: AuthNode): AuthNode {
  return { ...node, children: node.children.map(clone) };
}
const child = (root: CallNode, ...path: number[]) =>
  path.reduce((node, i) => node.children[i] as CallNode, root);

const ROWS: { name: string; tree: () => CallNode; want: string }[] = [
  { name: 'without direct invoker auth', tree: NO_DIRECT_INVOKER, want: 'ok' },
  { name: 'success', tree: SUCCESS, want: 'ok' },
  {
    name: 'with extra unused auth',
    tree: () => {
      const t = SUCCESS();
      t.auth.push(a(2, 3));
      (child(t, 0).auth[0] as AuthNode).children.push(a(5, 6));
      return t;
    },
    want: 'ok',
  },
  {
    name: 'an extra call to contract 2 that 0 authorized once',
    tree: () => {
      const t = SUCCESS();
      child(t, 0).children.push(call(2, [], [[0, 2]]));
      return t;
    },
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'one more authorization from contract 0',
    tree: () => {
      const t = SUCCESS();
      child(t, 0, 0).authorize.push([0, 3]);
      return t;
    },
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'authorization from contract 2, not an invoker',
    tree: () => {
      const t = SUCCESS();
      child(t, 0, 0, 0).authorize.push([2, 4]);
      return t;
    },
    want: 'Error(Auth, InvalidAction)',
  },
];

describe.skipIf(!sorobanData)(
  `invoker auth call trees (${sorobanData ? 'invoker auth contract' : NO_SOROBAN_DATA})`,
  () => {
    it.each(ROWS)('$name: $want', ({ tree, want }) => {
      const env = new TestEnv({ ledger: { sequenceNumber: 100, maxEntryTtl: 10_000 } });
      const code = readSoroban('wasm/23/invoker_auth_test_contract.wasm');
      const ids = Array.from({ length: 6 }, () => env.register(code));
      const address = (i: number) => new Address(ids[i] as string).toScVal();
      // The contract's own types are not in its interface: built as contracttype maps (sorted keys).
      const struct = (fields: [string, xdr.ScVal][]) =>
        xdr.ScVal.scvMap(
          fields.map(([key, val]) => new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol(key), val })),
        );
      const authArg = (node: AuthNode): xdr.ScVal =>
        struct([
          ['arg', xdr.ScVal.scvI32(node.arg)],
          ['children', xdr.ScVal.scvVec(node.children.map(authArg))],
          ['contract', address(node.contract)],
        ]);
      const callArg = (node: CallNode): xdr.ScVal =>
        struct([
          ['auth', xdr.ScVal.scvVec(node.auth.map(authArg))],
          [
            'authorize',
            xdr.ScVal.scvVec(
              node.authorize.map(([c, arg]) => xdr.ScVal.scvVec([address(c), xdr.ScVal.scvI32(arg)])),
            ),
          ],
          ['children', xdr.ScVal.scvVec(node.children.map(callArg))],
          ['contract', address(node.contract)],
          ['failure_point', xdr.ScVal.scvU32(0)],
          ['try_call', xdr.ScVal.scvBool(false)],
        ]);
      expect(outcome(() => env.invoke(ids[0] as string, 'auth_fn', [callArg(tree())], { auth: [] }))).toBe(
        want,
      );
    });
  },
);
