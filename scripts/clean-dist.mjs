#!/usr/bin/env node
// Run before a package's build: dist/ holds only what this build writes, so a tarball never ships
// the output of a source file that is gone.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

rmSync(join(process.cwd(), 'dist'), { recursive: true, force: true });
