/** Linear memory access from the host, with mem_helper.rs's charges and errors. */
import { describe, expect, it } from 'vitest';
import { hostErrorOf, load, RecordingBudget } from './support.js';
import { contract } from './wat.js';

const WITH_MEMORY = '(module (memory (export "memory") 1) (data (i32.const 16) "soroban"))';

describe('linear memory', () => {
  it('reads and writes, charging MemCpy by length first', () => {
    const budget = new RecordingBudget();
    const vm = load(contract(WITH_MEMORY), budget);
    budget.charges.length = 0;
    expect(new TextDecoder().decode(vm.readBytes(16, 7))).toBe('soroban');
    vm.writeBytes(65530, Uint8Array.from([1, 2, 3, 4, 5, 6]));
    expect(vm.readBytes(65534, 2)).toEqual(Uint8Array.from([5, 6]));
    expect(budget.charges).toEqual([
      ['MemCpy', 7n],
      ['MemCpy', 6n],
      ['MemCpy', 2n],
    ]);
  });

  const bad: Array<{ name: string; act: (vm: ReturnType<typeof load>) => unknown }> = [
    { name: 'read past the end', act: (vm) => vm.readBytes(65535, 2) },
    { name: 'write past the end', act: (vm) => vm.writeBytes(65536, Uint8Array.from([1])) },
  ];
  it.each(bad)('$name -> (WasmVm, IndexBounds)', ({ act }) => {
    const vm = load(contract(WITH_MEMORY));
    expect(hostErrorOf(() => act(vm)).short).toBe('Error(WasmVm, IndexBounds)');
  });

  it('a module without an exported memory -> (WasmVm, MissingValue)', () => {
    const vm = load(contract('(module (memory 1))'));
    expect(hostErrorOf(() => vm.readBytes(0, 1)).short).toBe('Error(WasmVm, MissingValue)');
  });
});
