// Types of toolchain.mjs for the TypeScript tests that import it (only what they use).
import type { SpawnSyncOptions } from 'node:child_process';

export const root: string;
/** Runs pnpm synchronously and returns its standard output (throws when it fails). */
export function pnpmOutput(args: string[], options?: SpawnSyncOptions): string;
/** The environment turbo runs with: the caller's, plus the Node major and the browser for tests. */
export function turboEnv(): NodeJS.ProcessEnv;
