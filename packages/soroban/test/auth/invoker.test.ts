/**
 * Contracts authorizing without credentials (auth.rs maybe_check_invoker_contract_auth): a
 * contract is authorized for its direct calls, and for the deeper calls it pre-authorizes with
 * `authorize_as_curr_contract`, each once. Rows of soroban-env-host/src/test/auth.rs
 * (`test_recording_and_enforcing_no_auth`: recording with non-root auth disabled, then enforcing
 * with no entries) and test/invoker_auth.rs (`test_invalid_invoker_auth_format`).
 */
import { describe, expect, it } from 'vitest';
import { TestEnv } from '../../src/testing/test-env.js';
import { outcome } from '../support/outcome.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { authSetup, type TreeNode, treeArg } from './support.js';

type N = (i: number, needAuth: boolean[], children?: TreeNode[]) => TreeNode;

interface Row {
  name: string;
  contracts: number;
  /** The contract called (the invoker) and its function. */
  invoker: number;
  fn: 'invoker_auth_fn' | 'invoker_auth_fn_no_call' | 'invoker_auth_no_reuse';
  args: (n: N) => TreeNode[];
  want: string;
  /** Enforcing only (test_invoker_subcontract_with_gaps calls `test_enforcing`). */
  enforcingOnly?: boolean;
}

const FULL = (n: N) =>
  n(
    0,
    [true],
    [n(1, [true], [n(3, [true]), n(2, [true])]), n(2, [true], [n(4, [true], [n(3, [true])]), n(3, [false])])],
  );
const DUPLICATES = (n: N) =>
  n(0, [true], [n(1, [true], [n(2, [true]), n(2, [true])]), n(1, [true], [n(2, [true]), n(2, [true])])]);

const ROWS: Row[] = [
  {
    name: 'test_invoker_subcontract_auth',
    contracts: 6,
    invoker: 5,
    fn: 'invoker_auth_fn',
    args: (n) => [FULL(n), FULL(n)],
    want: 'ok',
  },
  {
    name: 'test_invoker_subcontract_auth_with_duplicates',
    contracts: 6,
    invoker: 5,
    fn: 'invoker_auth_fn',
    args: (n) => [DUPLICATES(n), DUPLICATES(n)],
    want: 'ok',
  },
  {
    name: 'test_invoker_subcontract_auth_with_duplicates: top-level duplicate missing',
    contracts: 6,
    invoker: 5,
    fn: 'invoker_auth_fn',
    args: (n) => [DUPLICATES(n), n(0, [true], [n(1, [true], [n(2, [true]), n(2, [true])])])],
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'test_invoker_subcontract_auth_with_duplicates: inner duplicate missing',
    contracts: 6,
    invoker: 5,
    fn: 'invoker_auth_fn',
    args: (n) => [
      DUPLICATES(n),
      n(0, [true], [n(1, [true], [n(2, [true]), n(2, [true])]), n(1, [true], [n(2, [true])])]),
    ],
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'test_invoker_subcontract_with_gaps: gap at the top',
    contracts: 4,
    invoker: 3,
    fn: 'invoker_auth_fn',
    args: (n) => [n(0, [false], [n(1, [true])]), n(0, [false], [n(1, [true])])],
    want: 'ok',
    enforcingOnly: true,
  },
  {
    name: 'test_invoker_subcontract_with_gaps: gap in the middle',
    contracts: 4,
    invoker: 3,
    fn: 'invoker_auth_fn',
    args: (n) => [
      n(0, [true], [n(1, [false], [n(2, [true])])]),
      n(0, [true], [n(1, [false], [n(2, [true])])]),
    ],
    want: 'Error(Auth, InvalidAction)',
    enforcingOnly: true,
  },
  {
    name: 'test_invoker_subcontract_auth_is_not_reused',
    contracts: 4,
    invoker: 3,
    fn: 'invoker_auth_no_reuse',
    args: (n) => [n(0, [true], [n(1, [true])]), n(0, [true], [n(2, [true])])],
    want: 'ok',
  },
  {
    name: 'test_invoker_subcontract_auth_without_subcontract_calls',
    contracts: 6,
    invoker: 5,
    fn: 'invoker_auth_fn_no_call',
    args: (n) => [
      n(
        0,
        [true],
        [n(1, [true], [n(3, [true]), n(2, [true])]), n(2, [true], [n(4, [true], [n(3, [true])])])],
      ),
    ],
    want: 'ok',
  },
];

describe.skipIf(!sorobanData)(
  `invoker contract authorization (${sorobanData ? 'test contracts' : NO_SOROBAN_DATA})`,
  () => {
    it.each(ROWS)('$name: $want', ({ contracts, invoker, fn, args, want, enforcingOnly }) => {
      const setup = authSetup(0, contracts);
      const n: N = (i, needAuth, children = []) => ({
        contract: setup.contracts[i] as string,
        need_auth: needAuth,
        children,
      });
      const argv = args(n).map(treeArg);
      const target = setup.contracts[invoker] as string;
      if (!enforcingOnly)
        expect(outcome(() => authSetup(0, contracts, true).env.invoke(target, fn, argv))).toBe(want);
      expect(outcome(() => setup.env.invoke(target, fn, argv, { auth: [] }))).toBe(want);
    });

    it.each([
      { fn: 'invoker_auth_with_sac_create', want: 'Error(Auth, InvalidInput)' },
      { fn: 'invoker_auth_with_sac_create_v2', want: 'Error(Auth, InvalidInput)' },
      { fn: 'invoker_auth_with_bad_type', want: 'Error(Value, InvalidInput)' },
    ])('test_invalid_invoker_auth_format: $fn is $want', ({ fn, want }) => {
      const env = new TestEnv({ ledger: { sequenceNumber: 100, maxEntryTtl: 10_000 } });
      const id = env.register(readSoroban('wasm/23/invoker_auth_test_contract.wasm'));
      expect(outcome(() => env.invoke(id, fn, [], { auth: [] }))).toBe(want);
    });
  },
);
