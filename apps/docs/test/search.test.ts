// The JSON-RPC page's method search in Chromium: it filters the sections, the sidebar and the
// overview cards by name, summary, description, param and result names, and works from the keyboard.
// Skipped without a browser.
import { loadContract } from '@starspec/specs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, type Site, startSite } from './support/browser.js';

type Described = { name?: string; $ref?: string };
type Method = {
  name: string;
  summary?: string;
  description?: string;
  params?: Described[];
  result?: Described;
};
type Contract = { methods: Method[]; components: { contentDescriptors?: Record<string, Described> } };
const contract = (await loadContract('ledger-rpc')) as unknown as Contract;
const named = (d: Described | undefined) =>
  d?.$ref ? contract.components.contentDescriptors?.[d.$ref.split('/').pop() ?? '']?.name : d?.name;
const all = contract.methods.map((m) => m.name);

/** The methods whose name, summary, description, param or result names hold every word. */
const holding = (...words: string[]) =>
  contract.methods
    .filter((m) => {
      const text = [m.name, m.summary, m.description, ...(m.params ?? []).map(named), named(m.result)]
        .join('\n')
        .toLowerCase();
      return words.every((w) => text.includes(w.toLowerCase()));
    })
    .map((m) => m.name);

describe.skipIf(CHROMIUM === undefined)('the method search of the JSON-RPC page', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  /** The methods each part of the page shows. */
  const shown = (page: Page) =>
    page.evaluate(() => {
      const names = (selector: string) =>
        [...document.querySelectorAll<HTMLElement>(selector)]
          .filter((e) => !e.hidden && e.getClientRects().length > 0)
          .map((e) => e.dataset.method);
      return {
        sections: names('section.method[data-method]'),
        sidebar: names('.doc-sidebar li[data-method]'),
        cards: names('.method-index a[data-method]'),
      };
    });

  it('holds distinctive words in the fields it searches', () => {
    // The table below is only a test if each query narrows the list without emptying it.
    for (const words of [['simulateTransaction'], ['xdrFormat'], ['startLedger', 'pagination'], ['events']]) {
      expect(holding(...words).length, words.join(' ')).toBeGreaterThan(0);
      expect(holding(...words).length, words.join(' ')).toBeLessThan(all.length);
    }
  });

  it.each([
    {
      given: 'a method name, in any case',
      query: 'SIMULATETRANSACTION',
      want: holding('simulatetransaction'),
    },
    { given: 'a param name', query: 'xdrFormat', want: holding('xdrFormat') },
    { given: 'a param name no text mentions', query: 'resourceConfig', want: ['simulateTransaction'] },
    { given: 'a result name', query: 'getHealthResult', want: ['getHealth'] },
    {
      given: 'two words, both needed',
      query: 'startLedger  pagination',
      want: holding('startLedger', 'pagination'),
    },
    { given: 'words of a summary', query: 'events', want: holding('events') },
    { given: 'nothing that matches', query: 'xyzzy', want: [] },
    { given: 'an empty box', query: '', want: all },
  ])('$given: $query', async ({ query, want }) => {
    const { page, problems } = await site.open('ledger-rpc.html');
    await page.getByLabel('Search methods').fill(query);
    await expect(shown(page)).resolves.toEqual({ sections: want, sidebar: want, cards: want });
    const status = await page.locator('#method-search-status').textContent();
    if (query === '') expect(status).toBe('');
    else if (want.length === 0) expect(status).toBe(`No method matches “${query}”.`);
    else expect(status).toMatch(new RegExp(`^${want.length} of ${all.length} methods? match`));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is used from the keyboard: / focuses, Enter opens the first match, Escape clears', async () => {
    const { page, problems } = await site.open('ledger-rpc.html');
    await page.locator('body').press('/');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('method-search');
    await page.keyboard.type('startLedger');
    const [first] = holding('startLedger');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => location.hash)).resolves.toBe(`#method-${first}`);
    await expect(
      page.evaluate(() => document.activeElement?.closest('section.method')?.getAttribute('data-method')),
    ).resolves.toBe(first);

    await page.locator('#method-search').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toBe(
      `#method-${first}`,
    );

    await page.locator('#method-search').focus();
    await page.keyboard.press('Escape');
    await expect(page.locator('#method-search').inputValue()).resolves.toBe('');
    await expect(shown(page)).resolves.toEqual({ sections: all, sidebar: all, cards: all });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('leaves / alone while the reader types in another field', async () => {
    const { page } = await site.open('ledger-rpc.html');
    const panel = page.locator('[data-try-it-panel="getLedgers"]');
    await panel.locator('summary').click();
    const server = panel.getByLabel('Server');
    await server.fill('http://127.0.0.1:4012');
    await server.press('/');
    await expect(server.inputValue()).resolves.toBe('http://127.0.0.1:4012/');
    await expect(page.locator('#method-search').inputValue()).resolves.toBe('');
    await page.close();
  });
});
