import { describe, expect, it } from 'vitest';
import { HostError } from '../src/errors/host-error.js';

describe('HostError', () => {
  const cases = [
    { given: new HostError('WasmVm', 'InvalidAction'), want: 'Error(WasmVm, InvalidAction)' },
    { given: new HostError('Contract', 3), want: 'Error(Contract, #3)' },
    { given: new HostError('Budget', 'ExceededLimit', 'cpu'), want: 'Error(Budget, ExceededLimit)' },
  ];
  it.each(cases)('prints $want as the host does', ({ given, want }) => {
    expect(given.short).toBe(want);
    expect(given.message.startsWith(want)).toBe(true);
  });

  it('compares by type and code', () => {
    const error = new HostError('Object', 'IndexBounds');
    expect(error.is('Object', 'IndexBounds')).toBe(true);
    expect(error.is('Object', 1)).toBe(true);
    expect(error.is('Value', 'IndexBounds')).toBe(false);
  });
});
