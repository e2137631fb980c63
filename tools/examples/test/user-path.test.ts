// The path a user takes today: `npm run pack` in a clone, `npm install` the tarballs into a fresh npm
// project (no overrides, no workspace), import every entry point, run every bin through npx.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

interface Manifest {
  name: string;
  version: string;
  exports?: Record<string, unknown>;
  bin?: Record<string, string>;
}

let project = '';
let installed: Manifest[] = [];

beforeAll(() => {
  project = join(mkdtempSync(join(tmpdir(), 'starspec-user-')), 'app');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'app', private: true, type: 'module' }),
  );
  execFileSync(
    npm,
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...inject('tarballs')],
    {
      cwd: project,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  installed = Object.keys(manifest.dependencies).map(
    (name) =>
      JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as Manifest,
  );
});

/** Imports a module in the user's project and lists its export names. */
async function exportsOf(specifier: string): Promise<string[]> {
  const script = `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m)));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
  return JSON.parse(stdout) as string[];
}

/** Bytes of a data entry (a contract document) as the user's project resolves it. */
async function sizeOf(specifier: string): Promise<number> {
  const script = `import { statSync } from 'node:fs'; import { fileURLToPath } from 'node:url';
console.log(statSync(fileURLToPath(import.meta.resolve(${JSON.stringify(specifier)}))).size);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
  return Number(stdout);
}

/** Every specifier a package's exports map allows: wildcard entries expanded over the files they match. */
function entriesOf(m: Manifest): string[] {
  return Object.entries(m.exports ?? { '.': './index.js' }).flatMap(([subpath, target]) => {
    if (!subpath.includes('*')) return [`${m.name}${subpath.slice(1)}`];
    const folder = String(target).replace(/^\.\//, '').replace(/\*.*$/, '');
    return readdirSync(join(project, 'node_modules', m.name, folder)).map(
      (file) => `${m.name}${subpath.slice(1).replace('*', file)}`,
    );
  });
}

describe('a fresh npm project with the packed packages', () => {
  it('installs every published package from its tarball', () => {
    expect(installed.map((m) => m.name).sort()).toEqual(
      inject('tarballs')
        .map((t) => `@${/([^/]+)-\d+\.\d+\.\d+\.tgz$/.exec(t)?.[1]?.replace(/^starspec-/, 'starspec/')}`)
        .sort(),
    );
  });

  it('imports every entry point of every package', async () => {
    const entries = installed.flatMap(entriesOf);
    expect(entries.length).toBeGreaterThan(installed.length);
    for (const entry of entries) {
      if (/\.(json|ya?ml)$/.test(entry)) expect(await sizeOf(entry), entry).toBeGreaterThan(0);
      else expect((await exportsOf(entry)).length, entry).toBeGreaterThan(0);
    }
  });

  it('exports from each main entry everything its /client entry has', async () => {
    for (const m of installed.filter((m) => m.exports?.['./client'])) {
      const main = new Set(await exportsOf(m.name));
      const missing = (await exportsOf(`${m.name}/client`)).filter((name) => !main.has(name));
      expect(missing, m.name).toEqual([]);
    }
  });

  it('runs every bin through npx, with --help and --version', async () => {
    const bins = installed.flatMap((m) =>
      Object.keys(m.bin ?? {}).map((bin) => ({ bin, version: m.version })),
    );
    expect(bins.length).toBeGreaterThanOrEqual(3);
    for (const { bin, version } of bins) {
      const help = await run(npx, [bin, '--help'], { cwd: project });
      expect(help.stdout, bin).toMatch(/usage/i);
      const shown = await run(npx, [bin, '--version'], { cwd: project });
      expect(shown.stdout.trim(), bin).toContain(version);
    }
  });

  // The sandbox's bundle is split: the REST face is a chunk it reads on first use, with libsql
  // from the user's node_modules.
  it('starts starspec-sandbox through npx; its RPC and its REST face answer', async () => {
    const child = spawn(npx, ['starspec-sandbox', '--port', '0', '--json', '--close-every', 'manual'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'inherit'],
      // Its own process group: npx and the sandbox it starts stop together.
      detached: true,
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const ready = await new Promise<{ url: string; rpcUrl: string }>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`starspec-sandbox exited with ${code}`)));
        createInterface({ input: child.stdout }).on('line', (line) => {
          const event = JSON.parse(line) as { ready?: boolean; url: string; rpcUrl: string };
          if (event.ready) resolve(event);
        });
      });
      const health = await fetch(ready.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
      });
      expect(((await health.json()) as { result: { status: string } }).result.status).toBe('healthy');
      const ledger = await fetch(`${ready.url}/ledgers/2`);
      expect(ledger.status).toBe(200);
      expect(((await ledger.json()) as { sequence: number }).sequence).toBe(2);
    } finally {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  });
});
