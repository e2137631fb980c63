// Every test run has its own temporary folder (scripts/vitest-tmpdir.ts), removed at the run's end,
// so no database, tarball or project a test creates outlives it.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test } from 'vitest';
import setupTempFolder from '../../../scripts/vitest-tmpdir.js';

test('this run writes into a folder of its own, and the processes it starts do too', () => {
  expect(basename(tmpdir())).toMatch(/^starspec-test-/);
  const child = execFileSync(process.execPath, ['-p', 'require("node:os").tmpdir()'], { encoding: 'utf8' });
  expect(child.trim()).toBe(tmpdir());
});

test('the folder and what tests left in it are gone when the run ends, and TMPDIR is restored', () => {
  const before = process.env.TMPDIR;
  const teardown = setupTempFolder();
  const folder = tmpdir();
  expect(folder).not.toBe(before);
  writeFileSync(join(folder, 'left-behind.db'), 'x');
  teardown();
  expect(existsSync(folder)).toBe(false);
  expect(process.env.TMPDIR).toBe(before);
});
