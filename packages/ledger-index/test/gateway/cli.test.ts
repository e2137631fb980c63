// starspec-horizon as a process: help, version, usage errors (exit 2), a busy port and an RPC
// server that is not there (exit 1), and a clean stop on SIGTERM (exit 0) after the ready line.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The bin package.json names: the shim that loads dist/cli.js.
const CLI = fileURLToPath(new URL('../../bin/starspec-horizon.js', import.meta.url));

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, RPC_URL: '', PORT: '', DATABASE_URL: '', HISTORY_RETENTION_COUNT: '', ...env },
  });
}

function finish(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const run = (args: string[], env?: NodeJS.ProcessEnv) => finish(start(args, env));

describe('usage', () => {
  it('does not load the PostgreSQL driver for a SQLite index (it costs every start)', async () => {
    // At exit, the node_modules packages the process loaded through require's cache (pg is CommonJS).
    const report = `data:text/javascript,import { createRequire } from 'node:module';
      const { cache } = createRequire(process.cwd() + '/');
      process.on('exit', () => process.stderr.write('loaded ' + JSON.stringify(Object.keys(cache))));`;
    const child = spawn(process.execPath, ['--import', report, CLI, '--help'], {
      env: { ...process.env, RPC_URL: '', PORT: '', DATABASE_URL: '' },
    });
    const { code, stderr } = await finish(child);
    expect(code).toBe(0);
    const loaded = JSON.parse(/loaded (\[.*\])/.exec(stderr)?.[1] ?? 'null') as string[];
    expect(loaded.some((file) => file.includes('libsql'))).toBe(true);
    expect(loaded.filter((file) => /[\\/]node_modules[\\/]pg[\\/]/.test(file))).toEqual([]);
  });

  it('--help prints the options and exits 0', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const flag of [
      '--rpc-url',
      '--port',
      '--host',
      '--db',
      '--from',
      '--history-archive',
      '--history-retention-count',
      '--submit-timeout',
      '--derive-threads',
      '--rate-limit',
      '--max-streams',
      '--max-streams-per-client',
      '--json',
    ])
      expect(stdout).toContain(flag);
    // Where the index goes when --db is not given, and why --from matters on a real network.
    expect(stdout).toContain('./starspec-horizon.sqlite');
    expect(stdout).toMatch(/--from a\s+recent ledger serves at once/);
  });

  it('--version prints the package version', async () => {
    const { code, stdout } = await run(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    { given: [], env: {}, want: '--rpc-url is required (or set RPC_URL)' },
    { given: ['--rpc-url', 'ftp://x'], env: {}, want: "--rpc-url must be an http(s) URL (got 'ftp://x')" },
    { given: ['--bogus'], env: {}, want: "Unknown option '--bogus'" },
    { given: ['--rpc-url', 'http://x', 'serve'], env: {}, want: 'Unexpected argument' },
    {
      given: ['--rpc-url', 'http://x', '--port', 'eighty'],
      env: {},
      want: "--port must be a whole number from 0 to 65535 (got 'eighty')",
    },
    {
      given: ['--rpc-url', 'http://x'],
      env: { PORT: 'x' },
      want: "PORT must be a whole number from 0 to 65535 (got 'x')",
    },
    {
      given: ['--rpc-url', 'http://x', '--from', '0'],
      env: {},
      want: '--from must be a whole number from 1',
    },
    {
      given: ['--rpc-url', 'http://x', '--history-retention-count', 'a week'],
      env: {},
      want: "--history-retention-count must be a whole number from 0 to 2147483647 (got 'a week')",
    },
    {
      given: ['--rpc-url', 'http://x'],
      env: { HISTORY_RETENTION_COUNT: '-1' },
      want: "HISTORY_RETENTION_COUNT must be a whole number from 0 to 2147483647 (got '-1')",
    },
    {
      given: ['--rpc-url', 'http://x', '--max-streams-per-client', '0'],
      env: {},
      want: '--max-streams-per-client must be a whole number from 1',
    },
    {
      given: ['--rpc-url', 'http://x', '--derive-threads', '9'],
      env: {},
      want: "--derive-threads must be a whole number from 1 to 8 (got '9')",
    },
    {
      given: ['--rpc-url', 'http://x', '--rate-limit', '0'],
      env: {},
      want: '--rate-limit must be a whole number from 1',
    },
    {
      given: ['--rpc-url', 'http://x', '--submit-timeout', 'soon'],
      env: {},
      want: '--submit-timeout must be a whole number',
    },
    {
      given: ['--rpc-url', 'http://x', '--ingest=false', '--db', 'index.sqlite'],
      env: {},
      want: "--ingest=false serves a PostgreSQL index another node ingests (--db postgres://…): a SQLite index is one node's",
    },
    {
      given: ['--rpc-url', 'http://x', '--history-archive', 'history.example/archive'],
      env: {},
      want: "--history-archive must be an http(s) URL (got 'history.example/archive')",
    },
    {
      given: ['--rpc-url', 'http://x', '--ingest=no'],
      env: {},
      want: "--ingest must be true or false (got 'no')",
    },
  ])('$given exits 2: $want', async ({ given, env, want }) => {
    const { code, stderr } = await run(given, env);
    expect(code).toBe(2);
    expect(stderr).toContain(want);
    expect(stderr).toContain("Run 'starspec-horizon --help' for the options.");
  });
});

