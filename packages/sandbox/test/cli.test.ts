// starspec-sandbox as a process: help, version, usage errors (exit 2), a busy port (exit 1), the
// --json ready line, a working RPC behind it, --rate-limit and the stream caps on the REST face,
// and a clean stop on SIGTERM and SIGINT (exit 0), and when its output's reader goes away.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Account,
  Address,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
} from '@stellar/stellar-sdk/base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { finish, killAll, linesUntil, ready, rpcCall, run, start } from './support/cli.js';

afterEach(killAll);

describe('usage', () => {
  it('--help prints the options and exits 0', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--close-every',
      '--passphrase',
      '--protocol',
      '--retention',
      '--rate-limit',
      '--max-streams',
      '--max-streams-per-client',
      '--allow-origin',
      '--db',
      '--json',
      '--version',
    ]) {
      expect(stdout).toContain(flag);
    }
    // Every face the port serves, and what does not run.
    for (const face of ['/rpc', '/friendbot', 'REST API at /', 'Soroban host loads on the first'])
      expect(stdout).toContain(face);
  });

  it('--version prints the package version', async () => {
    const { code, stdout } = await run(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    ['an unknown flag', ['--bogus'], "Unknown option '--bogus'"],
    [
      'a port that is not a number',
      ['--port', 'eighty'],
      "--port must be a whole number from 0 to 65535 (got 'eighty')",
    ],
    ['a port out of range', ['--port', '70000'], '--port must be a whole number from 0 to 65535'],
    ['a close interval of 0', ['--close-every', '0'], '--close-every must be a whole number from 1'],
    ['a retention of 0', ['--retention', '0'], '--retention must be a whole number from 1'],
    ['a rate limit of 0', ['--rate-limit', '0'], '--rate-limit must be a whole number from 1'],
    ['a stream cap of 0', ['--max-streams', '0'], '--max-streams must be a whole number from 1'],
    [
      'a per-client stream cap of 0',
      ['--max-streams-per-client', '0'],
      '--max-streams-per-client must be a whole number from 1',
    ],
    ['an empty database file name', ['--db', ''], "--db needs a file name, or ':memory:'"],
    [
      'an origin with a path',
      ['--allow-origin', 'http://x.example/app'],
      '--allow-origin: "http://x.example/app" is not an origin',
    ],
    [
      'a protocol before 23',
      ['--protocol', '22'],
      "--protocol must be a whole number from 23 to 28 (got '22')",
    ],
    [
      'a protocol after 28',
      ['--protocol', '29'],
      "--protocol must be a whole number from 23 to 28 (got '29')",
    ],
    [
      'a protocol that is not a number',
      ['--protocol', 'p27'],
      "--protocol must be a whole number from 23 to 28 (got 'p27')",
    ],
    ['a positional argument', ['serve'], 'Unexpected argument'],
  ])('%s exits 2 naming the problem', async (_name, args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('SANDBOX_PORT that is not a number is a usage error naming it', async () => {
    const { code, stderr } = await run([], { SANDBOX_PORT: 'x' });
    expect(code).toBe(2);
    expect(stderr).toContain("SANDBOX_PORT must be a whole number from 0 to 65535 (got 'x')");
  });
});

describe('a busy port', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    port = (busy.address() as AddressInfo).port;
  });
  afterAll(() => busy.close());

  it('exits 1 naming the port', async () => {
    const { code, stderr } = await run(['--port', String(port)]);
    expect(code).toBe(1);
    expect(stderr).toContain(`port ${port} is already in use on 127.0.0.1`);
  });

  it('SANDBOX_PORT is the default port', async () => {
    const { code, stderr } = await run([], { SANDBOX_PORT: String(port) });
    expect(code).toBe(1);
    expect(stderr).toContain(`port ${port} is already in use`);
  });
});

