/**
 * Upload/instantiation checks, with the errors test/hostile.rs and vm/parsed_module.rs give:
 * wasmi's validation failures are (WasmVm, InvalidAction), meta-section and cost-input refusals
 * (WasmVm, InvalidInput), limiter refusals (Budget, ExceededLimit).
 */
import { describe, expect, it } from 'vitest';
import { MAX_PROTOCOL } from '../../src/interface/index.js';
import { extractCostInputs } from '../../src/vm/cost-inputs.js';
import { instantiate } from '../../src/vm/instance.js';
import { parseContract } from '../../src/vm/parse.js';
import { hostErrorOf, load, RecordingBudget } from './support.js';
import { contract, metaEntry, watBytes, withCustomSection } from './wat.js';

const EMPTY = '(module)';
const parse = (bytes: Uint8Array, ledgerProtocol = 23) =>
  parseContract(bytes, { ledgerProtocol, meter: new RecordingBudget() });

describe('contractenvmetav0', () => {
  const cases: Array<{ name: string; bytes: () => Uint8Array; ledger?: number; want: string | undefined }> = [
    { name: 'no custom section', bytes: () => watBytes(EMPTY), want: 'Error(WasmVm, InvalidInput)' },
    {
      name: 'another custom section only',
      bytes: () => withCustomSection(watBytes(EMPTY), 'custom', new Uint8Array(7).fill(24)),
      want: 'Error(WasmVm, InvalidInput)',
    },
    {
      name: 'the meta under the wrong name',
      bytes: () => withCustomSection(watBytes(EMPTY), 'contractenvmetav1', metaEntry(20)),
      want: 'Error(WasmVm, InvalidInput)',
    },
    {
      name: 'an empty meta section',
      bytes: () => withCustomSection(watBytes(EMPTY), 'contractenvmetav0', new Uint8Array()),
      want: 'Error(WasmVm, InvalidInput)',
    },
    {
      name: 'a truncated entry',
      bytes: () => withCustomSection(watBytes(EMPTY), 'contractenvmetav0', new Uint8Array(5)),
      want: 'Error(Value, InvalidInput)',
    },
    { name: 'a future protocol', bytes: () => contract(EMPTY, 24), want: 'Error(WasmVm, InvalidInput)' },
    {
      name: 'an old protocol with a pre-release',
      bytes: () => contract(EMPTY, 22, 1),
      want: 'Error(WasmVm, InvalidInput)',
    },
    {
      name: 'the current protocol, other pre-release',
      bytes: () => contract(EMPTY, 23, 1),
      want: 'Error(WasmVm, InvalidInput)',
    },
    { name: 'an old protocol', bytes: () => contract(EMPTY, 20), want: undefined },
    {
      name: 'protocol 22 on a protocol-22 ledger',
      bytes: () => contract(EMPTY, 22),
      ledger: 22,
      want: undefined,
    },
    {
      name: 'a contract of the newest protocol on a ledger of it',
      bytes: () => contract(EMPTY, MAX_PROTOCOL),
      ledger: MAX_PROTOCOL,
      want: undefined,
    },
    {
      name: 'protocol 23 on a protocol-22 ledger',
      bytes: () => contract(EMPTY, 23),
      ledger: 22,
      want: 'Error(WasmVm, InvalidInput)',
    },
    {
      name: 'a ledger ahead of the host',
      bytes: () => contract(EMPTY, 23),
      ledger: MAX_PROTOCOL + 1,
      want: 'Error(Context, InternalError)',
    },
  ];
  it.each(cases)('$name -> $want', ({ bytes, ledger, want }) => {
    if (want === undefined) expect(parse(bytes(), ledger).interfaceVersion.preRelease).toBe(0);
    else expect(hostErrorOf(() => parse(bytes(), ledger)).short).toBe(want);
  });

  it("refuses a ledger past the host's env protocol, as a host pinned to an older one must", () => {
    const bytes = contract(EMPTY, 23);
    const pinned = (ledgerProtocol: number) =>
      parseContract(bytes, { ledgerProtocol, envProtocol: 23, meter: new RecordingBudget() });
    expect(pinned(23).interfaceVersion.protocol).toBe(23);
    expect(hostErrorOf(() => pinned(24)).short).toBe('Error(Context, InternalError)');
  });

  it('keeps the spec section for clients', () => {
    const spec = Uint8Array.from([1, 2, 3]);
    expect(parse(withCustomSection(contract(EMPTY), 'contractspecv0', spec)).spec).toEqual(spec);
  });
});

