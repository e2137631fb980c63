import { describe, expect, it } from 'vitest';
import { TestEnv } from '../../src/testing/test-env.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';

describe.skipIf(!sorobanData)(
  `TestEnv with the host's test contracts (${sorobanData ? 'data present' : NO_SOROBAN_DATA})`,
  () => {
    it('add_i32: 4 + 7 = 11, with the event it emits', () => {
      const env = new TestEnv();
      const id = env.register(readSoroban('wasm/20/example_add_i32.wasm'));
      const call = env.invoke(id, 'add', [4, 7]);
      expect(call.result).toBe(11);
      expect(call.events).toHaveLength(1);
      expect(call.cpuInstructions).toBeGreaterThan(0n);
    });

    it('add_i32 overflowing is the VM error the host gives', () => {
      const env = new TestEnv();
      const id = env.register(readSoroban('wasm/20/example_add_i32.wasm'));
      expect(() => env.invoke(id, 'add', [4, 2147483647])).toThrow('Error(WasmVm, InvalidAction)');
    });
  },
);
