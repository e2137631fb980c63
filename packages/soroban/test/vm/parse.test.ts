import { describe, expect, it } from 'vitest';
import { HostError } from '../../src/errors/host-error.js';
import { extractCostInputs } from '../../src/vm/cost-inputs.js';
import { parseContract } from '../../src/vm/parse.js';
import { readSoroban, sorobanData } from '../support/shared.js';
import { RecordingBudget, testWasms } from './support.js';

function hostErrorOf(f: () => unknown): HostError {
  try {
    f();
  } catch (e) {
    if (e instanceof HostError) return e;
    throw e;
  }
  throw new Error('expected a HostError');
}

describe.skipIf(!sorobanData)('every test contract parses at protocol 23', () => {
  const wasms = testWasms().filter(([path, p]) => p !== 'hostile' && !path.endsWith('example_add_f32.wasm'));
  it.each(wasms)('%s', (path) => {
    const bytes = readSoroban(path);
    const parsed = parseContract(bytes, { ledgerProtocol: 23, meter: new RecordingBudget() });
    expect(parsed.interfaceVersion.preRelease).toBe(0);
    expect(parsed.spec?.length ?? 0).toBeGreaterThan(0);
    extractCostInputs(parsed.module);
  });

  it('refuses the float contract with (WasmVm, InvalidAction)', () => {
    const bytes = readSoroban('wasm/20/example_add_f32.wasm');
    const e = hostErrorOf(() => parseContract(bytes, { ledgerProtocol: 23, meter: new RecordingBudget() }));
    expect(e.short).toBe('Error(WasmVm, InvalidAction)');
  });
});
