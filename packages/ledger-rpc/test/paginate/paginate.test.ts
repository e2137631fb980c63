// paginate over a scripted server that pages as Stellar RPC does (reference §3 getLedgers,
// getTransactions, getEvents and §6 "Pagination summary").
import { JsonRpcError } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, cursorLedger, paginate, paginateItems, type RpcClient } from '../../src/index.js';
import { example, type Running, start, stubHandlers } from '../helpers.js';

const LATEST = 35_000;
const OLDEST = 1;
const toid = (ledger: number, tx = 0, op = 0) => (BigInt(ledger) << 32n) | (BigInt(tx) << 12n) | BigInt(op);
const eventId = (t: bigint, index: number) =>
  `${t.toString().padStart(19, '0')}-${String(index).padStart(10, '0')}`;

/** Transactions: two in every 1000th ledger. Events: sparse, one or two in a few ledgers. */
const TX_LEDGERS = Array.from({ length: 35 }, (_, i) => (i + 1) * 1000);
const TXS = TX_LEDGERS.flatMap((ledger) =>
  [1, 2].map((order) => ({ ledger, order, toid: toid(ledger, order, 1) })),
);
const EVENT_LEDGERS = [5, 6, 15_000, 15_000, 34_999];
const EVENTS = EVENT_LEDGERS.map((ledger, i) => ({ ledger, id: eventId(toid(ledger, 1, 0), i) }));

const ledgerTemplate = example('getLedgers').ledgers[0];
const txTemplate = example('getTransactions').transactions[0];
const eventTemplate = example('getEvents').events[0];
if (!ledgerTemplate || !txTemplate || !eventTemplate) throw new Error('the contract has no example records');
const closeTimes = { latestLedgerCloseTime: '1786101355', oldestLedgerCloseTime: '1785496560' };

const calls: Array<{ method: string; params: Record<string, unknown> }> = [];
const outOfRange = (n: number) =>
  new JsonRpcError(
    -32600,
    `start ledger (${n}) must be between the oldest ledger: ${OLDEST} and the latest ledger: ${LATEST} for this rpc instance`,
  );

let rpc: Running;
let client: RpcClient;
beforeAll(async () => {
  rpc = await start(
    stubHandlers({
      getLedgers: (params) => {
        calls.push({ method: 'getLedgers', params: { ...params } as Record<string, unknown> });
        const { startLedger, pagination } = params;
        if (startLedger !== undefined && pagination?.cursor)
          throw new JsonRpcError(-32600, 'startLedger and cursor cannot both be set');
        const limit = pagination?.limit || 50;
        const from = pagination?.cursor ? Number(pagination.cursor) + 1 : (startLedger ?? 0);
        if (from < OLDEST || from > LATEST) throw outOfRange(from);
        const ledgers = [];
        for (let seq = from; seq <= Math.min(from + limit - 1, LATEST); seq++) {
          ledgers.push({ ...ledgerTemplate, sequence: seq });
        }
        const cursor = String(ledgers.at(-1)?.sequence ?? from - 1);
        return {
          ledgers,
          latestLedger: LATEST,
          latestLedgerCloseTime: LATEST,
          oldestLedger: OLDEST,
          oldestLedgerCloseTime: 1,
          cursor,
        };
      },
      getTransactions: (params) => {
        calls.push({ method: 'getTransactions', params: { ...params } as Record<string, unknown> });
        const { startLedger, pagination } = params;
        if (startLedger !== undefined && pagination?.cursor)
          throw new JsonRpcError(-32600, 'startLedger and cursor cannot both be set');
        const limit = pagination?.limit || 50;
        const after = pagination?.cursor ? BigInt(pagination.cursor) : toid(startLedger ?? 0) - 1n;
        const page = TXS.filter((t) => t.toid > after).slice(0, limit);
        const transactions = page.map((t) => ({
          ...txTemplate,
          ledger: t.ledger,
          applicationOrder: t.order,
        }));
        const cursor = (page.at(-1)?.toid ?? after).toString();
        return {
          transactions,
          latestLedger: LATEST,
          latestLedgerCloseTimestamp: 0,
          oldestLedger: OLDEST,
          oldestLedgerCloseTimestamp: 0,
          cursor,
        };
      },
      getEvents: (params) => {
        calls.push({ method: 'getEvents', params: { ...params } as Record<string, unknown> });
        const { startLedger, endLedger, pagination } = params;
        if ((startLedger !== undefined || endLedger !== undefined) && pagination?.cursor)
          throw new JsonRpcError(-32602, 'ledger ranges and cursor cannot both be set');
        const limit = pagination?.limit || 100;
        let from: number;
        let afterId = '';
        if (pagination?.cursor) {
          afterId = pagination.cursor;
          from = Number(BigInt(pagination.cursor.split('-')[0] ?? '0') >> 32n);
        } else {
          from = startLedger ?? 0;
          if (from < OLDEST || from > LATEST)
            throw new JsonRpcError(
              -32600,
              `startLedger must be within the ledger range: ${OLDEST} - ${LATEST}`,
            );
        }
        const end = Math.min(from + 10_000, LATEST + 1, endLedger ?? Number.POSITIVE_INFINITY);
        const inWindow = EVENTS.filter((e) => e.ledger >= from && e.ledger < end && e.id > afterId);
        const page = inWindow.slice(0, limit);
        const cursor =
          page.length === limit
            ? (page.at(-1)?.id ?? '')
            : eventId(toid(end - 1, 1_048_575, 4095), 4_294_967_295);
        const events = page.map((e) => ({ ...eventTemplate, ledger: e.ledger, id: e.id }));
        return { events, latestLedger: LATEST, oldestLedger: OLDEST, ...closeTimes, cursor };
      },
    }),
  );
  client = createClient({ url: rpc.url });
});
afterAll(() => rpc.close());

