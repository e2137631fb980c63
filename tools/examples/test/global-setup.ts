// Packs every published package once for all test files, as `npm publish` would see them. The
// tarballs are kept in .pack-cache/ by the digest of what they are made of (src/pack-cache.ts): a
// run over the same build reuses them.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { publishedPackages } from '../../../scripts/published.mjs';
import { cachedPacks, packKey } from '../src/pack-cache.js';
import { packAll } from '../src/project.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export default function setup(project: TestProject) {
  const dirs = publishedPackages(root).map((pkg) => pkg.dir);
  const key = packKey(root, dirs, [join(root, 'LICENSE'), join(root, 'scripts', 'pack.mjs')]);
  project.provide('tarballs', cachedPacks(join(root, 'tools', 'examples', '.pack-cache'), key, packAll));
}

declare module 'vitest' {
  export interface ProvidedContext {
    tarballs: string[];
  }
}
