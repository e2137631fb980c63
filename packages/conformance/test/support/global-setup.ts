// Builds dist/ when it is missing or older than src/: this package's (the CLI tests start
// dist/bin.js), the reference anchor's (the anchor tests start its dist/main.js), the ledger
// index's (the ledger-api tests start its gateway in-process, and the sandbox serves its REST face)
// and the sandbox's (the ledger tests start it in-process from its dist/index.js).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const ANCHOR_DIR = join(PACKAGE_DIR, '..', '..', 'apps', 'anchor');
const LEDGER_INDEX_DIR = join(PACKAGE_DIR, '..', 'ledger-index');
const SANDBOX_DIR = join(PACKAGE_DIR, '..', 'sandbox');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function build(dir: string, main: string): void {
  const built = join(dir, 'dist', main);
  if (existsSync(built) && statSync(built).mtimeMs >= newest(join(dir, 'src'))) return;
  const tsc = createRequire(join(PACKAGE_DIR, 'package.json')).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`building ${dir}/dist failed`);
}

export default function setup(): void {
  build(PACKAGE_DIR, 'bin.js');
  if (existsSync(join(ANCHOR_DIR, 'src', 'main.ts'))) build(ANCHOR_DIR, 'main.js');
  build(LEDGER_INDEX_DIR, 'index.js');
  build(SANDBOX_DIR, 'index.js');
}
