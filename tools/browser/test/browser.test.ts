// Each client entry, bundled for browsers as an application bundles it, runs in Chromium (skipped,
// with a hint, when none is found) against an API on another origin: answers are read unchecked,
// tolerantly and strictly, the validators load only once an answer is checked, and the page logs
// no error.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumForTests } from '@starspec/browser-finder';
import { document as rpcDocument } from '@starspec/ledger-rpc';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../src/index.mjs';
import type { Mode, Outcome } from './apps/outcome.js';
import { type Answer, type Running, startApiServer, startStaticServer } from './support/servers.js';

const CHROMIUM = chromiumForTests();
const here = dirname(fileURLToPath(import.meta.url));
const FUTURE = { future_member: 'added by a later server release' };

const rate = {
  rate: {
    price: '1',
    sell_amount: '101',
    buy_amount: '100',
    fee: { total: '1', asset: 'iso4217:USD', details: [{ name: 'Service fee', amount: '1' }] },
  },
};
const ledger = JSON.parse(
  await readFile(join(here, '../../../packages/ledger-api/test/fixtures/horizon/ledger.json'), 'utf8'),
);
const rpcMethods = rpcDocument.methods as Array<{
  name: string;
  examples: Array<{ result: { value: unknown } }>;
}>;
const latestLedger = rpcMethods.find((m) => m.name === 'getLatestLedger')?.examples[0]?.result.value;

interface Case {
  app: string;
  /** The API's answer as the contract has it, and as a server one release ahead gives it. */
  answer: (ahead: boolean) => Answer;
  /** Where a strict reader finds the member it does not know: error paths, or the RPC error's message. */
  strictError: { paths?: string[]; message: string };
}

const CASES: Case[] = [
  {
    app: 'callbacks',
    answer: (ahead) => ({ body: ahead ? { ...rate, ...FUTURE } : rate }),
    strictError: { paths: ['/future_member'], message: 'the 200 answer to getRate is outside the contract' },
  },
  {
    app: 'ledger-api',
    answer: (ahead) => ({
      contentType: 'application/hal+json',
      body: ahead ? { ...ledger, ...FUTURE } : ledger,
    }),
    strictError: {
      paths: ['/future_member'],
      message: 'the 200 answer to getLedger is outside the contract',
    },
  },
  {
    app: 'ledger-rpc',
    answer: (ahead) => ({ rpcResult: ahead ? { ...(latestLedger as object), ...FUTURE } : latestLedger }),
    strictError: { message: 'result.future_member is not allowed here' },
  },
];

let outdir: string;
/** The bundle's chunks that hold the generated validators. */
let validatorChunks: string[] = [];
let site: Running;
let api: Running & { answer: Answer };
let browserStarted: Promise<Browser> | undefined;

/** The browser, started on first use (only tests that run with a Chromium call it). */
function browser(): Promise<Browser> {
  if (CHROMIUM === undefined) return Promise.reject(new Error('no Chromium'));
  browserStarted ??= chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  return browserStarted;
}

beforeAll(async () => {
  if (CHROMIUM === undefined) return;
  outdir = await mkdtemp(join(tmpdir(), 'starspec-browser-'));
  const result = await bundleForBrowser({
    entryPoints: CASES.map((c) => join(here, 'apps', `${c.app}.ts`)),
    outdir,
  });
  validatorChunks = Object.entries(result.metafile.outputs)
    .filter(([, output]) =>
      Object.keys(output.inputs).some((input) => /generated\/validators\.gen\.js$/.test(input)),
    )
    .map(([file]) => resolve(file).slice(outdir.length));
  site = await startStaticServer(outdir);
  api = await startApiServer();
});

afterAll(async () => {
  await (await browserStarted?.catch(() => undefined))?.close();
  await site?.close();
  await api?.close();
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

/** A page of the site, with every script it loads and every error it logs. */
async function open(): Promise<{ page: Page; scripts: string[]; problems: string[] }> {
  const page = await (await browser()).newPage();
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === site.url && url.pathname.endsWith('.js')) scripts.push(url.pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(`${site.url}/`);
  return { page, scripts, problems };
}

/** Calls the app's `call(base, mode)` in the page (as source text: the test runner rewrites `import()`). */
function callIn(page: Page, app: string, mode: Mode): Promise<Outcome> {
  const [script, base, how] = [`${site.url}/${app}.js`, api.url, mode].map((v) => JSON.stringify(v));
  return page.evaluate(`import(${script}).then((app) => app.call(${base}, ${how}))`);
}

describe.skipIf(CHROMIUM === undefined).each(CASES)(
  'the $app client in Chromium',
  ({ app, answer, strictError }) => {
    it('reads answers unchecked without loading the validators, then checks them once asked', async () => {
      const { page, scripts, problems } = await open();
      try {
        api.answer = answer(false);
        const plain = answer(false);
        expect(await callIn(page, app, 'off')).toEqual({ ok: true, value: plain.body ?? plain.rpcResult });
        expect(validatorChunks.length).toBeGreaterThan(0);
        expect(scripts.filter((s) => validatorChunks.includes(s))).toEqual([]);

        api.answer = answer(true);
        expect(await callIn(page, app, 'tolerant')).toMatchObject({ ok: true, value: FUTURE });
        expect(scripts.filter((s) => validatorChunks.includes(s)).length).toBeGreaterThan(0);

        const strict = await callIn(page, app, 'strict');
        expect(strict).toMatchObject({ ok: false, expected: true });
        if (strict.ok) throw new Error('unreachable');
        expect(strict.message).toContain(strictError.message);
        if (strictError.paths) expect(strict.paths).toEqual(strictError.paths);

        api.answer = answer(false);
        expect(await callIn(page, app, 'strict')).toMatchObject({ ok: true });
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  },
);
