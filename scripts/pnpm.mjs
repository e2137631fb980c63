#!/usr/bin/env node
// `node scripts/pnpm.mjs <args>`: the pinned pnpm, on a machine with only Node and npm.
import { pnpm, turboEnv } from './toolchain.mjs';

process.exit(pnpm(process.argv.slice(2), { env: turboEnv() }));
