// The command line for people: an unreachable target is one error (exit 2), a run refused
// everywhere names the missing flag, --version, --output, --header and --fail-on-skip.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL } from '../../src/version.js';
import {
  ASSETS_FILE,
  JWT_SECRET,
  KNOWN_CLIENT,
  startCallbacksServer,
  type TestServer,
} from '../callbacks/server.js';
import { validateReport } from '../support/report-schema.js';
import { runCli } from '../support/run-cli.js';

const run = runCli;

async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A provider that refuses every request without `authorization: Bearer let-me-in`. */
const guarded = () =>
  serve((req, res) => {
    if (req.headers.authorization === 'Bearer let-me-in') {
      res.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"status":404}');
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
  });

let anchor: TestServer;
let provider: { server: Server; url: string };
beforeAll(async () => {
  anchor = await startCallbacksServer({ auth: { kind: 'jwt', secret: JWT_SECRET } });
  provider = await guarded();
});
afterAll(async () => {
  await anchor?.close();
  provider?.server.close();
});

const anchorArgs = () => [
  'callbacks',
  '--base-url',
  anchor.url,
  '--assets',
  ASSETS_FILE,
  '--client-id',
  KNOWN_CLIENT,
];

describe('an unreachable target', () => {
  it('is one error and exit 2, not a failure per check', async () => {
    const { server, url } = await serve(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const { code, stdout, stderr } = await run(['ledger-api', '--base-url', url]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      `starspec-conformance: cannot reach ${url.slice(7)} (${url}): ECONNREFUSED: nothing listens on that port; is the service running?`,
    ]);
  });
});

describe('a run refused everywhere', () => {
  it.each([
    {
      given: 'callbacks without a credential',
      args: () => [...anchorArgs(), '--only', 'rate.*,customer.*'],
      want: /every answer was 401: the anchor asks for the platform's credential\. Pass --jwt-secret .* or --api-key/,
    },
    {
      given: 'callbacks with the wrong secret',
      args: () => [...anchorArgs(), '--jwt-secret', 'x'.repeat(40), '--only', 'rate.*'],
      want: /every answer was 401 with the credential given: check the --jwt-secret \(and --jwt-header\)/,
    },
    {
      given: 'a ledger provider without a header',
      args: () => ['ledger-api', '--base-url', provider.url],
      want: /every answer was 401: the provider asks for a credential\. Pass it with --header/,
    },
  ])('$given: names the flag', async ({ args, want }) => {
    const { code, stderr } = await run(args());
    expect(code).toBe(1);
    expect(stderr).toMatch(want);
  });

  it('--header sends the credential with every request, and no hint is given', async () => {
    const { stderr } = await run([
      'ledger-api',
      '--base-url',
      provider.url,
      '--header',
      'Authorization: Bearer let-me-in',
    ]);
    expect(stderr).not.toContain('every answer was');
  });

  it.each([['Authorization'], ['no colon here'], [': empty name'], ['Bad Name: x']])(
    '--header %j is a usage error',
    async (header) => {
      const { code, stderr } = await run(['ledger-api', '--base-url', provider.url, '--header', header]);
      expect(code).toBe(2);
      expect(stderr).toContain("--header: expected 'Name: value'");
    },
  );

  it('gives no hint when the credential works', async () => {
    const { stderr } = await run([...anchorArgs(), '--jwt-secret', JWT_SECRET, '--only', 'rate.*']);
    expect(stderr).not.toContain('every answer was');
  });
});

describe('--version, --output, --fail-on-skip', () => {
  it('--version prints the version alone', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `${TOOL.version}\n`, stderr: '' });
  });

  it('--output FILE with json: the report in the file, the pretty lines on stdout', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'conformance-')), 'report.json');
    const { code, stdout } = await run([
      ...anchorArgs(),
      '--jwt-secret',
      JWT_SECRET,
      '--reporter',
      'json',
      '--output',
      file,
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(file, 'utf8'));
    expect(validateReport(report)).toBe(true);
    expect(stdout).toMatch(/^callbacks: \d+ checks against /);
    expect(stdout).toMatch(/\nOK callbacks: \d+ checks, \d+ passed, \d+ warned, 0 failed, \d+ skipped/);
  });

  it('--output FILE with pretty: the same text in the file, without colours', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'conformance-')), 'report.txt');
    const { stdout } = await run([
      ...anchorArgs(),
      '--jwt-secret',
      JWT_SECRET,
      '--only',
      'rate.firm.*',
      '--output',
      file,
    ]);
    expect(readFileSync(file, 'utf8')).toBe(stdout);
  });

  it('--output to a folder that does not exist is a usage error', async () => {
    const { code, stderr } = await run([
      ...anchorArgs(),
      '--jwt-secret',
      JWT_SECRET,
      '--only',
      'rate.firm.*',
      '--output',
      '/no/such/dir/r.json',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('--output: cannot write /no/such/dir/r.json');
  });

  it('--fail-on-skip turns a run with skipped checks into exit 1, and says why', async () => {
    // Without --client-id the firm quote checks may be skipped; --static-mock skips behaviour checks for sure.
    const args = [...anchorArgs(), '--jwt-secret', JWT_SECRET, '--static-mock'];
    const plain = await run(args);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/, [1-9]\d* skipped/);
    const strict = await run([...args, '--fail-on-skip']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/\d+ check\(s\) skipped, and --fail-on-skip makes that a failure/);
  });
});
