#!/usr/bin/env node
// The `starspec-horizon` command. It lives outside dist/ so that it exists before the first build (pnpm
// links it on install), and turns on Node's module compile cache where Node has one (>= 22.8)
// before loading the command itself.
import module from 'node:module';

module.enableCompileCache?.();
await import('../dist/cli.js');