describe('running', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '--json: a ready line, a working RPC, ledgers closing; %s stops it with 0',
    async (signal) => {
      const child = start(['--port', '0', '--json', '--close-every', '100', '--retention', '50']);
      const done = finish(child);
      const seen = await linesUntil(child, (e) => e.event === 'ledger');
      const ready = seen.find((e) => e.ready === true);
      expect(ready).toMatchObject({
        event: 'ready',
        closeEvery: 100,
        retention: 50,
        passphrase: 'Standalone Network ; February 2017',
      });
      const health = await fetch(ready?.rpcUrl as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}',
      });
      expect(
        ((await health.json()) as { result: { ledgerRetentionWindow: number } }).result.ledgerRetentionWindow,
      ).toBe(50);
      child.kill(signal);
      const { code, stdout } = await done;
      expect(code).toBe(0);
      const events = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).event);
      expect(events.slice(-2)).toEqual(['stopping', 'stopped']);
    },
  );

  it('--json with its reader gone (a closed pipe): stops with 0 at the next line, no crash', async () => {
    const child = start(['--port', '0', '--json', '--close-every', '100']);
    const done = finish(child);
    await linesUntil(child, (e) => e.event === 'ready');
    // The reader goes away; the next ledger's line meets a closed pipe.
    child.stdout?.destroy();
    const { code, stderr } = await done;
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
  });

  it('simulates with the host the bundle loads on first use (one SDK for envelope and host)', async () => {
    const child = start(['--port', '0', '--json', '--close-every', 'manual']);
    const { rpcUrl } = await ready(child);
    const call = new TransactionBuilder(new Account(Keypair.random().publicKey(), '1'), {
      fee: '100',
      networkPassphrase: 'Standalone Network ; February 2017',
    })
      .addOperation(
        Operation.invokeContractFunction({
          contract: Address.contract(Buffer.alloc(32, 5)).toString(),
          function: 'hello',
          args: [],
        }),
      )
      .setTimeout(TimeoutInfinite)
      .build();
    const answer = await rpcCall(rpcUrl, 'simulateTransaction', { transaction: call.toXdr() });
    // The host's error first, as the SDK parses it, then the event log of where it arose.
    expect(answer).toMatchObject({ latestLedger: 2, events: [expect.any(String), expect.any(String)] });
    expect((answer as { error: string }).error).toBe(
      'HostError: Error(Storage, MissingValue)\n\nEvent log (newest first):\n' +
        '   0: [Diagnostic Event] topics:[error, Error(Storage, MissingValue)], data:"trying to get non-existing value for contract instance"\n' +
        `   1: [Diagnostic Event] topics:[fn_call, ${Address.contract(Buffer.alloc(32, 5)).toString()}, hello], data:Void\n`,
    );
    child.kill('SIGTERM');
    expect((await finish(child)).code).toBe(0);
  });

  it('--allow-origin: that page may call friendbot (with CORS headers), another is refused 403', async () => {
    const page = 'http://localhost:3000';
    const child = start(['--port', '0', '--json', '--allow-origin', page]);
    const done = finish(child);
    const line = await ready(child);
    expect(line.allowOrigins).toEqual([page]);
    const friendbotUrl = String(line.friendbotUrl);
    // A bad address answers at once: the guard has let the page through, or not.
    const allowed = await fetch(`${friendbotUrl}?addr=G`, { headers: { origin: page } });
    await allowed.arrayBuffer();
    expect(allowed.status).toBe(400);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(page);
    const other = await fetch(`${friendbotUrl}?addr=G`, { headers: { origin: 'http://evil.example' } });
    await other.arrayBuffer();
    expect(other.status).toBe(403);
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
  });

  it('--rate-limit: every answer of the REST face carries X-Ratelimit-*, the RPC face none', async () => {
    const child = start(['--port', '0', '--json', '--rate-limit', '3600']);
    const done = finish(child);
    const { url, rpcUrl, rateLimit } = await ready(child);
    expect(rateLimit).toBe(3600);
    for (const path of ['/', '/ledgers', '/transactions/00']) {
      const answer = await fetch(new URL(path, url));
      await answer.arrayBuffer();
      // Horizon's --per-hour-rate-limit: a burst of 100 on top of the one request.
      expect(answer.headers.get('x-ratelimit-limit')).toBe('101');
      expect(Number(answer.headers.get('x-ratelimit-remaining'))).toBeLessThanOrEqual(100);
      expect(answer.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    }
    const rpc = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}',
    });
    await rpc.arrayBuffer();
    expect(rpc.headers.get('x-ratelimit-limit')).toBeNull();
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
  });

  it('--max-streams-per-client: the next event stream of the client is refused with 429', async () => {
    const child = start([
      '--port',
      '0',
      '--json',
      '--close-every',
      'manual',
      '--max-streams-per-client',
      '1',
    ]);
    const done = finish(child);
    const { url } = await ready(child);
    const stream = (signal?: AbortSignal) =>
      fetch(new URL('/ledgers?cursor=now', url), { headers: { accept: 'text/event-stream' }, signal });
    const abort = new AbortController();
    const first = await stream(abort.signal);
    const second = await stream();
    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({
      type: 'https://stellar.org/horizon-errors/rate_limit_exceeded',
    });
    abort.abort();
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
  });

  it('--protocol: the ledgers, the RPC and the REST root say that protocol', async () => {
    const child = start(['--port', '0', '--json', '--close-every', 'manual', '--protocol', '25']);
    const done = finish(child);
    const { rpcUrl, url, protocol } = await ready(child);
    expect(protocol).toBe(25);
    expect((await rpcCall(rpcUrl, 'getVersionInfo')).protocolVersion).toBe(25);
    expect((await rpcCall(rpcUrl, 'getNetwork')).protocolVersion).toBe(25);
    expect((await rpcCall(rpcUrl, 'getLatestLedger')).protocolVersion).toBe(25);
    const root = (await (await fetch(`${url}/`)).json()) as Record<string, number>;
    expect([root.current_protocol_version, root.core_supported_protocol_version]).toEqual([25, 25]);
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
  });

  it('without --json: one human line with the URLs; manual closes through POST /_sandbox/close', async () => {
    const child = start(['--port', '0', '--close-every', 'manual']);
    const done = finish(child);
    const text = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout?.on('data', (chunk) => {
        out += chunk;
        if (out.includes('REST')) resolve(out);
      });
    });
    const rpcUrl = /RPC\s+(\S+)/.exec(text)?.[1] as string;
    expect(text).toMatch(/friendbot\s+http:\/\/127\.0\.0\.1:\d+\/friendbot/);
    const restUrl = /REST\s+(\S+)/.exec(text)?.[1] as string;
    const root = (await (await fetch(restUrl)).json()) as { network_passphrase: string };
    expect(root.network_passphrase).toBe('Standalone Network ; February 2017');
    const closed = await fetch(new URL('/_sandbox/close', rpcUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(((await closed.json()) as { sequence: number }).sequence).toBe(3);
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
  });
});
