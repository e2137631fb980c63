// Requests that used to end the docs server, sent as the same raw bytes, and files that change or
// fail under it: the server answers a plain-text 4xx (or cuts one answer short) and keeps serving.
// The server runs in a child process, so a crash shows as a dead child.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, sendRaw } from '../../mock/test/support/hostile-http.mjs';
import { type ChildServer, startChildServer } from './support/child-server.js';

const HOST: [string, string][] = [['Host', 'x']];
const get = (target: string) => rawRequest('GET', target, HOST);

let site: string;
let outside: string;
beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'docs-site-'));
  outside = mkdtempSync(join(tmpdir(), 'docs-outside-'));
  writeFileSync(join(site, 'index.html'), '<title>site</title>');
  mkdirSync(join(site, 'guides'));
  writeFileSync(join(site, 'guides', 'index.html'), 'guides');
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  symlinkSync(join(outside, 'secret.txt'), join(site, 'leak.txt'));
  symlinkSync(outside, join(site, 'leaked'));
  symlinkSync(join(site, 'index.html'), join(site, 'home.html'));
});
afterAll(() => {
  rmSync(site, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('request targets no URL parser can read', () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer(site);
  });
  afterAll(() => server?.stop());

  it.each([
    { given: '//', want: 400 },
    { given: '//[', want: 400 },
    { given: '//a:b@/x', want: 400 },
    { given: '*', want: 400 },
    { given: 'http://x/', want: 400 },
    { given: '/%ff', want: 400 },
    { given: '/guides', want: 301 },
    { given: '/guides/?x=%ff', want: 200 },
  ])('GET $given answers $want', async ({ given, want }) => {
    const answer = await sendRaw(server.port, get(given));
    expect(answer.status).toBe(want);
    if (want >= 400) expect(answer.head).toMatch(/\r\ncontent-type: text\/plain; charset=utf-8/i);
    expect(server.alive()).toBe(true);
  });
});

describe('symbolic links', () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer(site);
  });
  afterAll(() => server?.stop());

  it.each([
    { given: '/leak.txt', want: 404 },
    { given: '/leaked/secret.txt', want: 404 },
    { given: '/leaked/', want: 404 },
    { given: '/home.html', want: 200 },
  ])(
    'GET $given answers $want: links are followed only inside the served folder',
    async ({ given, want }) => {
      const answer = await sendRaw(server.port, get(given));
      expect(answer.status).toBe(want);
      expect(answer.body).not.toContain('secret');
    },
  );
});

describe('files that fail under the server', () => {
  it('a read that fails after the status line cuts that answer short, nothing more', async () => {
    // /proc/self/mem stats as an empty regular file, but reading it fails (EIO).
    const server = await startChildServer('/proc/self');
    try {
      const failed = await sendRaw(server.port, get('/mem'));
      expect(failed.body).toBe('');
      expect((await sendRaw(server.port, get('/no-such-file'))).status).toBe(404);
      expect(server.alive()).toBe(true);
    } finally {
      server.stop();
    }
  });

  it('a file deleted and written again while it is requested is served whole or not found', async () => {
    const server = await startChildServer(site);
    const page = join(site, 'page.html');
    const content = 'x'.repeat(100);
    // What a rebuild does to the site folder, as fast as it can, while the requests go on.
    const rebuild = setInterval(() => {
      for (let i = 0; i < 20; i++) {
        rmSync(page, { force: true });
        writeFileSync(page, content);
      }
    }, 0);
    const answers: { status: number; body: string }[] = [];
    try {
      for (let i = 0; i < 1000 && server.alive(); i++)
        answers.push(await sendRaw(server.port, get('/page.html')));
    } finally {
      clearInterval(rebuild);
    }
    try {
      expect(server.alive()).toBe(true);
      expect(answers).toHaveLength(1000);
      const unexpected = answers.filter(
        (a) => !(a.status === 404 || (a.status === 200 && (a.body === content || a.body === ''))),
      );
      expect(unexpected).toEqual([]);
    } finally {
      server.stop();
    }
  });
});
