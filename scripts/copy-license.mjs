#!/usr/bin/env node
// prepack of every published package: the repository's LICENSE goes into the tarball.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './toolchain.mjs';

copyFileSync(join(root, 'LICENSE'), join(process.cwd(), 'LICENSE'));
