// The command: --help, the --json start-up protocol of the main command, SIGTERM, bad configuration.
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess, startProcess } from '../support/process.js';

const db = () => join(mkdtempSync(join(tmpdir(), 'anchor-cli-')), 'anchor.db');

describe('starspec-anchor', () => {
  it('prints its usage and the environment it reads', async () => {
    const { code, stdout } = await runProcess({}, ['--help']);
    expect(code).toBe(0);
    for (const name of [
      'PORT',
      'DATABASE_PATH',
      'ASSETS_FILE',
      'CALLBACK_API_AUTH_TYPE',
      'SECRET_CALLBACK_API_AUTH_SECRET',
      'CALLBACK_API_AUTH_JWT_HTTP_HEADER',
    ]) {
      expect(stdout).toContain(name);
    }
  });

  it('exits 2 on an unknown option', async () => {
    const { code, stderr } = await runProcess({}, ['--bogus']);
    expect(code).toBe(2);
    expect(stderr).toContain('--bogus');
  });

  it('prints {name, url} then {ready} and serves; SIGTERM stops it with 0', async () => {
    const started = await startProcess({ DATABASE_PATH: db() });
    expect(JSON.parse(started.lines[0] ?? '')).toEqual({ name: 'anchor', url: started.url });
    expect(JSON.parse(started.lines[1] ?? '')).toEqual({ ready: true });
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await fetch(`${started.url}/customer`);
    expect(answer.status).toBe(200);
    // A request under way when SIGTERM arrives is still answered.
    const inFlight = fetch(
      `${started.url}/rate?type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:native&sell_amount=100`,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    started.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await started.exited).toEqual({ code: 0, signal: null });
  });

  it('answers every request already sent when SIGTERM arrives', async () => {
    const started = await startProcess({ DATABASE_PATH: db() });
    const { port } = new URL(started.url);
    const count = 40;
    let connected = 0;
    let allConnected: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      allConnected = resolve;
    });
    const answers = Array.from({ length: count }, (_, i) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('error', () => {});
      socket.on('connect', () => {
        socket.write(
          `GET /rate?type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:native&sell_amount=${100 + i} HTTP/1.1\r\nHost: x\r\n\r\n`,
          () => {
            connected += 1;
            if (connected === count) allConnected();
          },
        );
      });
      return new Promise<string>((resolve) => socket.on('close', () => resolve(text.split('\r\n')[0] ?? '')));
    });
    // Every request is on the wire before the signal: the server must answer each one.
    await ready;
    started.child.kill('SIGTERM');
    expect(await Promise.all(answers)).toEqual(Array(count).fill('HTTP/1.1 200 OK'));
    expect(await started.exited).toEqual({ code: 0, signal: null });
  });

  it.each([
    ['jwt', 'too-short', 'the shared secret must be at least 32 bytes (HS256); it has 9'],
    ['jwt', ' '.repeat(32), 'the shared secret is empty or only whitespace'],
    ['api_key', 'short-key', 'the API key must be at least 16 bytes; it has 9'],
  ])(
    'refuses to start with auth %s and the secret %j: exit 1 and the reason',
    async (type, secret, reason) => {
      const { code, stdout, stderr } = await runProcess(
        { DATABASE_PATH: db(), CALLBACK_API_AUTH_TYPE: type, SECRET_CALLBACK_API_AUTH_SECRET: secret },
        ['--json'],
      );
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `starspec-anchor: SECRET_CALLBACK_API_AUTH_SECRET: ${reason} (CALLBACK_API_AUTH_TYPE=${type})\n`,
      );
    },
  );

  it('refuses to start with a broken asset file', async () => {
    const { code, stderr } = await runProcess(
      { DATABASE_PATH: db(), ASSETS_FILE: '/nonexistent/assets.yaml' },
      ['--json'],
    );
    expect(code).toBe(1);
    expect(stderr).toContain('/nonexistent/assets.yaml');
  });

  it('starts with authentication when configured', async () => {
    const started = await startProcess({
      DATABASE_PATH: db(),
      CALLBACK_API_AUTH_TYPE: 'api_key',
      SECRET_CALLBACK_API_AUTH_SECRET: 'the-key-of-the-platform',
    });
    try {
      expect((await fetch(`${started.url}/customer`)).status).toBe(401);
      expect(
        (await fetch(`${started.url}/customer`, { headers: { 'x-api-key': 'the-key-of-the-platform' } }))
          .status,
      ).toBe(200);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
    }
  });
});
