// Against the reference anchor back-end (apps/anchor), started as a process the way an anchor
// runs it: every check passes, or is skipped with its reason where the anchor's configuration
// gives the rule nothing to apply to.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Report, runSuite } from '../../src/index.js';
import { ANCHOR_DIR } from '../support/global-setup.js';
import { failures } from './support.js';

const MAIN = join(ANCHOR_DIR, 'dist', 'main.js');
const ASSETS_FILE = join(ANCHOR_DIR, 'assets.yaml');
const SECRET = 'the-anchor-platform-callback-secret-for-tests';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

/** Starts the anchor on a free port with a throw-away database; resolves with its URL. */
async function startAnchor(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [MAIN, '--json'], {
    env: { ...process.env, PORT: '0', DATABASE_PATH: ':memory:', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let url = '';
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    const message = JSON.parse(line) as { url?: string; ready?: boolean };
    if (message.url) url = message.url;
    if (message.ready) break;
  }
  if (!url) throw new Error('the anchor did not start');
  return url;
}

/** A client the anchor's asset file names: firm quotes are given to known clients only. */
function knownClient(assets: unknown): string | undefined {
  const clients = (assets as { anchor?: { clients?: { client_ids?: string[] }[] } }).anchor?.clients;
  return clients?.flatMap((c) => c.client_ids ?? [])[0];
}

it('has the reference anchor built', () => {
  expect(existsSync(MAIN), `${MAIN} is missing: build @starspec/anchor first`).toBe(true);
});

describe('the callbacks suite against the reference anchor', () => {
  const assets: unknown = parse(readFileSync(ASSETS_FILE, 'utf8'));
  const clientId = knownClient(assets);

  const expectConforming = (report: Report) => {
    expect(failures(report)).toEqual({});
    expect(report.summary.warned).toBe(0);
    const skipped = report.checks.filter((c) => c.status === 'skip');
    // Only rules the anchor's fee schedules give nothing to apply to may be skipped.
    for (const check of skipped) expect(check.id, check.message).toMatch(/^platform\.|^auth\.expired/);
    expect(report.summary.passed).toBeGreaterThanOrEqual(report.summary.total - 4);
  };

  it('passes with JWT authentication', async () => {
    const url = await startAnchor({ CALLBACK_API_AUTH_TYPE: 'jwt', SECRET_CALLBACK_API_AUTH_SECRET: SECRET });
    const report = await runSuite('callbacks', {
      baseUrl: url,
      jwtSecret: SECRET,
      assets,
      ...(clientId ? { clientId } : {}),
      langs: ['es', 'pt'],
    });
    expectConforming(report);
    expect(report.checks.find((c) => c.id === 'auth.expired-credential')?.status).toBe('pass');
  });

  it('passes with the JWT in the header the platform is configured with', async () => {
    const url = await startAnchor({
      CALLBACK_API_AUTH_TYPE: 'jwt',
      SECRET_CALLBACK_API_AUTH_SECRET: SECRET,
      CALLBACK_API_AUTH_JWT_HTTP_HEADER: 'X-Platform-Token',
    });
    const report = await runSuite('callbacks', {
      baseUrl: url,
      jwtSecret: SECRET,
      jwtHeader: 'X-Platform-Token',
      assets,
      ...(clientId ? { clientId } : {}),
      only: ['customer.*', 'auth.*'],
    });
    expect(failures(report)).toEqual({});
    expect(report.summary).toMatchObject({ passed: report.summary.total, warned: 0 });
  });

  it('passes with an API key', async () => {
    const url = await startAnchor({
      CALLBACK_API_AUTH_TYPE: 'api_key',
      SECRET_CALLBACK_API_AUTH_SECRET: SECRET,
    });
    const report = await runSuite('callbacks', {
      baseUrl: url,
      apiKey: SECRET,
      assets,
      ...(clientId ? { clientId } : {}),
    });
    expectConforming(report);
  });

  // The two rules about rates without a charge apply only when the anchor charges nothing; the
  // reference anchor does so when its default fee schedule is empty (fee left out) or says
  // `show_zero_fee` (fee 0 without details).
  it.each([
    [false, 'rate.formula.no-fee'],
    [true, 'rate.fee.zero-total-without-details'],
  ])('passes the rules for free rates too (show_zero_fee: %s)', async (showZeroFee, rule) => {
    const free = `    free:\n      fee_asset: sell\n      show_zero_fee: ${showZeroFee}\n      components: []\n`;
    const text = readFileSync(ASSETS_FILE, 'utf8')
      .replace('default_fee_schedule: standard', 'default_fee_schedule: free')
      .replace('  fee_schedules:\n', `  fee_schedules:\n${free}`);
    const dir = await mkdtemp(join(tmpdir(), 'starspec-anchor-'));
    const file = join(dir, 'assets.yaml');
    await writeFile(file, text);
    try {
      const url = await startAnchor({ ASSETS_FILE: file });
      const report = await runSuite('callbacks', {
        baseUrl: url,
        assets: parse(text),
        ...(clientId ? { clientId } : {}),
        only: [`platform.${rule}`],
      });
      expect(failures(report)).toEqual({});
      expect(report.checks.find((c) => c.id === `platform.${rule}`)?.status).toBe('pass');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
