/**
 * The diagnostic events of calls and failures (events/diagnostic.rs), as the Rust host's tests
 * print them (invocation.rs `invoke_cross_contract_with_err`): a contract try_calls another whose
 * host function fails. Where the error arose, its escalation to a VM trap, the trap logged on the
 * way out and the try_call's failure are each an event; none of them is charged.
 */
import { Address, scValToNative, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import type { ExternalEvent } from '../../src/host/events.js';
import { TestEnv } from '../../src/testing/test-env.js';
import { contract } from '../vm/wat.js';

// boom(): vec_get of an empty vec at 0, which fails with Error(Object, IndexBounds). Under a long
// name too, whose Symbol is an object: converting it for an event costs, on the shadow budget.
const CALLEE = contract(`
(module
  (import "v" "_" (func $vec_new (result i64)))
  (import "v" "1" (func $vec_get (param i64 i64) (result i64)))
  (func $boom (export "boom") (result i64)
    (call $vec_get (call $vec_new) (i64.const 4)))
  (export "boom_by_a_long_name" (func $boom)))`);

// go(callee, fn): try_call(callee, fn, []), dropping what it gives (an Error returned would fail go).
const CALLER = contract(`
(module
  (import "v" "_" (func $vec_new (result i64)))
  (import "d" "0" (func $try_call (param i64 i64 i64) (result i64)))
  (func (export "go") (param $callee i64) (param $fn i64) (result i64)
    (drop (call $try_call (local.get $callee) (local.get $fn) (call $vec_new)))
    (i64.const 2)))`);

/** An event as the Rust host's Display writes its topics and data, with whether its call failed. */
function shown({ event, failedCall }: ExternalEvent): [string, unknown, boolean] {
  const { topics, data } = event.body.v0;
  const first = topics.map((topic) => (topic.type === 'scvError' ? 'Error' : scValToNative(topic)))[0];
  const value = data.type === 'scvVec' ? scValToNative(data.vec?.[0] as xdr.ScVal) : scValToNative(data);
  return [String(first), value, failedCall];
}

describe('diagnostic events of a failed try_call', () => {
  function run(diagnostics: boolean, fn = 'boom') {
    const env = new TestEnv({ diagnostics });
    const callee = env.register(CALLEE);
    const caller = env.register(CALLER);
    return env.invoke(caller, 'go', [new Address(callee).toScVal(), xdr.ScVal.scvSymbol(fn)]);
  }

  it("the events say what happened, in order, the failed call's marked", () => {
    const { events } = run(true);
    const diagnostic = events.filter(({ event }) => event.type.name === 'diagnostic');
    expect(diagnostic.map(shown)).toEqual([
      // Before the frame: not rolled back with it.
      ['fn_call', expect.stringMatching(/^C/), false],
      ['fn_call', null, false],
      ['error', 'object index out of bounds', true],
      ['error', 'escalating error to VM trap from failed host function call: vec_get', true],
      ['log', 'VM call trapped with HostError', true],
      ['error', 'contract try_call failed', false],
      ['fn_return', null, false],
    ]);
  });

  it.each([
    { given: 'a small Symbol', fn: 'boom' },
    { given: 'a Symbol object', fn: 'boom_by_a_long_name' },
  ])('charges nothing for them: a function named by $given', ({ fn }) => {
    const [off, on] = [run(false, fn), run(true, fn)];
    expect([on.cpuInstructions, on.memoryBytes]).toEqual([off.cpuInstructions, off.memoryBytes]);
    expect(off.events).toEqual([]);
  });
});
