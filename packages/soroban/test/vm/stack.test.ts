/**
 * wasmi's value stack (engine/stack): 1 MiB of 8-byte cells, 131072. A call from the host puts
 * its arguments there; entering a function reserves its translated maximum operand height plus
 * its declared locals on top of the cells in use; a call leaves the caller's locals and operands
 * (the arguments included) in use. Past the limit: StackOverflow, (Budget, ExceededLimit).
 *
 * `r` has 1 parameter and 200 declared locals; its operand height peaks at 2 (`n`, `1` before
 * `i64.sub`) and is 1 at the call, so it reserves 202 cells, and frame k (the entry frame is 0)
 * starts with 1 + 201k cells in use. It fits while 1 + 201k + 202 <= 131072, i.e. k <= 651:
 * r(651) makes frames 0..651 and succeeds, r(652) needs frame 652 and overflows.
 *
 * V8 spends at least as many bytes of its native stack on those frames as wasmi spends cells,
 * and Node's default stack (~1 MiB) is smaller than wasmi's, so the instrumented module is run
 * here in a child Node with a larger stack (the host itself needs one too to reach wasmi's limits;
 * without it a call that deep ends in wasmi's StackOverflow error earlier than wasmi would).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseContract } from '../../src/vm/parse.js';
import { hostErrorOf, load, RecordingBudget } from './support.js';
import { contract } from './wat.js';

const DEEP = `(module
  (func $r (export "r") (param $n i64) (result i64) (local ${'i64 '.repeat(200)})
    (if (result i64) (i64.eqz (local.get $n))
      (then (i64.const 0))
      (else (call $r (i64.sub (local.get $n) (i64.const 1)))))))`;

/** Runs the instrumented module's `r(n)` in a Node with an 8 MiB stack; prints the result or the trap kind. */
const RUNNER = `
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const { bytes, n } = JSON.parse(Buffer.concat(chunks).toString());
  const imports = { __vm: { trap: (kind) => { throw new Error('trap ' + kind); }, grow: () => {} } };
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(bytes, 'base64')), imports);
  exports['__vm.fuel'].value = 1n << 40n;
  exports['__vm.stack'].value = 1;
  try { console.log('ok ' + exports.r(BigInt(n))); } catch (e) { console.log(e.message); }
});`;

function runWithBigStack(n: number): string {
  const parsed = parseContract(contract(DEEP), { ledgerProtocol: 23, meter: new RecordingBudget() });
  const bytes = Buffer.from(parsed.instrumented).toString('base64');
  const out = spawnSync(process.execPath, ['--stack-size=7000', '-e', RUNNER], {
    input: JSON.stringify({ bytes, n }),
    encoding: 'utf8',
  });
  return out.stdout.trim() || out.stderr.trim();
}

describe('value stack', () => {
  it('fits frames up to the 1 MiB value stack', () => {
    expect(runWithBigStack(651)).toBe('ok 0');
  });

  it('traps one frame later (trap kind 1: call stack exhausted)', () => {
    expect(runWithBigStack(652)).toBe('trap 1');
  });

  it("without room on V8's stack the host reports wasmi's stack overflow, not an internal error", () => {
    expect(hostErrorOf(() => load(contract(DEEP)).call('r', [651n])).message).toBe(
      'Error(Budget, ExceededLimit): VM call trapped: StackOverflow',
    );
  });
});
