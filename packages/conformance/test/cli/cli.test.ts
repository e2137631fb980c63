// The command line: --help, usage errors (exit 2), a passing run (exit 0), a failing run
// (exit 1), each reporter's output, and the installed bin as a process.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli.js';
import {
  ASSETS_FILE,
  JWT_SECRET,
  KNOWN_CLIENT,
  startCallbacksServer,
  type TestServer,
} from '../callbacks/server.js';
import { startLedgerServer } from '../ledger-api/server.js';
import { startRpcServer } from '../ledger-rpc/server.js';
import { PACKAGE_DIR } from '../support/global-setup.js';
import { validateReport } from '../support/report-schema.js';
import { runCli } from '../support/run-cli.js';

const run = runCli;

let correct: TestServer;
let broken: TestServer;
beforeAll(async () => {
  correct = await startCallbacksServer({ auth: { kind: 'jwt', secret: JWT_SECRET } });
  broken = await startCallbacksServer({
    auth: { kind: 'jwt', secret: JWT_SECRET },
    breaks: ['firm-without-id'],
  });
});
afterAll(async () => {
  await correct?.close();
  await broken?.close();
});

const target = (server: TestServer) => [
  'callbacks',
  '--base-url',
  server.url,
  '--jwt-secret',
  JWT_SECRET,
  '--assets',
  ASSETS_FILE,
  '--client-id',
  KNOWN_CLIENT,
];

describe('--help', () => {
  it('documents every option and the exit codes', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const option of [
      '--base-url',
      '--only',
      '--reporter',
      '--timeout',
      '--static-mock',
      '--strict',
      '--list',
      '--help',
      '--jwt-secret',
      '--jwt-header',
      '--api-key',
      '--assets',
      '--client-id',
      '--sell-asset',
      '--buy-asset',
      '--amount',
      '--langs',
      '--allow-submit',
      '--output',
      '--header',
      '--fail-on-skip',
      '--version',
    ]) {
      expect(stdout).toContain(option);
    }
    expect(stdout).toContain(
      'Exit codes: 0 no check failed (passed, warned or skipped), 1 a check failed (with --strict,\nalso one that warned; with --fail-on-skip, also one that was skipped), 2 usage error or a\ntarget that cannot be reached',
    );
    expect(stdout).toMatch(/\nLevels: [\s\S]*must: [\s\S]*should:/);
    expect(stdout).toBe(HELP);
  });
});

describe('usage errors exit 2 with the reason', () => {
  it.each([
    [[], 'name a suite'],
    [['horizon', '--base-url', 'http://x'], "no suite named 'horizon'"],
    [['callbacks'], '--base-url is required'],
    [['callbacks', '--base-url', 'not a url'], "--base-url: 'not a url' is not a URL"],
    [
      ['callbacks', '--base-url', 'http://x', '--reporter', 'xml'],
      '--reporter: expected pretty, json or junit',
    ],
    [['callbacks', '--base-url', 'http://x', '--timeout', '0'], '--timeout: expected a positive number'],
    [
      ['callbacks', '--base-url', 'http://x', '--only', 'rate.nope'],
      "--only: no check has the id 'rate.nope'",
    ],
    [['callbacks', '--base-url', 'http://x', '--jwt-secret', 'short'], 'at least 32 bytes'],
    [['callbacks', '--base-url', 'http://x', '--jwt-secret', ' '.repeat(32)], 'empty or only whitespace'],
    [
      ['callbacks', '--base-url', 'http://x', '--jwt-header', 'X-Token'],
      '--jwt-header goes with --jwt-secret',
    ],
    [
      ['callbacks', '--base-url', 'http://x', '--jwt-secret', 'x'.repeat(32), '--jwt-header', 'X Token'],
      "--jwt-header: 'X Token' is not an HTTP header name",
    ],
    [['callbacks', '--base-url', 'http://x', '--api-key', '  '], '--api-key: the key is empty'],
    [['callbacks', '--base-url', 'http://x', '--jwt-secret', 'x'.repeat(32), '--api-key', 'k'], 'not both'],
    [
      ['callbacks', '--base-url', 'http://x', '--allow-submit'],
      '--allow-submit is an option of the ledger-api and ledger-rpc suites, not of callbacks',
    ],
    [
      ['callbacks', '--base-url', 'http://x', '--assets', '/nonexistent/assets.yaml'],
      '--assets: cannot read',
    ],
    [
      ['callbacks', '--base-url', 'http://x', '--assets', join(PACKAGE_DIR, 'package.json')],
      '--assets: asset configuration',
    ],
    [
      ['callbacks', '--base-url', 'http://x', '--sell-asset', 'iso4217:USD'],
      'give --sell-asset and --buy-asset together',
    ],
    [
      ['callbacks', '--base-url', 'http://x', '--client-id', 'nobody'],
      "--client-id: 'nobody' is not a Stellar public key",
    ],
    [
      ['callbacks', '--base-url', 'http://x', '--langs', 'english'],
      "--langs: 'english' is not an ISO 639-1 code",
    ],
    [['callbacks', '--base-url', 'http://x', '--bogus'], "Unknown option '--bogus'"],
    [
      ['ledger-api', '--base-url', 'http://x', '--jwt-secret', 'x'.repeat(32)],
      '--jwt-secret is an option of the callbacks suite',
    ],
    [['ledger-api', '--base-url', 'ftp://x'], "--base-url: 'ftp://x' must be an http or https URL"],
  ])('%j', async (argv, reason) => {
    const { code, stderr, stdout } = await run(argv);
    expect(code).toBe(2);
    expect(stderr).toContain(reason);
    expect(stderr).toContain('--help');
    expect(stdout).toBe('');
  });
});

