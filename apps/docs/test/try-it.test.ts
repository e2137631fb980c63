// The try-it panels in Chromium against the real mocks (`@starspec/mock`, on free ports): the reader
// types the mock's URL, presses Send and sees its answer; the URL is kept for the next visit; a
// request that cannot be built or gets no answer says why. Skipped without a browser.

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, MOCKS, type RunningMock, startMock } from '@starspec/mock';
import { createPlatformServer } from '@starspec/platform';
import { listContracts, loadContract } from '@starspec/specs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STACK } from '../src/try-it/index.mjs';
import { CHROMIUM, type Site, startSite } from './support/browser.js';

type Example = { params: { name: string; value: unknown }[]; result: { value: unknown } };
type Method = { name: string; examples: Example[] };
const rpcDocument = (await loadContract('ledger-rpc')) as unknown as { methods: Method[] };
const firstExample = (name: string) => rpcDocument.methods.find((m) => m.name === name)?.examples[0];

describe('the local stack the panels call by default', () => {
  it.each(MOCKS.map((mock) => [mock.name, mock.port] as const))('%s: the mock port %i', (name, port) => {
    expect(LOCAL_STACK[name]).toBe(`http://127.0.0.1:${port}`);
  });

  it('covers every contract', () => {
    expect(Object.keys(LOCAL_STACK).sort()).toEqual(
      listContracts()
        .map((c) => c.name)
        .sort(),
    );
  });
});

