import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listen } from '@starspec/runtime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createClient,
  keepPaging,
  PageError,
  type PageLike,
  paginate,
  paginatePages,
} from '../../src/index.js';

// A scripted collection of five ledgers, newest first with order=desc. The server
// answers by cursor; its next links are deliberately uneven: the one on page 2 drops
// `order` and `limit`, which the client must put back.
interface Row {
  sequence: number;
  paging_token: string;
}
const ROWS: Row[] = [5, 4, 3, 2, 1].map((sequence) => ({
  sequence,
  paging_token: String(BigInt(sequence) << 32n),
}));

let server: Server;
let base: string;
const seen: URL[] = [];
let dropPagingOnPage2 = true;

function page(url: URL): { status: number; body: unknown } {
  const limit = Number(url.searchParams.get('limit') ?? '10');
  const order = url.searchParams.get('order') ?? 'asc';
  const cursor = url.searchParams.get('cursor') ?? '';
  if (order !== 'desc' || limit !== 2) {
    // The walk below always asks for desc/2: anything else means the client lost them.
    return {
      status: 400,
      body: { type: 'https://stellar.org/horizon-errors/bad_request', title: 'Bad Request', status: 400 },
    };
  }
  const start = cursor === '' ? 0 : ROWS.findIndex((r) => r.paging_token === cursor) + 1;
  const records = ROWS.slice(start, start + limit);
  const last = records[records.length - 1]?.paging_token ?? cursor;
  const pageNumber = start / limit + 1;
  const next =
    pageNumber === 2 && dropPagingOnPage2
      ? `${base}/ledgers?cursor=${last}`
      : `${base}/ledgers?cursor=${last}&limit=${limit}&order=${order}`;
  return {
    status: 200,
    body: {
      _links: {
        self: { href: `${base}/ledgers?cursor=${cursor}&limit=${limit}&order=${order}` },
        next: { href: next },
        prev: {
          href: `${base}/ledgers?cursor=${records[0]?.paging_token ?? cursor}&limit=${limit}&order=asc`,
        },
      },
      _embedded: { records },
    },
  };
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', base);
    seen.push(url);
    const answer =
      url.pathname === '/stuck'
        ? {
            status: 200,
            body: {
              _links: { next: { href: `${base}/stuck?cursor=1&limit=1&order=asc` } },
              _embedded: { records: [{}] },
            },
          }
        : page(url);
    res.writeHead(answer.status, {
      'content-type': answer.status === 200 ? 'application/hal+json' : 'application/problem+json',
    });
    res.end(JSON.stringify(answer.body));
  });
  base = await listen(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  dropPagingOnPage2 = true;
});

const cursors = () => seen.map((u) => u.searchParams.get('cursor'));
const pt = (sequence: number) => String(BigInt(sequence) << 32n);

describe('paginate with the generated client', () => {
  it('walks three pages and stops at the empty fourth, keeping order and limit', async () => {
    const client = createClient({ baseUrl: base });
    const sequences: number[] = [];
    for await (const ledger of paginate(client, '/ledgers', {
      params: { query: { limit: 2, order: 'desc' } },
    })) {
      sequences.push(ledger.sequence);
    }
    expect(sequences).toEqual([5, 4, 3, 2, 1]);
    expect(cursors()).toEqual([null, pt(4), pt(2), pt(1)]);
    for (const url of seen) {
      expect(url.pathname).toBe('/ledgers');
      expect(url.searchParams.get('order')).toBe('desc');
      expect(url.searchParams.get('limit')).toBe('2');
    }
  });

  it('yields whole pages with paginatePages, and stops after maxPages', async () => {
    const client = createClient({ baseUrl: base });
    const pages: number[][] = [];
    const walk = paginatePages(client, '/ledgers', {
      params: { query: { limit: 2, order: 'desc' } },
      maxPages: 2,
    });
    for await (const p of walk) pages.push(p._embedded.records.map((r) => r.sequence));
    expect(pages).toEqual([
      [5, 4],
      [3, 2],
    ]);
    expect(seen).toHaveLength(2);
  });

  it('throws a PageError carrying the problem when a page is refused', async () => {
    const client = createClient({ baseUrl: base });
    const walk = paginate(client, '/ledgers', { params: { query: { limit: 3, order: 'desc' } } });
    const error = await walk.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageError);
    expect((error as PageError).status).toBe(400);
    expect((error as PageError).body).toMatchObject({
      type: 'https://stellar.org/horizon-errors/bad_request',
    });
  });
});

describe('paginate with a URL or a page function', () => {
  it('follows next links from a URL, taking order and limit from the first request', async () => {
    const out: unknown[] = [];
    for await (const r of paginate(`${base}/ledgers?order=desc&limit=2`)) out.push((r as Row).sequence);
    expect(out).toEqual([5, 4, 3, 2, 1]);
    expect(seen.map((u) => u.searchParams.get('order'))).toEqual(['desc', 'desc', 'desc', 'desc']);
  });

  it('calls a page function with undefined first, then each next href with order and limit kept', async () => {
    const hrefs: (string | undefined)[] = [];
    const fetchPage = async (href: string | undefined): Promise<PageLike<Row>> => {
      hrefs.push(href);
      const response = await fetch(href ?? `${base}/ledgers?order=desc&limit=2`);
      return (await response.json()) as PageLike<Row>;
    };
    const out: number[] = [];
    for await (const r of paginate(fetchPage)) out.push(r.sequence);
    expect(out).toEqual([5, 4, 3, 2, 1]);
    expect(hrefs[0]).toBeUndefined();
    // Page 2's link had neither; they come from page 1's self link.
    expect(new URL(hrefs[2] ?? '').searchParams.get('order')).toBe('desc');
    expect(new URL(hrefs[2] ?? '').searchParams.get('limit')).toBe('2');
    expect(hrefs).toHaveLength(4);
  });

  it('accepts openapi-fetch results from a page function', async () => {
    const client = createClient({ baseUrl: base });
    const out: number[] = [];
    const walk = paginate((href) =>
      client.GET('/ledgers', {
        params: {
          query: href ? Object.fromEntries(new URL(href).searchParams) : { order: 'desc', limit: 2 },
        },
      }),
    );
    for await (const r of walk) out.push(r.sequence);
    expect(out).toEqual([5, 4, 3, 2, 1]);
  });

  it('refuses a next link that does not move', async () => {
    const walk = paginate(`${base}/stuck?cursor=1&limit=1&order=asc`);
    await expect(async () => {
      for await (const _ of walk) {
        // drain
      }
    }).rejects.toThrow(/does not move/);
  });
});

describe('keepPaging', () => {
  it('adds only what the link lacks', () => {
    expect(keepPaging('http://h/x?cursor=9', { order: 'desc', limit: '5' })).toBe(
      'http://h/x?cursor=9&order=desc&limit=5',
    );
    expect(keepPaging('http://h/x?cursor=9&order=asc', { order: 'desc', limit: '5' })).toBe(
      'http://h/x?cursor=9&order=asc&limit=5',
    );
    expect(keepPaging('http://h/x?cursor=9', {})).toBe('http://h/x?cursor=9');
  });
});
