// paginate against the ledger API mock, as the README shows it: every record of a collection,
// ending on the empty page past the examples.
import { type RunningMock, startMock } from '@starspec/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, paginate, paginatePages } from '../../src/index.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock('ledger-api', { port: 0 });
});
afterAll(() => mock?.stop());

describe('paginate against the mock', () => {
  it.each([
    { path: '/ledgers', query: { limit: 200 } },
    { path: '/operations', query: { order: 'desc' } },
    { path: '/transactions', query: {} },
  ] as const)('walks $path to its end', async ({ path, query }) => {
    const client = createClient({ baseUrl: mock.url, validateResponses: true });
    const first = await client.GET(path, { params: { query } });
    const records = [];
    for await (const record of paginate(client, path, { params: { query } })) records.push(record);
    expect(records.length).toBeGreaterThan(0);
    expect(records).toEqual(first.data?._embedded.records);
  });

  it('ends with an empty page whose links stay put, as Horizon ends a collection', async () => {
    const client = createClient({ baseUrl: mock.url });
    const pages = [];
    for await (const page of paginatePages(client, '/ledgers', { params: { query: { limit: 5 } } }))
      pages.push(page);
    const last = pages.at(-1);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    const end = await client.GET('/ledgers', {
      params: {
        query: { cursor: new URL(last?._links.next.href ?? '').searchParams.get('cursor') ?? '', limit: 5 },
      },
    });
    expect(end.data?._embedded.records).toEqual([]);
    expect(end.data?._links.next.href).toBe(end.data?._links.self.href);
  });
});
