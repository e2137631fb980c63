import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { listen } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { honestRate, type StubAnchor, startAnchor } from '../support/anchors.js';
import { CLIENT_SECRET, token, USD, USDC } from '../support/platform.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** The JSON lines of a `--json` start, up to `{"ready":true}`. */
function readyLines(child: ChildProcess): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const lines: unknown[] = [];
    const reader = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    reader.on('line', (line) => {
      const value = JSON.parse(line) as { ready?: boolean };
      lines.push(value);
      if (value.ready) resolve(lines);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready`)));
  });
}

describe('starspec-platform (dist/main.js)', () => {
  let anchor: StubAnchor;
  beforeAll(async () => {
    expect(existsSync(MAIN), 'build first: dist/main.js').toBe(true);
    anchor = await startAnchor(honestRate());
  });
  afterAll(() => anchor.close());

  it('--help describes the options and every environment variable', async () => {
    const { exited, output } = run(['--help']);
    expect(await exited).toBe(0);
    for (const word of [
      '--json',
      'HOST',
      'PORT',
      'ANCHOR_URL',
      'ANCHOR_JWT_SECRET',
      'ANCHOR_API_KEY',
      'CLIENT_JWT_SECRET',
      'ASSETS_FILE',
    ]) {
      expect(output().stdout).toContain(word);
    }
  });

  it('exits 2 on an unknown option or a bad setting', async () => {
    const unknown = run(['--frobnicate']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.output().stderr).toContain('frobnicate');
    const badPort = run([], { PORT: 'eighty' });
    expect(await badPort.exited).toBe(2);
    expect(badPort.output().stderr).toContain('PORT');
    const shortSecret = run([], { CLIENT_JWT_SECRET: 'short' });
    expect(await shortSecret.exited).toBe(2);
    expect(shortSecret.output().stderr).toContain('CLIENT_JWT_SECRET must be at least 32 bytes');
  });

  it('exits 1 when the port is taken', async () => {
    const blocker = createServer();
    const url = await listen(blocker as never);
    try {
      const taken = run([], { PORT: new URL(url).port });
      expect(await taken.exited).toBe(1);
      expect(taken.output().stderr).toContain('cannot listen');
    } finally {
      blocker.close();
    }
  });

  it('--json prints its URL then ready, serves prices and quotes, and stops on SIGTERM', async () => {
    const { child, exited } = run(['--json'], { ANCHOR_URL: anchor.url, CLIENT_JWT_SECRET: CLIENT_SECRET });
    try {
      const lines = await readyLines(child);
      expect(lines).toHaveLength(2);
      const [endpoint, ready] = lines as [{ name: string; url: string }, unknown];
      expect(endpoint.name).toBe('platform');
      expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(ready).toEqual({ ready: true });

      const query = new URLSearchParams({
        sell_asset: USD,
        buy_asset: USDC,
        sell_amount: '103',
        context: 'sep31',
      });
      const price = await fetch(`${endpoint.url}/price?${query}`);
      expect(price.status).toBe(200);
      expect(await price.json()).toMatchObject({ price: '1.02', buy_amount: '100' });
      const quote = await fetch(`${endpoint.url}/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
        body: JSON.stringify({ sell_asset: USD, buy_asset: USDC, sell_amount: '103', context: 'sep31' }),
      });
      expect(quote.status).toBe(201);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('listens on HOST: every address with 0.0.0.0, reachable through the loopback too', async () => {
    const { child, exited } = run(['--json'], { HOST: '0.0.0.0', ANCHOR_URL: anchor.url });
    try {
      const [endpoint] = (await readyLines(child)) as [{ url: string }];
      expect(endpoint.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
      const port = new URL(endpoint.url).port;
      const query = new URLSearchParams({
        sell_asset: USD,
        buy_asset: USDC,
        sell_amount: '103',
        context: 'sep31',
      });
      expect((await fetch(`http://127.0.0.1:${port}/price?${query}`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('without --json prints one line with its URL and the anchor', async () => {
    const { child, exited, output } = run([], { ANCHOR_URL: anchor.url });
    await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output().stdout).toMatch(
      new RegExp(`^platform: http://127\\.0\\.0\\.1:\\d+ \\(anchor ${anchor.url}\\)\\n$`),
    );
  });
});
