/**
 * Deep stacks of custom accounts (hostile_opt.rs run_deep_host_stack_test at v23.0.0) with the
 * host's `recursive_account` test contract: each account's `__check_auth` requires the next
 * account's authorization (or, self-reentrant, its own account's again), and the last one
 * serializes or deserializes a deeply nested value. Near the depth limits the call succeeds; past
 * them the error inside `__check_auth` comes out as the account's authentication failure,
 * Error(Auth, InvalidAction).
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/index.js';
import { TestEnv } from '../../src/testing/test-env.js';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import {
  addressEntry,
  addressVal,
  enforcingHost,
  invocation,
  outcome,
  WASM,
} from './custom-accounts-support.js';

/** DEFAULT_HOST_DEPTH_LIMIT and DEFAULT_XDR_RW_LIMITS.depth. */
const HOST_DEPTH = 100;
const XDR_DEPTH = 500;
const U64_MAX = (1n << 64n) - 1n;

const sym = (text: string) => xdr.ScVal.scvSymbol(text);

/**
 * `Vec([Void])` inside `depth` more vectors, as XDR, written by hand: the SDK's encoder refuses
 * such depths (as the Rust test raises its writer's limit). Each vector is its `SCV_VEC` tag, a
 * present option and a length of one; then `SCV_VOID`.
 */
function nestedValueXdr(depth: number): Buffer {
  const SCV_VEC = 16;
  const SCV_VOID = 1;
  const words = [...Array.from({ length: depth + 1 }, () => [SCV_VEC, 1, 1]).flat(), SCV_VOID];
  const out = Buffer.alloc(words.length * 4);
  words.forEach((word, i) => {
    out.writeUInt32BE(word, i * 4);
  });
  return out;
}

interface DeepStack {
  callDepth: number;
  serialization: number;
  deserialization: number;
  selfReentry: boolean;
}

function runDeepStack({ callDepth, serialization, deserialization, selfReentry }: DeepStack): string {
  const env = new TestEnv({ ledger: { sequenceNumber: 100 } });
  const wasm = WASM.recursive();
  const contracts = Array.from({ length: selfReentry ? 1 : callDepth }, () => env.register(wasm));
  const at = (i: number) => contracts[selfReentry ? 0 : i] as string;
  const entries: xdr.SorobanAuthorizationEntry[] = [];
  for (let i = 1; i < callDepth; i++) {
    let signature: xdr.ScVal;
    if (i < callDepth - 1) signature = xdr.ScVal.scvVec([sym('RedirectAddress'), addressVal(at(i + 1))]);
    else if (deserialization > 0)
      signature = xdr.ScVal.scvVec([
        sym('DeserializeValue'),
        xdr.ScVal.scvBytes(nestedValueXdr(deserialization)),
      ]);
    else signature = xdr.ScVal.scvVec([sym('SerializeValue')]);
    const root = invocation(at(i - 1), i === 1 ? 'call' : '__check_auth');
    entries.push(addressEntry(at(i), root, signature, BigInt(i), 1000));
  }
  if (serialization > 0)
    env.invoke(contracts[contracts.length - 1] as string, 'set_depth', [serialization], { auth: [] });
  const budget = Budget.default();
  budget.resetLimits(U64_MAX, U64_MAX);
  const host = enforcingHost(env, entries, budget);
  const root = StrKey.decodeContract(at(0));
  return outcome(() =>
    host.callContract(root, host.converter.toVal(sym('call')), [host.converter.toVal(addressVal(at(1)))]),
  );
}

const ROWS: (DeepStack & { name: string; want: string })[] = [
  {
    name: 'test_deep_stack_call_succeeds_near_limit',
    callDepth: HOST_DEPTH,
    serialization: HOST_DEPTH - 1,
    deserialization: 0,
    selfReentry: false,
    want: 'ok',
  },
  {
    name: 'test_deep_stack_with_self_reentry_call_succeeds_near_limit',
    callDepth: HOST_DEPTH,
    serialization: HOST_DEPTH - 1,
    deserialization: 0,
    selfReentry: true,
    want: 'ok',
  },
  {
    name: 'test_deep_stack_call_fails_when_contract_call_depth_exceeded',
    callDepth: HOST_DEPTH + 1,
    serialization: 0,
    deserialization: 0,
    selfReentry: false,
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'test_deep_stack_call_fails_when_serialization_depth_exceeded',
    callDepth: 2,
    serialization: HOST_DEPTH,
    deserialization: 0,
    selfReentry: false,
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'test_deep_stack_call_succeeds_near_limit_with_xdr_deserialization',
    callDepth: HOST_DEPTH,
    serialization: 0,
    deserialization: HOST_DEPTH - 2,
    selfReentry: false,
    want: 'ok',
  },
  {
    name: 'test_deep_stack_call_with_self_reentry_succeeds_near_limit_with_xdr_deserialization',
    callDepth: HOST_DEPTH,
    serialization: 0,
    deserialization: HOST_DEPTH - 2,
    selfReentry: true,
    want: 'ok',
  },
  {
    name: 'test_deep_stack_call_fails_xdr_deserialization_exceeding_host_object_depth',
    callDepth: HOST_DEPTH,
    serialization: 0,
    deserialization: HOST_DEPTH - 1,
    selfReentry: false,
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'test_deep_stack_call_fails_with_deep_xdr_deserialization',
    callDepth: HOST_DEPTH,
    serialization: 0,
    deserialization: XDR_DEPTH,
    selfReentry: false,
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'test_deep_stack_call_fails_with_too_deep_xdr_deserialization',
    callDepth: HOST_DEPTH,
    serialization: 0,
    deserialization: XDR_DEPTH * 2,
    selfReentry: false,
    want: 'Error(Auth, InvalidAction)',
  },
];

describe.skipIf(!sorobanData)(
  `deep stacks of custom accounts (${sorobanData ? 'recursive_account' : NO_SOROBAN_DATA})`,
  () => {
    it.each(ROWS)('$name: $want', ({ want, ...stack }) => {
      expect(runDeepStack(stack)).toBe(want);
    });
  },
);
