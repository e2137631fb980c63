/**
 * The budget charges of making and calling a VM, in the order vm.rs and vm/parsed_module.rs make
 * them (fuel aside, which RecordingBudget keeps apart as WasmInsnExec).
 */
import { describe, expect, it } from 'vitest';
import type { CostInputs } from '../../src/vm/cost-inputs.js';
import { instantiate } from '../../src/vm/instance.js';
import { ModuleCache } from '../../src/vm/module-cache.js';
import { parseContract } from '../../src/vm/parse.js';
import { checkUpload, newVm } from '../../src/vm/vm.js';
import { RecordingBudget } from './support.js';
import { contract } from './wat.js';

const WAT = `(module
  (import "x" "_" (func $h (param i64) (result i64)))
  (import "x" "_" (func (param i64) (result i64)))
  (memory (export "memory") 2)
  (func (export "f") (param i64) (result i64) (call $h (local.get 0))))`;
const host = { x: { _: (v: bigint) => v } };
const interfaceCheck = { ledgerProtocol: 23, isImportKnown: () => true };
const PAGE = 65536n;
/** One distinct (module, name) pair: a Vec copied, then one 40-byte pair allocated and copied. */
const SYMBOLS: Array<[string, bigint | undefined]> = [
  ['MemCpy', 24n],
  ['MemAlloc', 40n],
  ['MemCpy', 40n],
];
const V1: CostInputs = {
  nInstructions: 3,
  nFunctions: 1,
  nGlobals: 0,
  nTableEntries: 0,
  nTypes: 1, // wabt shares the one (i64) -> i64 type
  nDataSegments: 0,
  nElemSegments: 0,
  nImports: 2,
  nExports: 2,
  nDataSegmentBytes: 0,
};

describe('charges', () => {
  const bytes = contract(WAT);
  const len = BigInt(bytes.length);

  it('Vm::new with V0 inputs: parse by length, linker symbols, instantiate by length, symbols, memory', () => {
    const budget = new RecordingBudget();
    newVm(bytes, host, { budget, ...interfaceCheck });
    expect(budget.charges).toEqual([
      ['VmInstantiation', len],
      ...SYMBOLS,
      ['VmCachedInstantiation', len],
      ...SYMBOLS,
      ['MemAlloc', 2n * PAGE],
    ]);
  });

  it('Vm::new with V1 inputs: one ParseWasm* and one InstantiateWasm* charge per input', () => {
    const budget = new RecordingBudget();
    newVm(bytes, host, { budget, ...interfaceCheck, costInputs: { v1: V1 } });
    const parse = budget.charges.slice(0, 10);
    expect(parse.map(([t]) => t)).toEqual([
      'ParseWasmInstructions',
      'ParseWasmFunctions',
      'ParseWasmGlobals',
      'ParseWasmTableEntries',
      'ParseWasmTypes',
      'ParseWasmDataSegments',
      'ParseWasmElemSegments',
      'ParseWasmImports',
      'ParseWasmExports',
      'ParseWasmDataSegmentBytes',
    ]);
    expect(parse[0]).toEqual(['ParseWasmInstructions', 3n]);
    const instantiation = budget.charges.slice(13, 23);
    expect(instantiation[0]).toEqual(['InstantiateWasmInstructions', undefined]);
    expect(instantiation[4]).toEqual(['InstantiateWasmTypes', undefined]);
    expect(instantiation[7]).toEqual(['InstantiateWasmImports', 2n]);
  });

  it('the upload check charges the parse twice and returns the refined inputs', () => {
    const budget = new RecordingBudget();
    expect(checkUpload(bytes, { budget, ...interfaceCheck })).toEqual(V1);
    expect(budget.types().filter((t) => t === 'VmInstantiation')).toHaveLength(2);
    expect(budget.charges.at(-1)).toEqual(['VmInstantiation', len]);
  });

  it('a cached module is not parsed again: only instantiation, one symbol set, memory', () => {
    const cache = new ModuleCache();
    const first = new RecordingBudget();
    cache.parseAndCache('ab', bytes, { ledgerProtocol: 23, meter: first, costInputs: { v1: V1 } });
    expect(first.types().filter((t) => t.startsWith('ParseWasm'))).toHaveLength(10);
    const again = new RecordingBudget();
    const parsed = cache.parseAndCache('ab', bytes, { ledgerProtocol: 23, meter: again });
    expect(again.charges).toEqual([]);
    const budget = new RecordingBudget();
    instantiate(parsed, host, { budget, ...interfaceCheck });
    expect(budget.types().filter((t) => t.startsWith('Parse'))).toEqual([]);
    expect(budget.charges.slice(10)).toEqual([...SYMBOLS, ['MemAlloc', 2n * PAGE]]);
  });

  it('a call: the argument vector, InvokeVmFunction, then fuel; a host call adds DispatchHostFunction', () => {
    const budget = new RecordingBudget();
    const vm = newVm(bytes, host, { budget, ...interfaceCheck });
    budget.charges.length = 0;
    expect(vm.invoke('f', [5n])).toBe(5n);
    expect(budget.charges).toEqual([
      ['MemCpy', 24n],
      ['MemAlloc', 16n],
      ['MemCpy', 16n],
      ['InvokeVmFunction', undefined],
      ['DispatchHostFunction', undefined],
    ]);
    expect(budget.fuelCharged).toBe(70n); // entry 1, local.get 1, call 67, return 1
  });
});

describe('module cache bounds', () => {
  it('keeps at most maxEntries, least recently used out first', () => {
    const cache = new ModuleCache({ maxEntries: 2 });
    const opts = { ledgerProtocol: 23, meter: new RecordingBudget() };
    const bytes = contract('(module)');
    cache.parseAndCache('a', bytes, opts);
    cache.parseAndCache('b', bytes, opts);
    cache.get('a');
    cache.parseAndCache('c', bytes, opts);
    expect([cache.contains('a'), cache.contains('b'), cache.contains('c')]).toEqual([true, false, true]);
    expect(cache.size).toBe(2);
  });

  it('keeps at most maxBytes of WASM', () => {
    const bytes = contract('(module)');
    const cache = new ModuleCache({ maxBytes: bytes.length * 2 });
    const opts = { ledgerProtocol: 23, meter: new RecordingBudget() };
    for (const key of ['a', 'b', 'c']) cache.parseAndCache(key, bytes, opts);
    expect(cache.size).toBe(2);
    expect(cache.contains('a')).toBe(false);
  });

  it('keeps a module parsed elsewhere within the same bounds, once per hash', () => {
    const bytes = contract('(module)');
    const cache = new ModuleCache({ maxBytes: bytes.length * 2 });
    const parsed = parseContract(bytes, { ledgerProtocol: 23, meter: new RecordingBudget() });
    for (const key of ['a', 'b', 'b', 'c']) cache.set(key, parsed);
    expect([cache.contains('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([
      false,
      parsed,
      parsed,
      2,
    ]);
  });

  it('a parse failure caches nothing', () => {
    const cache = new ModuleCache();
    expect(() =>
      cache.parseAndCache('x', Uint8Array.from([1]), { ledgerProtocol: 23, meter: new RecordingBudget() }),
    ).toThrow();
    expect(cache.size).toBe(0);
  });
});
