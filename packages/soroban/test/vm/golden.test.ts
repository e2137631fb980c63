/**
 * Fuel checked against the Rust host's golden traces (observations-23): a VM frame with no host
 * calls charges, between its `push VM` and `pop VM` lines, only the call's own costs and the fuel
 * burned at 4 CPU per unit (WasmInsnExec). The call's costs, with the host's default CPU
 * parameters (budget.rs): the argument vector as `Vec<wasmi::Value>` (MemCpy 24, MemAlloc and
 * MemCpy of 16 bytes per argument; MemCpy 42 + n/8, MemAlloc 434 + n/8) and InvokeVmFunction
 * (1948). add_i32's frame confirms them: up to its first host call (whose trace line is written
 * before the fuel is handed back) it has charged exactly those for its 2 arguments.
 */
import { describe, expect, it } from 'vitest';
import { readSoroban, sorobanData } from '../support/shared.js';
import { StubHost, u32Val } from './stub-host.js';
import { CPU_PER_FUEL, load, RecordingBudget } from './support.js';

const memCpy = (n: bigint) => 42n + n / 8n;
const memAlloc = (n: bigint) => 434n + n / 8n;
const INVOKE_VM_FUNCTION = 1948n;
const callOverhead = (args: number) =>
  memCpy(24n) + memAlloc(16n * BigInt(args)) + memCpy(16n * BigInt(args)) + INVOKE_VM_FUNCTION;

function cpuAt(trace: Record<string, string>, line: RegExp): bigint {
  const key = Object.keys(trace).find((k) => line.test(k));
  const cpu = key ? /cpu:(\d+)/.exec(trace[key] ?? '')?.[1] : undefined;
  if (!cpu) throw new Error(`no cpu on a trace line matching ${line}`);
  return BigInt(cpu);
}

const trace = (name: string): Record<string, string> =>
  JSON.parse(readSoroban(`observations-23/${name}.json`).toString('utf8'));

describe.skipIf(!sorobanData)('golden traces', () => {
  it('add_i32: the call overhead for 2 arguments is all that precedes the first host call', () => {
    const t = trace('test__invocation__invoke_single_contract_function');
    const overhead = cpuAt(t, /^ {2}15 call vec_new/) - cpuAt(t, /^ {2}14 push VM/);
    expect(overhead).toBe(callOverhead(2));
  });

  const cases = [
    {
      test: 'hostile_oob1_traps',
      fn: 'oob1',
      args: [] as bigint[],
      push: /^ {2}14 push/,
      pop: /^ {2}15 pop/,
    },
    {
      test: 'hostile_oob2_traps',
      fn: 'oob2',
      args: [] as bigint[],
      push: /^ {2}14 push/,
      pop: /^ {2}15 pop/,
    },
    {
      test: 'test_stack_depth_stability',
      fn: 'deepstack',
      args: [u32Val(1023)],
      push: /^ {2}16 push/,
      pop: /^ {2}17 pop/,
    },
    {
      test: 'test_stack_depth_stability',
      fn: 'deepstack',
      args: [u32Val(1024)],
      push: /^ {2}22 push/,
      pop: /^ {2}23 pop/,
    },
    {
      test: 'test_stack_depth_stability',
      fn: 'deepstack',
      args: [u32Val(10240)],
      push: /^ {2}28 push/,
      pop: /^ {2}29 pop/,
    },
  ];
  it.each(cases)('$test: $fn burns the fuel the Rust host charged', ({ test, fn, args, push, pop }) => {
    const t = trace(`test__hostile__${test}`);
    const wasmCpu = cpuAt(t, pop) - cpuAt(t, push) - callOverhead(args.length);
    const host = new StubHost();
    const budget = new RecordingBudget();
    host.vm = load(readSoroban('wasm/20/example_hostile.wasm'), budget, host.imports());
    try {
      host.vm.call(fn, args);
    } catch {
      // these calls trap; the fuel charged up to the trap is what is compared
    }
    expect(budget.fuelCharged * CPU_PER_FUEL).toBe(wasmCpu);
  });
});
