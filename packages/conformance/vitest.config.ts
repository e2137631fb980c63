import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    include: ['test/**/*.test.ts'],
    // The CLI tests start dist/bin.js, and the anchor tests the reference anchor's dist/main.js:
    // both are built first when missing or older than their sources.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