const collect = async <T>(iterable: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
};

describe('getLedgers', () => {
  it('walks from startLedger to the latest ledger, following the cursor, without re-sending startLedger', async () => {
    calls.length = 0;
    const sequences = (
      await collect(
        paginateItems(client, 'getLedgers', { startLedger: LATEST - 19, pagination: { limit: 7 } }),
      )
    ).map((l) => l.sequence);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => LATEST - 19 + i));
    expect(calls).toHaveLength(3);
    expect(calls[1]?.params).toEqual({ pagination: { limit: 7, cursor: String(LATEST - 13) } });
  });

  it('stops after maxPages', async () => {
    const pages = await collect(
      paginate(client, 'getLedgers', { startLedger: 1, pagination: { limit: 3 } }, { maxPages: 4 }),
    );
    expect(pages).toHaveLength(4);
    expect(pages.at(-1)?.cursor).toBe('12');
  });

  it('passes the server’s error on (an out-of-range start is -32600)', async () => {
    await expect(collect(paginate(client, 'getLedgers', { startLedger: LATEST + 5 }))).rejects.toMatchObject({
      code: -32600,
    });
  });
});

describe('getTransactions', () => {
  it('collects every transaction after startLedger across pages (cursor is a TOID)', async () => {
    calls.length = 0;
    const txs = await collect(
      paginateItems(client, 'getTransactions', { startLedger: 30_000, pagination: { limit: 4 } }),
    );
    expect(txs.map((t) => [t.ledger, t.applicationOrder])).toEqual(
      TXS.filter((t) => t.ledger >= 30_000).map((t) => [t.ledger, t.order]),
    );
    // 12 transactions at 4 a page: three full pages and one empty one that proves the end.
    expect(calls.map((c) => c.params.startLedger)).toEqual([30_000, undefined, undefined, undefined]);
    expect(
      cursorLedger(
        'getTransactions',
        String(calls[1]?.params.pagination && (calls[1].params.pagination as { cursor: string }).cursor),
      ),
    ).toBe(31_000);
  });

  it('with the default limit one short page ends the walk', async () => {
    calls.length = 0;
    expect(await collect(paginateItems(client, 'getTransactions', { startLedger: 1 }))).toHaveLength(
      TXS.length,
    );
    expect(calls).toHaveLength(2);
  });
});

describe('getEvents', () => {
  it('walks over sparse 10000-ledger scan windows up to the latest ledger', async () => {
    calls.length = 0;
    const events = await collect(
      paginateItems(client, 'getEvents', { startLedger: 1, pagination: { limit: 2 } }),
    );
    expect(events.map((e) => e.ledger)).toEqual(EVENT_LEDGERS);
    const pages = calls.length;
    expect(pages).toBeGreaterThanOrEqual(4); // windows [1,10001) [10001..) [20001..) [30001..]: empty ones included
    expect(
      calls.slice(1).every((c) => c.params.startLedger === undefined && c.params.endLedger === undefined),
    ).toBe(true);
  });

  it('with endLedger, stops there and leaves later events out', async () => {
    const events = await collect(
      paginateItems(client, 'getEvents', { startLedger: 1, endLedger: 15_001, pagination: { limit: 1 } }),
    );
    expect(events.map((e) => e.ledger)).toEqual([5, 6, 15_000, 15_000]);
  });

  it('keeps filters and the limit on every page', async () => {
    calls.length = 0;
    const filters = [{ type: 'contract' as const }];
    await collect(
      paginate(client, 'getEvents', { startLedger: 1, filters, pagination: { limit: 2 } }, { maxPages: 3 }),
    );
    expect(calls.map((c) => c.params.filters)).toEqual([filters, filters, filters]);
    expect(calls.map((c) => (c.params.pagination as { limit: number }).limit)).toEqual([2, 2, 2]);
  });
});

describe('ends on a cursor that does not move', () => {
  it('stops instead of asking for the same page forever', async () => {
    const stuck = {
      call: async () => ({ ledgers: [{ sequence: 1 }], latestLedger: 100, cursor: '5' }),
    } as unknown as RpcClient;
    const pages = await collect(paginate(stuck, 'getLedgers', { pagination: { cursor: '4', limit: 1 } }));
    expect(pages.length).toBe(2);
  });
});

describe('cursorLedger', () => {
  it('reads the ledger of each cursor format', () => {
    expect(cursorLedger('getLedgers', '36234')).toBe(36_234);
    expect(cursorLedger('getTransactions', '1448572209876993')).toBe(337_272); // reference §3 getTransactions
    expect(cursorLedger('getEvents', '0016010972359577600-0000000001')).toBe(3_727_845);
    expect(cursorLedger('getEvents', 'garbage')).toBeUndefined();
  });
});
