// The docs server of the main command: its --json protocol, DOCS_PORT, and what it serves.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePath } from '../src/static-server.mjs';

const appRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const serve = join(appRoot, 'src', 'serve.mjs');

/** A raw GET (or other method) that keeps the path exactly as written. */
function raw(
  url: string,
  path: string,
  method = 'GET',
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.path = path;
    req.end();
  });
}

describe('starspec-docs', () => {
  let child: ChildProcess;
  let lines: Record<string, unknown>[];
  let url: string;

  beforeAll(async () => {
    child = spawn(process.execPath, [serve, '--json'], {
      env: { ...process.env, DOCS_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    lines = [];
    const stdout = child.stdout;
    if (!stdout) throw new Error('no stdout');
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`starspec-docs exited with ${code}`)));
      createInterface({ input: stdout }).on('line', (line) => {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        lines.push(parsed);
        if (parsed.ready) resolve();
      });
    });
    url = String(lines[0]?.url);
  });

  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('prints its endpoint then ready, as JSON lines, on the port DOCS_PORT gives', () => {
    expect(lines).toEqual([
      { name: 'docs', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) },
      { ready: true },
    ]);
    expect(url).not.toMatch(/:4000$/);
  });

  it('serves the site', async () => {
    const home = await raw(url, '/');
    expect(home.status).toBe(200);
    expect(home.type).toBe('text/html; charset=utf-8');
    expect(home.body).toContain('<title>starspec contracts</title>');
    expect((await raw(url, '/mapping.html')).status).toBe(200);
    expect((await raw(url, '/assets/site.css')).type).toBe('text/css; charset=utf-8');
    expect((await raw(url, '/contracts/ledger-api.openapi.yaml')).type).toBe(
      'application/yaml; charset=utf-8',
    );
    expect((await raw(url, '/index.html', 'HEAD')).body).toBe('');
  });

  it('answers 404 for missing files, 405 for other methods, and never leaves the site folder', async () => {
    expect((await raw(url, '/nope.html')).status).toBe(404);
    expect((await raw(url, '/', 'POST')).status).toBe(405);
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const answer = await raw(url, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toContain('@starspec/docs');
    }
    expect((await raw(url, '/%E0%A4%A')).status).toBe(400);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    child.removeAllListeners('exit');
    const stopped = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  });
});

describe('starspec-docs options', () => {
  it('prints its help', () => {
    const run = spawnSync(process.execPath, [serve, '-h'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: starspec-docs');
    expect(run.stdout).toContain('DOCS_PORT');
  });

  it('refuses a bad port and unknown options with exit code 2', () => {
    const bad = spawnSync(process.execPath, [serve], {
      encoding: 'utf8',
      env: { ...process.env, DOCS_PORT: 'x' },
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("DOCS_PORT must be a port number, got 'x'");
    expect(spawnSync(process.execPath, [serve, '--nope'], { encoding: 'utf8' }).status).toBe(2);
  });

  it('fails with exit code 1 when there is no built site', () => {
    const run = spawnSync(process.execPath, [serve, '--dir', join(appRoot, 'test')], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('build it first');
  });
});

describe('resolvePath', () => {
  it('keeps paths inside the root and maps folders to index.html', () => {
    expect(resolvePath('/srv/site', '/')).toBe('/srv/site/index.html');
    expect(resolvePath('/srv/site', '/a/b.html')).toBe('/srv/site/a/b.html');
    expect(resolvePath('/srv/site', '/../etc/passwd')).toBe('/srv/site/etc/passwd');
    expect(resolvePath('/srv/site', '/%2e%2e/x')).toBe('/srv/site/x');
    expect(resolvePath('/srv/site', '/a%00b')).toBeUndefined();
    expect(resolvePath('/srv/site', '/%zz')).toBeUndefined();
  });
});