describe('runs', () => {
  it('--list prints every check id and title', async () => {
    const { code, stdout } = await run(['callbacks', '--list']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^customer\.registration-fields\tshould\tGET \/customer without parameters/);
    expect(stdout).toContain('rate.firm.has-id\tmust\tA firm quote has an `id`\n');
  });

  it('exits 0 when every check passes (pretty reporter)', async () => {
    const { code, stdout } = await run(target(correct));
    expect(code).toBe(0);
    expect(stdout).toMatch(/\nOK callbacks: 54 checks, 54 passed, 0 warned, 0 failed, 0 skipped/);
  });

  it('exits 1 when a check fails, and shows the evidence', async () => {
    const { code, stdout } = await run([...target(broken), '--only', 'rate.firm.*']);
    expect(code).toBe(1);
    expect(stdout).toContain('FAIL rate.firm.has-id');
    expect(stdout).toMatch(/expected: For type=firm, `rate\.id` is present: a non-empty string/);
    expect(stdout).toMatch(/request: +GET http:\/\/127\.0\.0\.1:\d+\/rate\?type=firm/);
  });

  it('--reporter json writes a report its schema accepts, and nothing else on stdout', async () => {
    const { code, stdout } = await run([...target(broken), '--reporter', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(report.checks.find((c: { id: string }) => c.id === 'rate.firm.has-id').status).toBe('fail');
  });

  it('--reporter junit writes well-formed XML', async () => {
    const { code, stdout } = await run([...target(correct), '--reporter', 'junit', '--only', 'customer.*']);
    expect(code).toBe(0);
    expect(XMLValidator.validate(stdout)).toBe(true);
    expect(stdout).toContain('<testsuite name="callbacks" tests="9" failures="0" errors="0" skipped="0"');
  });
});

describe('the ledger-api suite from the command line', () => {
  it('exits 0 against a correct provider and 1 against a broken one', async () => {
    const good = await startLedgerServer();
    const bad = await startLedgerServer({ breaks: ['next-repeats-page'] });
    try {
      const passing = await run([
        'ledger-api',
        '--base-url',
        good.url,
        '--allow-submit',
        '--reporter',
        'json',
      ]);
      expect(passing.code).toBe(0);
      expect(JSON.parse(passing.stdout).summary).toMatchObject({ failed: 0, skipped: 0 });
      const failing = await run(['ledger-api', '--base-url', bad.url, '--only', 'paging.*']);
      expect(failing.code).toBe(1);
      expect(failing.stdout).toContain('FAIL paging.next-after-last');
    } finally {
      await good.close();
      await bad.close();
    }
  });
});

describe('the ledger-rpc suite from the command line', () => {
  it('exits 0 against a correct provider, warns about what js-stellar-sdk never sends, fails it with --strict', async () => {
    const good = await startRpcServer();
    const bad = await startRpcServer({ breaks: ['batch-first-only'] });
    try {
      const passing = await run([
        'ledger-rpc',
        '--base-url',
        good.url,
        '--allow-submit',
        '--reporter',
        'junit',
      ]);
      expect(passing.code).toBe(0);
      expect(XMLValidator.validate(passing.stdout)).toBe(true);
      // rpc.Server never sends a batch: a provider that answers one badly only gets a warning.
      const warning = await run(['ledger-rpc', '--base-url', bad.url, '--only', 'protocol.*']);
      expect(warning.code).toBe(0);
      expect(warning.stdout).toContain('WARN protocol.batch');
      const failing = await run(['ledger-rpc', '--base-url', bad.url, '--only', 'protocol.*', '--strict']);
      expect(failing.code).toBe(1);
      expect(failing.stdout).toContain('FAIL protocol.batch');
    } finally {
      await good.close();
      await bad.close();
    }
  });
});

describe('the starspec-conformance bin', () => {
  const bin = join(PACKAGE_DIR, 'dist', 'bin.js');
  const exec = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('exits 0, 1 and 2', async () => {
    expect((await exec(['--help'])).code).toBe(0);
    expect((await exec(['callbacks'])).code).toBe(2);
    const passing = await exec([...target(correct), '--only', 'customer.*,auth.*']);
    expect(passing.stdout).toMatch(/OK callbacks: 12 checks, 12 passed/);
    expect(passing.code).toBe(0);
    const failing = await exec([...target(broken), '--only', 'rate.firm.has-id', '--reporter', 'json']);
    expect(failing.code).toBe(1);
    expect(JSON.parse(failing.stdout).summary).toEqual({
      total: 1,
      passed: 0,
      warned: 0,
      failed: 1,
      skipped: 0,
    });
  });

  it('exits 0 with warnings for what the platform tolerates, and 1 with --strict', async () => {
    const tolerant = await startCallbacksServer({
      auth: { kind: 'jwt', secret: JWT_SECRET },
      breaks: ['accept-both-methods', 'upper-case-field-types'],
    });
    try {
      const warned = await exec(target(tolerant));
      expect(warned.stdout).toContain('WARN bad-request.rate.both-delivery-methods');
      expect(warned.stdout).toContain('WARN customer.unknown-account');
      expect(warned.stdout).toMatch(/\nWarnings \(/);
      const summary = /\nOK callbacks: 54 checks, \d+ passed, (\d+) warned, 0 failed, 0 skipped/.exec(
        warned.stdout,
      );
      expect(Number(summary?.[1])).toBeGreaterThan(1);
      expect(warned.code).toBe(0);
      const strict = await exec([...target(tolerant), '--strict', '--reporter', 'json']);
      expect(strict.code).toBe(1);
      const report = JSON.parse(strict.stdout);
      expect(report).toMatchObject({ ok: false, strict: true, summary: { warned: 0 } });
      expect(report.summary.failed).toBe(Number(summary?.[1]));
    } finally {
      await tolerant.close();
    }
  });

  it('sends the JWT in the header given with --jwt-header', async () => {
    const custom = await startCallbacksServer({
      auth: { kind: 'jwt', secret: JWT_SECRET, header: 'X-Platform-Token' },
    });
    try {
      const only = ['--only', 'customer.unknown-account,auth.*'];
      const passing = await exec([...target(custom), ...only, '--jwt-header', 'X-Platform-Token']);
      expect(passing.stdout).toMatch(/OK callbacks: 4 checks, 4 passed/);
      expect(passing.code).toBe(0);
      expect((await exec([...target(custom), ...only])).code).toBe(1);
    } finally {
      await custom.close();
    }
  });
});
