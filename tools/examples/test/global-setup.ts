// Packs every published package once for all test files, as `npm publish` would see them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { packAll } from '../src/project.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export default function setup(project: TestProject) {
  const into = join(mkdtempSync(join(tmpdir(), 'starspec-tarballs-')), 'tarballs');
  project.provide('tarballs', packAll(into));
}

declare module 'vitest' {
  export interface ProvidedContext {
    tarballs: string[];
  }
}