describe('features and structure (wasmi with the host config)', () => {
  const cases: Array<{ name: string; wat: string; features?: Record<string, boolean>; want: string }> = [
    {
      name: 'floats',
      wat: '(module (func (result f32) (f32.const 1)))',
      want: 'Error(WasmVm, InvalidAction)',
    },
    { name: 'float locals', wat: '(module (func (local f64)))', want: 'Error(WasmVm, InvalidAction)' },
    {
      name: 'multi-value',
      wat: '(module (func (result i64 i64) (i64.const 1) (i64.const 2)))',
      features: { multi_value: true },
      want: 'Error(WasmVm, InvalidAction)',
    },
    {
      name: 'reference types',
      wat: '(module (func (param externref)))',
      features: { reference_types: true },
      want: 'Error(WasmVm, InvalidAction)',
    },
    {
      name: 'tail calls',
      wat: '(module (func $f (return_call $f)))',
      features: { tail_call: true },
      want: 'Error(WasmVm, InvalidAction)',
    },
    {
      name: 'an invalid body',
      wat: '(module (func (result i64) (i32.const 1)))',
      want: 'Error(WasmVm, InvalidAction)',
    },
    {
      name: 'a 33-parameter export',
      wat: `(module (func (export "f") (param ${'i64 '.repeat(33)}) (result i64) (i64.const 0)))`,
      want: 'Error(WasmVm, InvalidInput)',
    },
  ];
  it.each(cases)('$name -> $want', ({ wat, features, want }) => {
    const bytes = withCustomSection(watBytes(wat, features), 'contractenvmetav0', metaEntry(23));
    expect(hostErrorOf(() => parse(bytes)).short).toBe(want);
  });

  it('refuses two memories', () => {
    const twoMemories = Uint8Array.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 5, 5, 2, 0, 1, 0, 1]);
    const bytes = withCustomSection(twoMemories, 'contractenvmetav0', metaEntry(23));
    expect(hostErrorOf(() => parse(bytes)).short).toBe('Error(WasmVm, InvalidAction)');
  });

  it('refuses garbage', () => {
    expect(hostErrorOf(() => parse(Uint8Array.from([1, 2, 3]))).short).toBe('Error(WasmVm, InvalidAction)');
  });
});

