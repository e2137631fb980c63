// The built site served locally and opened in Chromium (when one is found): one browser per test
// file, started on first use, and pages that record every error, failed load and request to any
// origin the test did not allow.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumForTests } from '@starspec/browser-finder';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startStaticServer } from '../../src/static-server.mjs';

export const CHROMIUM = chromiumForTests();
export const appRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = join(appRoot, 'dist');

export interface Site {
  /** The site's URL, without a trailing slash. */
  base: string;
  /** Opens a page and waits until it is rendered. */
  open(path: string, options?: OpenOptions): Promise<{ page: Page; problems: string[] }>;
  close(): Promise<void>;
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Origins (e.g. a mock's `http://127.0.0.1:1234`) the page may call besides the site. */
  allow?: string[];
}

/** Serves dist/ on a free port; the browser starts on the first `open`. */
export async function startSite(): Promise<Site> {
  const server = await startStaticServer(dist, { host: '127.0.0.1', port: 0 });
  const base = server.url;
  let started: Promise<Browser> | undefined;
  const browser = () => {
    if (CHROMIUM === undefined) return Promise.reject(new Error('no Chromium'));
    started ??= chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
    });
    return started;
  };

  async function open(
    path: string,
    { viewport = { width: 1440, height: 900 }, allow = [] }: OpenOptions = {},
  ) {
    const page = await (await browser()).newPage({ viewport });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) =>
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    const allowed = [base, ...allow].map((origin) => `${origin}/`);
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (allowed.some((prefix) => url.startsWith(prefix))) return route.continue();
      problems.push(`outside request: ${url}`);
      return route.abort();
    });
    await page.goto(`${base}/${path}`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-rendered="true"]', { timeout: 90_000 });
    return { page, problems };
  }

  return {
    base,
    open,
    async close() {
      await (await started?.catch(() => undefined))?.close();
      await server.stop();
    },
  };
}
