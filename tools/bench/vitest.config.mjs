import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    include: ['test/**/*.test.mjs'],
    // The toolchain tests start Node and pnpm processes: slow on a busy machine, never a hang.
    testTimeout: 120_000,
  },
});
