// Shared by the top-level commands: run the pinned pnpm without corepack, and install on demand.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../tools/browser-finder/src/index.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
export const pnpmSpec = manifest.packageManager; // e.g. "pnpm@10.34.8"

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// The pinned pnpm lives in .tools/pnpm-<version>: installed by npm on first use, then run by path.
// (`npx --yes pnpm@…` on every call cost about a second each: npm resolving the spec again.)
const toolDir = join(root, '.tools', pnpmSpec.replace('@', '-'));
const entry = join(toolDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

function installPnpm() {
  console.error(`starspec: installing ${pnpmSpec} (npm) into .tools/${pnpmSpec.replace('@', '-')}`);
  // Installed beside its final place and moved in whole, so a concurrent first run never sees half of it.
  const staging = `${toolDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const result = spawnSync(
    npm,
    ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', pnpmSpec],
    { stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' },
  );
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`npm install ${pnpmSpec} exited with code ${result.status}`);
  try {
    renameSync(staging, toolDir);
  } catch (error) {
    // Another command installed it first: keep theirs.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
}

let located;
/** The pinned pnpm's entry script and its bin folder, installing it on first use. */
export function locatePnpm() {
  if (!located) {
    if (!existsSync(entry)) installPnpm();
    located = { entry, bin: join(toolDir, 'node_modules', '.bin') };
  }
  return located;
}

/**
 * `exec <bin>` of a root devDependency (turbo, biome) runs the bin itself with the environment
 * `pnpm exec` gives it, saving pnpm's own start-up (~0.35 s); anything else goes through pnpm.
 */
function directBin(args, options) {
  if (process.platform === 'win32' || args[0] !== 'exec' || !/^[\w@./-]+$/.test(args[1] ?? ''))
    return undefined;
  if (options.cwd !== undefined && options.cwd !== root) return undefined;
  const bin = join(root, 'node_modules', '.bin', args[1]);
  return existsSync(bin) ? bin : undefined;
}

/** spawnSync of the pinned pnpm; its bin folder goes first on PATH so turbo and scripts find the same pnpm. */
function spawnPnpm(args, options) {
  const { entry: script, bin } = locatePnpm();
  const env = options.env ?? process.env;
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const path = `${bin}${delimiter}${env[pathKey] ?? ''}`;
  const direct = directBin(args, options);
  if (direct) {
    return spawnSync(direct, args.slice(2), {
      cwd: root,
      ...options,
      env: {
        ...env,
        [pathKey]: `${join(root, 'node_modules', '.bin')}${delimiter}${path}`,
        PNPM_PACKAGE_NAME: manifest.name,
        npm_command: 'exec',
        npm_config_user_agent: `${pnpmSpec.replace('@', '/')} npm/? node/${process.version} ${process.platform} ${process.arch}`,
      },
    });
  }
  return spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    ...options,
    env: { ...env, [pathKey]: path },
  });
}

/** Runs pnpm synchronously with inherited stdio; returns its exit code. */
export function pnpm(args, options = {}) {
  const result = spawnPnpm(args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Runs pnpm synchronously and returns its standard output (throws when it fails). */
export function pnpmOutput(args, options = {}) {
  const result = spawnPnpm(args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`pnpm ${args.join(' ')} exited with code ${result.status}`);
  return result.stdout;
}

/**
 * The pnpm arguments that build every package. Only a failing task's output is shown, and with
 * turbo.json's `errorsOnlyShowHash` one line per package as it finishes: a fresh clone's build
 * takes a minute or more and is not silent meanwhile.
 */
export const BUILD = ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'];

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
