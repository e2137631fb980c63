#!/usr/bin/env node
// `npm test`: installs what is missing, then lints the specs and the code and runs every package's tests.
// Extra arguments go to turbo (e.g. `npm test -- --force`).
import { ensureInstalled, pnpm, turboEnv } from './toolchain.mjs';

console.log(`starspec: testing on Node ${process.version}`);
ensureInstalled();
const code = pnpm(
  [
    'exec',
    'turbo',
    'run',
    'lint:specs',
    'lint:code',
    'lint',
    'test',
    '--output-logs=new-only',
    ...process.argv.slice(2),
  ],
  {
    env: turboEnv(),
  },
);
process.exit(code);
