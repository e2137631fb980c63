// Contracts that try to hurt the host, through the sandbox's JSON-RPC: an endless loop, memory
// growth and unbounded recursion each end in the host's error — simulateTransaction answers its
// text as stellar-rpc writes it, and the transaction sent anyway fails with stellar-core's code —
// and the sandbox goes on serving after each.
//
// The endless loop sent anyway is INVOKE_HOST_FUNCTION_TRAPPED, not RESOURCE_LIMIT_EXCEEDED:
// stellar-core (InvokeHostFunctionOpFrame.cpp, doApply) says RESOURCE_LIMIT_EXCEEDED only when
// the host's CPU count passed the declared instructions, and wasmi's OutOfFuel never gets there:
// the host offers the remaining budget as fuel (budget.rs get_wasmi_fuel_remaining), wasmi refuses
// the instruction it cannot pay for without spending it, and only the fuel burned is charged back
// (vm.rs, after func.call). The Rust host's own trace of hostile_iloop_traps ends at 99,999,996
// of its 100,000,000 instructions; packages/soroban/test/invoke/endless-loop.test.ts counts ours.
import { Keypair, Operation, rpc, xdr } from '@stellar/stellar-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  callFootprint,
  deployThroughRpc,
  invokeResultCode,
  sendUnsimulated,
  unsigned,
  watContract,
} from '../support/rpc-contract.js';
import { fund, type TestSandbox, testSandbox } from '../support/sandbox.js';

const HOSTILE = watContract(`(module
  (memory (export "memory") 1)
  (func (export "ok") (result i64) (i64.const 2))
  (func (export "spin") (result i64) (loop $again (br $again)) (i64.const 2))
  (func (export "grow") (result i64)
    (loop $again (br_if $again (i32.ne (memory.grow (i32.const 16)) (i32.const -1))))
    (i64.const 2))
  (func (export "grow_huge") (result i64) (drop (memory.grow (i32.const 65535))) (i64.const 2))
  (func $deep (export "deep") (result i64) (call $deep))
  (func $wide (export "deep_wide") (result i64) (local ${'i64 '.repeat(200)}) (call $wide)))`);

let t: TestSandbox;
let contractId: string;
const alice = Keypair.random();

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 'manual', sorobanDiagnostics: true });
  await fund(t, alice);
  contractId = await deployThroughRpc(t, alice, HOSTILE);
});
afterAll(async () => {
  await t.net.stop();
  expect(t.errors).toEqual([]);
});

const call = (fn: string) =>
  Operation.invokeContractFunction({ contract: contractId, function: fn, args: [] });

async function simulated(fn: string) {
  return t.server.simulateTransaction(await unsigned(t, alice, call(fn)));
}

async function simulateError(fn: string): Promise<string> {
  const sim = await simulated(fn);
  if (!rpc.Api.isSimulationError(sim)) throw new Error(`${fn} simulated without an error`);
  return sim.error;
}

// After every case the sandbox still answers, and a good call still simulates.
afterEach(async () => {
  expect((await t.server.getHealth()).status).toBe('healthy');
  expect(rpc.Api.isSimulationSuccess(await simulated('ok'))).toBe(true);
});

const BUDGET = /^HostError: Error\(Budget, ExceededLimit\)\n/;

describe('hostile contracts through the RPC', () => {
  it('an endless loop: simulateTransaction answers Error(Budget, ExceededLimit)', async () => {
    expect(await simulateError('spin')).toMatch(BUDGET);
  });

  it('an endless loop sent with 5,000,000 instructions: TRAPPED on the budget error (wasmi leaves the CPU count within the declared instructions)', async () => {
    const final = await sendUnsimulated(
      t,
      alice,
      call('spin'),
      callFootprint(contractId, HOSTILE),
      5_000_000,
    );
    expect(final.status).toBe('FAILED');
    expect(invokeResultCode(final)).toBe('invokeHostFunctionTrapped');
    // The host's last diagnostic event names the budget error the run ended in.
    const topics = final.diagnosticEventsXdr?.at(-1)?.event.body.v0.topics ?? [];
    expect(topics.map((topic) => topic.toXdr('base64'))).toEqual(
      [
        xdr.ScVal.scvSymbol('host_fn_failed'),
        xdr.ScVal.scvError(xdr.ScError.sceBudget(xdr.ScErrorCode.scecExceededLimit)),
      ].map((topic) => topic.toXdr('base64')),
    );
  });

  it.each(['grow', 'grow_huge'])(
    'memory growth (%s) stops at the memory budget: Error(Budget, ExceededLimit)',
    async (fn) => {
      expect(await simulateError(fn)).toMatch(BUDGET);
    },
  );

  it.each(['deep', 'deep_wide'])(
    'unbounded recursion (%s) stops at the stack limit: Error(Budget, ExceededLimit)',
    async (fn) => {
      expect(await simulateError(fn)).toMatch(BUDGET);
    },
  );
});
