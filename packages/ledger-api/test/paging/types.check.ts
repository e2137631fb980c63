import { createClient, paginate, paginatePages } from '../../src/index.js';

const client = createClient({ baseUrl: 'http://x' });
export async function check(): Promise<void> {
  for await (const ledger of paginate(client, '/ledgers', {
    params: { query: { limit: 200, order: 'desc' } },
  })) {
    const seq: number = ledger.sequence;
    void seq;
  }
  for await (const op of paginate(client, '/ledgers/{sequence}/operations', {
    params: { path: { sequence: 5 } },
  })) {
    const id: string = op.id;
    void id;
  }
  for await (const page of paginatePages(client, '/transactions')) {
    const h: string | undefined = page._embedded.records[0]?.hash;
    void h;
  }
  // @ts-expect-error a path parameter is required
  paginate(client, '/ledgers/{sequence}/operations');
  // @ts-expect-error not a collection
  paginate(client, '/fee_stats');
}
