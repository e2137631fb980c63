// TestEnv's budget option: each invocation runs under the limits given, as the Rust SDK's
// `reset_limits` sets them. Needs no test data: the Stellar Asset Contract is built in.
import { Asset } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { TestEnv } from '../../src/testing/test-env.js';

const call = (env: TestEnv) => {
  const token = env.registerStellarAsset(Asset.native().toXDRObject());
  return () => env.invoke(token, 'decimals');
};

describe('TestEnv budget limits', () => {
  it.each([
    { given: 'no limits (the host test budget)', budget: undefined, want: 'ok' },
    { given: 'room for the call', budget: { cpuInstructions: 10_000_000n }, want: 'ok' },
    {
      given: '1,000 instructions',
      budget: { cpuInstructions: 1_000n },
      want: 'Error(Budget, ExceededLimit)',
    },
    { given: '100 bytes of memory', budget: { memoryBytes: 100n }, want: 'Error(Budget, ExceededLimit)' },
  ])('$given: $want', ({ budget, want }) => {
    // Deploying runs under the same limits, so a tight budget may stop there already.
    const env = new TestEnv(budget ? { budget } : {});
    if (want !== 'ok') {
      expect(() => call(env)()).toThrow(want);
      return;
    }
    const invocation = call(env)();
    expect(invocation.result).toBe(7);
    expect(invocation.cpuInstructions).toBeLessThanOrEqual(budget?.cpuInstructions ?? 100_000_000n);
  });
});