describe.skipIf(CHROMIUM === undefined)('try-it panels in Chromium', () => {
  let site: Site;
  const mocks: Record<string, RunningMock> = {};

  beforeAll(async () => {
    site = await startSite();
    // Prism can take minutes to start while the whole test suite loads the machine.
    const started = await Promise.allSettled(
      ['ledger-rpc', 'ledger-api', 'callbacks'].map((name) =>
        startMock(name, { port: 0, timeoutMs: 240_000 }),
      ),
    );
    // The ones that started are stopped after all, also when another did not start.
    for (const outcome of started)
      if (outcome.status === 'fulfilled') mocks[outcome.value.name] = outcome.value;
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
  });

  afterAll(async () => {
    await Promise.all(Object.values(mocks).map((mock) => mock.stop()));
    await site?.close();
  });

  const mock = (name: string) => {
    const running = mocks[name];
    if (!running) throw new Error(`the ${name} mock did not start`);
    return running;
  };

  /** Opens a panel, types the server's URL into it and presses Send; resolves with what it shows. */
  async function sendFrom(page: Page, id: string, server?: string, edit?: Record<string, string>) {
    const panel = page.locator(`[data-try-it-panel="${id}"]`);
    if (!(await panel.evaluate((details: HTMLDetailsElement) => details.open)))
      await panel.locator('summary').click();
    if (server !== undefined) await panel.getByLabel('Server').fill(server);
    for (const [label, value] of Object.entries(edit ?? {})) await panel.getByLabel(label).fill(value);
    await panel.getByRole('button', { name: 'Send' }).click();
    const output = panel.locator('.try-it-output');
    await expect.poll(() => output.getAttribute('data-state'), { timeout: 60_000 }).not.toBe('sending');
    const status = await output
      .locator('.try-it-status')
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    const body = await output
      .locator('.try-it-body')
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    const problem = await output
      .locator('.try-it-problem')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    return { status, body: body === null ? undefined : JSON.parse(body), problem };
  }

  it('starts each JSON-RPC panel at the local stack, with the first example as params', async () => {
    const { page, problems } = await site.open('ledger-rpc.html');
    const panel = page.locator('[data-try-it-panel="getLedgers"]');
    await panel.locator('summary').click();
    await expect(panel.getByLabel('Server').inputValue()).resolves.toBe(LOCAL_STACK['ledger-rpc']);
    const params = JSON.parse(await panel.getByLabel('params').inputValue());
    expect(params).toEqual(
      Object.fromEntries((firstExample('getLedgers')?.params ?? []).map((p) => [p.name, p.value])),
    );
    expect(await page.locator('[data-try-it-panel]').count()).toBe(rpcDocument.methods.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(['getHealth', 'getLedgers'])(
    'sends %s to the JSON-RPC mock and shows its 200 answer',
    async (name) => {
      const rpc = mock('ledger-rpc');
      const { page, problems } = await site.open('ledger-rpc.html', { allow: [rpc.url] });
      const shown = await sendFrom(page, name, rpc.url);
      expect(shown.status).toBe('200 OK');
      expect(shown.body).toEqual({
        jsonrpc: '2.0',
        id: expect.any(Number),
        result: firstExample(name)?.result.value,
      });
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it('keeps the typed server for every panel and the next visit', async () => {
    const rpc = mock('ledger-rpc');
    const first = await site.open('ledger-rpc.html', { allow: [rpc.url] });
    await sendFrom(first.page, 'getNetwork', rpc.url);
    const other = first.page.locator('[data-try-it-panel="getFeeStats"]');
    await other.locator('summary').click();
    await expect(other.getByLabel('Server').inputValue()).resolves.toBe(rpc.url);
    await first.page.reload();
    await first.page.locator('[data-try-it-panel="getHealth"] summary').click();
    const kept = first.page.locator('[data-try-it-panel="getHealth"]').getByLabel('Server');
    await expect(kept.inputValue()).resolves.toBe(rpc.url);
    expect(first.problems).toEqual([]);
    await first.page.close();
  });

  it('shows a JSON-RPC error answer, and refuses params that are not JSON', async () => {
    const rpc = mock('ledger-rpc');
    const { page, problems } = await site.open('ledger-rpc.html', { allow: [rpc.url] });
    const invalid = await sendFrom(page, 'getLedgers', rpc.url, { params: '{"startLedger": "one"}' });
    expect(invalid.status).toBe('200 OK');
    expect(invalid.body.error.code).toBe(-32602);
    expect(invalid.problem).toMatch(/^JSON-RPC error -32602: /);
    const notJson = await sendFrom(page, 'getTransaction', undefined, { params: '{hash:' });
    expect(notJson).toMatchObject({ status: null, problem: expect.stringMatching(/^params is not JSON: /) });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says so when nothing answers at the URL', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const { page, problems } = await site.open('ledger-rpc.html', { allow: [nowhere] });
    const shown = await sendFrom(page, 'getHealth', nowhere);
    expect(shown.problem).toContain(`No answer from ${nowhere}: nothing listens there`);
    // The browser reports the refused connection itself; nothing else goes wrong.
    expect(problems).toEqual([
      `failed: ${nowhere}/ net::ERR_CONNECTION_REFUSED`,
      'console error: Failed to load resource: net::ERR_CONNECTION_REFUSED',
    ]);
    const notUrl = await sendFrom(page, 'getNetwork', 'localhost 4012');
    expect(notUrl.problem).toBe('“localhost 4012” is not a URL: write it whole, e.g. http://127.0.0.1:4012.');
    await page.close();
  });

  it('puts a panel under every operation of a Redoc page, starting at the local stack', async () => {
    for (const contract of listContracts().filter((c) => c.kind === 'openapi')) {
      const { page, problems } = await site.open(`${contract.name}.html`);
      expect(await page.locator('[id^="operation/"] [data-try-it-panel]').count(), contract.name).toBe(
        contract.operations,
      );
      const panel = page.locator('[data-try-it-panel]').first();
      await panel.locator('summary').click();
      await expect(panel.getByLabel('Server').inputValue()).resolves.toBe(LOCAL_STACK[contract.name]);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('sends GET /ledgers/{sequence} with the example path parameter to the ledger API mock', async () => {
    const api = mock('ledger-api');
    const { page, problems } = await site.open('ledger-api.html', { allow: [api.url] });
    const shown = await sendFrom(page, 'getLedger', api.url);
    expect(shown.status).toBe('200 OK');
    const direct = await fetch(`${api.url}/ledgers/52425760`);
    expect(shown.body).toEqual(await direct.json());
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends PUT /customer with the example body to the callbacks mock, and shows its refusal of a bad one', async () => {
    const callbacks = mock('callbacks');
    const { page, problems } = await site.open('callbacks.html', { allow: [callbacks.url] });
    const accepted = await sendFrom(page, 'putCustomer', callbacks.url, { Authorization: 'Bearer x' });
    expect(accepted.status).toMatch(/^20[012] /);
    expect(accepted.body).toEqual({ id: expect.any(String) });
    const refused = await sendFrom(page, 'putCustomer', undefined, { Body: '{"account": ' });
    expect(refused.status).toBe('400 Bad Request');
    expect(refused.body).toEqual({ error: expect.any(String) });
    // The browser reports the 400 itself; nothing else goes wrong.
    expect(problems).toEqual([
      `HTTP 400: ${callbacks.url}/customer`,
      'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await page.close();
  });

  describe('the platform page, against the platform gateway in front of the callbacks mock', () => {
    let platform: Server;
    let url: string;
    beforeAll(async () => {
      // The platform answers browser pages only with CORS on, as `npm start` runs it for the docs.
      platform = createPlatformServer(
        { anchorUrl: mock('callbacks').url },
        { cors: true, onError: () => {} },
      );
      await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      platform.closeAllConnections();
      await new Promise((resolve) => platform.close(resolve));
    });

    it('sends GET /price with the example query and shows what the platform answers', async () => {
      const { page, problems } = await site.open('platform.html', { allow: [url] });
      const shown = await sendFrom(page, 'getPrice', url);
      expect(shown.status).toMatch(/^\d{3} /);
      expect(shown.problem ?? '').not.toMatch(/No answer/);
      expect(shown.body).toEqual(expect.any(Object));
      expect(problems.filter((p) => /CORS|Access-Control/i.test(p))).toEqual([]);
      await page.close();
    });

    it('sends POST /quote with an Authorization header through a preflight, and shows the refusal', async () => {
      const { page, problems } = await site.open('platform.html', { allow: [url] });
      const shown = await sendFrom(page, 'postQuote', url, { Authorization: 'Bearer not-a-token' });
      // No client secret is configured: the platform refuses quotes with 403 in its {error} shape.
      expect(shown.status).toBe('403 Forbidden');
      expect(shown.body).toEqual({ error: expect.any(String) });
      expect(problems.filter((p) => /CORS|Access-Control/i.test(p))).toEqual([]);
      await page.close();
    });
  });
});
