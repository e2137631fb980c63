// Loads every page of the built site in Chromium (skipped, with a hint, when none is found) from a
// local server: each contract's operations and methods are on its page, the mapping links both
// ways, nothing is fetched from outside, the console stays free of errors, no page is wider than a
// 390 px screen, and a screenshot of each page is kept.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapping } from '@starspec/ledger-api';
import { type ContractInfo, listContracts, loadContract } from '@starspec/specs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restOperations } from '../src/mapping.mjs';
import { appRoot, CHROMIUM, dist, type Site, startSite } from './support/browser.js';

const shots = join(appRoot, 'test-results', 'screenshots');

type PageEntry = { file: string; title: string; kind: string; contract?: string };
type Operation = { operationId: string; summary: string };
type Json = {
  info: { title: string; version: string };
  paths?: Record<string, Record<string, Operation>>;
  methods?: { name: string; summary?: string }[];
};

const pages: PageEntry[] = JSON.parse(readFileSync(join(dist, 'pages.json'), 'utf8'));
const contracts = listContracts();
const documents: Record<string, Json> = {};
for (const c of contracts) documents[c.name] = (await loadContract(c.name)) as unknown as Json;
const ledgerApi = documents['ledger-api'];
const operations = ledgerApi ? restOperations(ledgerApi, mapping) : [];
const mapped = operations.filter((o) => o.rpc);
const rpcMethods = (documents['ledger-rpc']?.methods ?? []).map((m) => m.name);

let site: Site;
const open: Site['open'] = (path, options) => site.open(path, options);

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  site = await startSite();
});

afterAll(() => site?.close());

const screenshot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(shots, `${name}.png`), fullPage });

/** The ids of the given elements that the page has. */
const presentIds = (page: Page, ids: string[]) =>
  page.evaluate((wanted) => wanted.filter((id) => document.getElementById(id) !== null), ids);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
function openApiOperations(document: Json): Operation[] {
  return Object.values(document.paths ?? {}).flatMap((item) =>
    HTTP_METHODS.flatMap((m) => (item[m] ? [item[m]] : [])),
  );
}

