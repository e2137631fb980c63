// The test suite's one time limit (HANG_MS in vitest.config.ts), as the runner's wait for each
// answer: a slow machine makes a run slower, it does not fail a check.
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    hangMs: number;
  }
}

export const HANG_MS = inject('hangMs');
