// Shared by the top-level commands: run the pinned pnpm without corepack, and install on demand.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../tools/browser-finder/src/index.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
export const pnpmSpec = manifest.packageManager; // e.g. "pnpm@10.34.8"

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Runs pnpm synchronously with inherited stdio; returns its exit code. */
export function pnpm(args, options = {}) {
  const result = spawnSync(npx, ['--yes', pnpmSpec, ...args], { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Runs pnpm synchronously and returns its standard output (throws when it fails). */
export function pnpmOutput(args, options = {}) {
  const result = spawnSync(npx, ['--yes', pnpmSpec, ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`pnpm ${args.join(' ')} exited with code ${result.status}`);
  return result.stdout;
}

/** Installs the workspace from the lockfile (a no-op when it is already in place). */
export function ensureInstalled() {
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  const code = pnpm(['install', ...frozen, '--prefer-offline', '--reporter=append-only']);
  if (code !== 0) {
    console.error('starspec: pnpm install failed');
    process.exit(code);
  }
}

/** The browser the tests will drive: its path, 'none', or 'invalid' (a CHROMIUM_PATH that is no executable). */
export function browserForTests() {
  try {
    return findChromium() ?? 'none';
  } catch {
    return 'invalid';
  }
}

/**
 * Turbo hashes these, so a run on another Node major, or with another browser (or none, when the
 * browser tests were skipped), never reuses test results of this one.
 */
export function turboEnv() {
  return {
    ...process.env,
    STARSPEC_NODE_MAJOR: process.versions.node.split('.')[0],
    STARSPEC_BROWSER: browserForTests(),
  };
}