describe('the built site', () => {
  it('has a page for every contract, the mapping and the guides', () => {
    const files = pages.map((p) => p.file);
    for (const c of contracts) expect(files).toContain(`${c.name}.html`);
    expect(files).toEqual(expect.arrayContaining(['index.html', 'mapping.html', 'guides.html']));
  });

  it('loads nothing from outside: no remote scripts, styles, fonts or images', () => {
    for (const { file } of pages) {
      const html = readFileSync(join(dist, file), 'utf8');
      expect(html, file).not.toMatch(/<(script|link|img|iframe)\b[^>]*\b(src|href)="(https?:)?\/\//i);
    }
    const css = readFileSync(join(dist, 'assets', 'site.css'), 'utf8');
    expect(css).not.toMatch(/@import|url\(/);
  });
});

describe.skipIf(CHROMIUM === undefined)('the docs site in Chromium', () => {
  it('starts the browser', async () => {
    const { page } = await open('index.html');
    expect(await page.evaluate(() => navigator.userAgent)).toMatch(/Chrome\/\d+\./);
    await page.close();
  });

  for (const entry of pages) {
    it(`renders ${entry.file} with no console errors`, async () => {
      const { page, problems } = await open(entry.file);
      try {
        // Every page's header leads to each contract and to the mapping.
        const nav = await page.$$eval('header.site a', (links) => links.map((a) => a.getAttribute('href')));
        expect(nav).toEqual(
          expect.arrayContaining([...contracts.map((c) => `${c.name}.html`), 'mapping.html']),
        );

        const contract = contracts.find((c) => c.name === entry.contract);
        if (contract?.kind === 'openapi') await checkOpenApiPage(page, contract);
        else if (contract?.kind === 'openrpc') await checkOpenRpcPage(page, contract);
        else if (entry.kind === 'mapping') await checkMappingPage(page);
        else if (entry.kind === 'index') {
          const links = await page.$$eval('main a', (as) => as.map((a) => a.getAttribute('href')));
          for (const c of contracts) expect(links).toContain(`${c.name}.html`);
          expect(links).toEqual(expect.arrayContaining(['mapping.html', 'guides.html#clients']));
        } else if (entry.kind === 'guides') {
          expect(await presentIds(page, ['clients', 'conformance', 'mocks'])).toHaveLength(3);
        }
        await screenshot(page, entry.file.replace(/\.html$/, ''), !contract);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  // A phone's screen: the page itself never scrolls sideways; a wide table or code block scrolls
  // in its own box. Every collapsed part (try-it panels, long examples) is opened first.
  for (const entry of pages) {
    it(`fits ${entry.file} in a 390 px wide screen`, async () => {
      const { page, problems } = await open(entry.file, { viewport: { width: 390, height: 844 } });
      try {
        await page.evaluate(() => {
          for (const details of document.querySelectorAll('details')) details.open = true;
        });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        await screenshot(page, `${entry.file.replace(/\.html$/, '')}-390`);
        expect(width).toBeLessThanOrEqual(390);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  async function checkOpenApiPage(page: Page, contract: ContractInfo) {
    const document = documents[contract.name];
    if (!document) throw new Error(`no document for ${contract.name}`);
    const ops = openApiOperations(document);
    expect(ops.length).toBe(contract.operations);
    // Redoc gives every operation an element with id `operation/<operationId>`.
    const ids = ops.map((o) => `operation/${o.operationId}`);
    expect(await presentIds(page, ids)).toEqual(ids);
    const text = await page.locator('.api-content').textContent();
    for (const o of ops) expect(text, o.operationId).toContain(o.summary);
    expect(text).toContain(document.info.title);
    expect(text).toContain(document.info.version);
  }

  async function checkOpenRpcPage(page: Page, contract: ContractInfo) {
    const methods = documents[contract.name]?.methods ?? [];
    expect(methods.length).toBe(contract.operations);
    const headings = await page.$$eval('section.method h2', (hs) => hs.map((h) => h.textContent?.trim()));
    expect(headings).toEqual(methods.map((m) => m.name));
    const text = await page.locator('main').textContent();
    for (const m of methods) if (m.summary) expect(text, m.name).toContain(m.summary);
  }

  async function checkMappingPage(page: Page) {
    if (mapped.length === 0) {
      await expect(page.locator('#no-mapping').textContent()).resolves.toContain('No mapping yet');
      return;
    }
    // Once any operation has x-rpc, the table is required: one row per operation, linked both ways.
    expect(await page.locator('#mapping-table').count()).toBe(1);
    for (const o of mapped) {
      const row = page.locator(`[id="op-${o.operationId}"]`);
      await expect(row.locator(`a[href="ledger-api.html#operation/${o.operationId}"]`).count()).resolves.toBe(
        1,
      );
      for (const m of o.rpc?.methods ?? []) {
        expect(rpcMethods, `${o.operationId} names ${m}`).toContain(m);
        await expect(row.locator(`a[href="ledger-rpc.html#method-${m}"]`).count()).resolves.toBe(1);
      }
    }
  }

  it.runIf(mapped.length > 0)('links every mapping row to an operation and methods that exist', async () => {
    const mapping = await open('mapping.html');
    const hrefs = await mapping.page.$$eval('#mapping-table a:not(td.gateway a)', (as) =>
      as.map((a) => a.getAttribute('href') ?? ''),
    );
    // Each row's gateway cell links to where the gateway's serving is explained, in its package README.
    const gateway = await mapping.page.$$eval('#mapping-table td.gateway a', (as) =>
      as.map((a) => a.getAttribute('href') ?? ''),
    );
    expect(gateway.length).toBeGreaterThan(30);
    expect(new Set(gateway)).toEqual(
      new Set([
        'https://github.com/starspec/starspec/tree/main/packages/ledger-index#what-each-operation-is-served-from',
      ]),
    );
    await mapping.page.close();
    const targets = new Map<string, Set<string>>();
    for (const href of hrefs) {
      const [file = '', id = ''] = href.split('#');
      targets.set(file, (targets.get(file) ?? new Set()).add(id));
    }
    expect([...targets.keys()].sort()).toEqual(['ledger-api.html', 'ledger-rpc.html']);
    for (const [file, ids] of targets) {
      const { page, problems } = await open(file);
      expect(await presentIds(page, [...ids]), file).toEqual([...ids]);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it.runIf(mapped.length > 0)('links the REST and RPC pages back to the mapping', async () => {
    const first = mapped.find((o) => (o.rpc?.methods.length ?? 0) > 0) ?? mapped[0];
    if (!first) throw new Error('no mapped operation');
    // A mapping link opens the REST page at the operation, which links back to its row.
    const rest = await open(`ledger-api.html#operation/${first.operationId}`);
    const back = await rest.page.$$eval('.api-content a[href^="mapping.html#op-"]', (as) =>
      as.map((a) => a.getAttribute('href')),
    );
    expect(back).toEqual(expect.arrayContaining(mapped.map((o) => `mapping.html#op-${o.operationId}`)));
    await rest.page.waitForTimeout(500);
    await expect.poll(() => rest.page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(0);
    await screenshot(rest.page, 'ledger-api-operation');
    expect(rest.problems).toEqual([]);
    await rest.page.close();

    const method = first.rpc?.methods[0] ?? rpcMethods[0];
    const rpc = await open(`ledger-rpc.html#method-${method}`);
    const replaces = await rpc.page.$$eval('.replaces a.see-mapping', (as) =>
      as.map((a) => a.getAttribute('href')),
    );
    const covering = new Set(mapped.flatMap((o) => o.rpc?.methods ?? []));
    expect(replaces.sort()).toEqual([...covering].map((m) => `mapping.html#rpc-${m}`).sort());
    await screenshot(rpc.page, 'ledger-rpc-method');
    expect(rpc.problems).toEqual([]);
    await rpc.page.close();
  });
});
