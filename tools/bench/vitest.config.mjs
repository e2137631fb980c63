import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    include: ['test/**/*.test.mjs'],
  },
});