describe('starting and stopping', () => {
  let sandbox: Sandbox;
  let busy: Server;

  beforeAll(async () => {
    sandbox = await startSandbox({ closeEvery: 'manual' });
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => busy.close(resolve));
    await sandbox.stop();
  });

  it('a busy port exits 1 saying so', async () => {
    const port = (busy.address() as AddressInfo).port;
    const { code, stderr } = await run([
      '--rpc-url',
      sandbox.rpcUrl,
      '--db',
      ':memory:',
      '--port',
      String(port),
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(`port ${port} is already in use on 127.0.0.1`);
  });

  it('an RPC server that is not there exits 1 naming it and the cause', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const rpcUrl = `http://127.0.0.1:${port}/rpc`;
    const { code, stderr } = await run(['--rpc-url', rpcUrl, '--db', ':memory:', '--port', '0']);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `starspec-horizon: could not start: cannot reach the RPC server at ${rpcUrl}: ECONNREFUSED (nothing listens on that port; is the RPC server running?)\n`,
    );
  });

  it.each([
    [
      'a file the archive has not',
      '/archive/nothing',
      'answered HTTP 404 for {archive}/.well-known/stellar-history.json',
    ],
    ['a URL that is no archive', '', 'answered HTTP 404 for {archive}/.well-known/stellar-history.json'],
    [
      'a port nothing listens on',
      'closed',
      'cannot reach the history archive at {archive}/.well-known/stellar-history.json: ECONNREFUSED',
    ],
  ])('--history-archive at %s exits 1 naming the URL, without a stack trace', async (_, path, want) => {
    let archive = `${sandbox.url}${path}`;
    if (path === 'closed') {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      archive = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      await new Promise((resolve) => closed.close(resolve));
    }
    const args = [
      '--rpc-url',
      sandbox.rpcUrl,
      '--db',
      ':memory:',
      '--port',
      '0',
      '--history-archive',
      archive,
    ];
    const { code, stderr } = await run(args);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^starspec-horizon: could not start: [^\n]*\n$/);
    expect(stderr).toContain(want.replace('{archive}', archive));
  });

  it("a server's root instead of its JSON-RPC endpoint exits 1 pointing at /rpc", async () => {
    const root = sandbox.url;
    const { code, stderr } = await run(['--rpc-url', root, '--db', ':memory:', '--port', '0']);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `answered HTTP 405 (POST is not allowed there: is the JSON-RPC endpoint ${root}/rpc?)`,
    );
  });

  it('--json prints ready, then stopping and stopped on SIGTERM, and exits 0', async () => {
    const child = start(['--rpc-url', sandbox.rpcUrl, '--db', ':memory:', '--port', '0', '--json']);
    const done = finish(child);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('"event":"ready"')) child.kill('SIGTERM');
    });
    const { code, stdout } = await done;
    expect(code).toBe(0);
    const events = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { event: string }).event);
    expect(events).toContain('ready');
    expect(events.slice(-2)).toEqual(['stopping', 'stopped']);
  });
});