describe('instantiation', () => {
  const known = { x: { _: (v: bigint) => v } };
  const cases: Array<{ name: string; wat: string; budget?: () => RecordingBudget; want: string }> = [
    { name: 'a start function', wat: '(module (func $s) (start $s))', want: 'Error(WasmVm, InvalidAction)' },
    {
      name: 'an unknown import',
      wat: '(module (import "x" "9" (func (param i64) (result i64))))',
      want: 'Error(WasmVm, InvalidAction)',
    },
    {
      name: 'an import of the wrong type',
      wat: '(module (import "x" "_" (func (param i32) (result i64))))',
      want: 'Error(WasmVm, InvalidAction)',
    },
    {
      name: 'a memory import',
      wat: '(module (import "x" "m" (memory 1)))',
      want: 'Error(WasmVm, InvalidAction)',
    },
    {
      name: 'initial memory over the memory budget',
      wat: '(module (memory 64))',
      budget: () => new RecordingBudget(100_000_000n, 1_000_000n),
      want: 'Error(Budget, ExceededLimit)',
    },
    {
      name: 'a table over 1000 entries',
      wat: '(module (table 1001 funcref))',
      want: 'Error(Budget, ExceededLimit)',
    },
    {
      name: 'a data segment past memory',
      wat: '(module (memory 1) (data (i32.const 65530) "0123456789"))',
      want: 'Error(WasmVm, IndexBounds)',
    },
    {
      name: 'an element segment past the table',
      wat: '(module (table 2 funcref) (func $f) (elem (i32.const 1) $f $f))',
      want: 'Error(WasmVm, InvalidAction)',
    },
  ];
  it.each(cases)('$name -> $want', ({ wat, budget, want }) => {
    expect(hostErrorOf(() => load(contract(wat), budget?.(), known)).short).toBe(want);
  });

  it('checks imports at both the contract protocol and the ledger protocol', () => {
    const parsed = parse(contract('(module (import "x" "_" (func (param i64) (result i64))))', 20));
    const since21 = (_m: string, _n: string, p: number) => p >= 21;
    const options = { budget: new RecordingBudget(), ledgerProtocol: 23, isImportKnown: since21 };
    expect(hostErrorOf(() => instantiate(parsed, known, options)).short).toBe('Error(WasmVm, InvalidAction)');
    const always = { ...options, isImportKnown: () => true };
    expect(instantiate(parsed, known, always).contractProtocol).toBe(20);
  });

  it("refuses to instantiate a cached module once the ledger is past the host's env protocol", () => {
    const parsed = parse(contract(EMPTY, 23));
    const options = { budget: new RecordingBudget(), ledgerProtocol: 24, isImportKnown: () => true };
    expect(instantiate(parsed, {}, options).contractProtocol).toBe(23);
    const pinned = { ...options, envProtocol: 23 };
    expect(hostErrorOf(() => instantiate(parsed, {}, pinned)).short).toBe('Error(Context, InternalError)');
  });

  it('refuses an import whose arity differs from the interface', () => {
    const parsed = parse(contract('(module (import "x" "_" (func (param i64) (result i64))))'));
    const options = {
      budget: new RecordingBudget(),
      ledgerProtocol: 23,
      isImportKnown: () => true,
      importArity: () => 2,
    };
    expect(hostErrorOf(() => instantiate(parsed, known, options)).short).toBe('Error(WasmVm, InvalidAction)');
  });
});

describe('refined cost inputs (extract_refined_contract_cost_inputs)', () => {
  it('counts as wasmparser does', () => {
    const wat = `(module
      (type (func (param i64) (result i64)))
      (type (func))
      (import "x" "_" (func (type 0)))
      (table 4 funcref)
      (memory 1)
      (global (mut i64) (i64.const 0))
      (global i32 (i32.const 1))
      (func (type 1))                       ;; 1 operator: end
      (func (type 0) (local.get 0))         ;; 2 operators
      (elem (i32.const 0) 1 2)
      (data (i32.const 0) "abc")
      (data (i32.const 8) "de")
      (export "a" (func 2))
      (export "m" (memory 0)))`;
    expect(extractCostInputs(parse(contract(wat)).module)).toEqual({
      nInstructions: 3,
      nFunctions: 2,
      nGlobals: 2,
      nTableEntries: 4,
      nTypes: 2,
      nDataSegments: 2,
      nElemSegments: 1,
      nImports: 1,
      nExports: 2,
      nDataSegmentBytes: 5,
    });
  });

  const refusals: Array<{ name: string; wat: string }> = [
    {
      name: 'a global initialised from a global',
      wat: '(module (import "x" "g" (global i64)) (global i64 (global.get 0)))',
    },
    { name: 'data larger than memory', wat: '(module (memory 0) (data (i32.const 0) "a"))' },
    {
      name: 'elements beyond the table',
      wat: '(module (table 1 funcref) (func $f) (elem (i32.const 0) $f $f))',
    },
    { name: 'a start section', wat: '(module (func $s) (start $s))' },
  ];
  it.each(refusals)('refuses $name with (WasmVm, InvalidInput)', ({ wat }) => {
    expect(hostErrorOf(() => extractCostInputs(parse(contract(wat)).module)).short).toBe(
      'Error(WasmVm, InvalidInput)',
    );
  });
});
