/**
 * Following stops when asked, whatever it was doing: a stop that comes while a call to the RPC
 * server is under way does not wait out the poll interval after it. Each poll's wait takes its
 * abort listener away with it. Between two batches of a page the event loop turns, so that a
 * request is answered even when the index's calls never wait on I/O (SQLite). While catching up,
 * the next page is asked for before the current one is ingested (the first, far behind, is one
 * batch), a failed page is asked again, and batches stay in flight across a page's end.
 */
import { getEventListeners } from 'node:events';
import type { RpcClient } from '@starspec/ledger-rpc/client';
import { describe, expect, it } from 'vitest';
import { followRpc } from '../../src/gateway/follow.js';
import type { Ingester } from '../../src/ingest/ingester.js';

const caughtUp = {
  parallelDerivations: 1,
  store: { latestLedger: async () => 5 },
  ingest: async () => undefined,
} as unknown as Ingester;

describe('followRpc', () => {
  it('stops at once when stopped during a call, with a long poll interval', async () => {
    const abort = new AbortController();
    const client = {
      getHealth: async () => ({ status: 'healthy', oldestLedger: 1, latestLedger: 5 }),
      getLatestLedger: async () => {
        abort.abort();
        return { id: '', protocolVersion: 23, sequence: 5 };
      },
    } as unknown as RpcClient;
    const started = performance.now();
    await followRpc({ client, ingester: caughtUp, pollMs: 60_000, signal: abort.signal });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('leaves no abort listener behind after each poll', async () => {
    const abort = new AbortController();
    const listeners: number[] = [];
    const client = {
      getHealth: async () => ({ status: 'healthy', oldestLedger: 1, latestLedger: 5 }),
      getLatestLedger: async () => {
        listeners.push(getEventListeners(abort.signal, 'abort').length);
        if (listeners.length === 50) abort.abort();
        return { id: '', protocolVersion: 23, sequence: 5 };
      },
    } as unknown as RpcClient;
    await followRpc({ client, ingester: caughtUp, pollMs: 0, signal: abort.signal });
    expect(listeners).toHaveLength(50);
    expect(Math.max(...listeners)).toBe(0);
  });

  it('lets the event loop turn between the batches of a page', async () => {
    const abort = new AbortController();
    const events: string[] = [];
    const ledgers = [1, 2, 3].map((sequence) => ({ sequence, metadataXdr: '' }));
    const client = {
      getHealth: async () => ({ status: 'healthy', oldestLedger: 1, latestLedger: 3 }),
      getLatestLedger: async () => ({ id: '', protocolVersion: 23, sequence: 3 }),
      getLedgers: async () => ({ ledgers, latestLedger: 3, oldestLedger: 1 }),
    } as unknown as RpcClient;
    // An index whose every call answers at once, as SQLite's do: no I/O lets the loop turn.
    const ingester = {
      parallelDerivations: 1,
      store: { latestLedger: async () => undefined, stateLedger: async () => undefined },
      ingestMany: async (metas: string[]) => {
        events.push(`batch ${events.filter((e) => e.startsWith('batch')).length + 1}`);
        // What the loop has to run meanwhile: a request come in during the first batch.
        if (events.length === 1) setImmediate(() => events.push('request'));
        return metas.map(() => true);
      },
    } as unknown as Ingester;
    const onProgress = (sequence: number) => sequence === 3 && abort.abort();
    await followRpc({ client, ingester, batchLedgers: 1, onProgress, signal: abort.signal });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['batch 1', 'request', 'batch 2', 'batch 3']);
  });

  /** A server of ledgers 1–4 in pages of 2, whose getLedgers calls are logged (and fail while `failing` says so). */
  function pagedServer(events: string[], failing: () => boolean) {
    const ledgers = [1, 2, 3, 4].map((sequence) => ({ sequence, metadataXdr: '' }));
    return {
      getHealth: async () => ({ status: 'healthy', oldestLedger: 1, latestLedger: 4 }),
      getLatestLedger: async () => ({ id: '', protocolVersion: 23, sequence: 4 }),
      getLedgers: async ({ startLedger }: { startLedger: number }) => {
        events.push(`ask ${startLedger}`);
        if (failing()) throw new Error(`page ${startLedger} failed`);
        const page = ledgers.filter((l) => l.sequence >= startLedger).slice(0, 2);
        return { ledgers: page, latestLedger: 4, oldestLedger: 1 };
      },
    } as unknown as RpcClient;
  }

  const loggingIngester = (events: string[]) =>
    ({
      parallelDerivations: 1,
      store: { latestLedger: async () => undefined, stateLedger: async () => undefined },
      ingestMany: async (metas: string[]) => {
        events.push(`ingest ${metas.length}`);
        return metas.map(() => true);
      },
    }) as unknown as Ingester;

  const table = [
    {
      given: 'every page answered',
      failures: 0,
      want: ['ask 1', 'ask 3', 'ingest 2', 'ledger 2', 'ingest 2', 'ledger 4'],
    },
    {
      given: 'the page asked ahead failing once',
      failures: 1,
      want: [
        'ask 1',
        'ask 3',
        'ingest 2',
        'ledger 2',
        'error page 3 failed',
        'ask 3',
        'ingest 2',
        'ledger 4',
      ],
    },
  ];
  for (const { given, failures, want } of table)
    it(`asks for the next page while it ingests one: ${given}`, async () => {
      const abort = new AbortController();
      const events: string[] = [];
      let failed = 0;
      const client = pagedServer(events, () => events.at(-1) === 'ask 3' && failed++ < failures);
      await followRpc({
        client,
        ingester: loggingIngester(events),
        batchLedgers: 2,
        pollMs: 0,
        signal: abort.signal,
        onProgress: (sequence) => {
          events.push(`ledger ${sequence}`);
          if (sequence === 4) abort.abort();
        },
        onError: (error) => events.push(`error ${(error as Error).message}`),
      });
      expect(events.filter((e) => e !== 'ledger 1' && e !== 'ledger 3')).toEqual(want);
    });

  /** A server of ledgers 1–`count` that logs each getLedgers call with its limit. */
  function limitedServer(events: string[], count: number) {
    const ledgers = Array.from({ length: count }, (_, i) => ({ sequence: i + 1, metadataXdr: '' }));
    return {
      getHealth: async () => ({ status: 'healthy', oldestLedger: 1, latestLedger: count }),
      getLatestLedger: async () => ({ id: '', protocolVersion: 23, sequence: count }),
      getLedgers: async ({
        startLedger,
        pagination,
      }: {
        startLedger: number;
        pagination: { limit: number };
      }) => {
        events.push(`ask ${startLedger} limit ${pagination.limit}`);
        const page = ledgers.filter((l) => l.sequence >= startLedger).slice(0, pagination.limit);
        return { ledgers: page, latestLedger: count, oldestLedger: 1 };
      },
    } as unknown as RpcClient;
  }

  it('asks for the first page as one batch when far behind, then full pages', async () => {
    const abort = new AbortController();
    const events: string[] = [];
    await followRpc({
      client: limitedServer(events, 10),
      ingester: loggingIngester([]),
      batchLedgers: 2,
      pageSize: 4,
      pollMs: 0,
      signal: abort.signal,
      onProgress: (sequence) => sequence === 10 && abort.abort(),
    });
    expect(events).toEqual(['ask 1 limit 2', 'ask 3 limit 4', 'ask 7 limit 4']);
  });

  it("hands over the next page's first batch before the last of the page before is written", async () => {
    const abort = new AbortController();
    const events: string[] = [];
    // Each batch is written once the next one is handed over, or after 20 turns of the event
    // loop without one (so a follower that waits for it does not wait forever); the last at once.
    const writes: (() => void)[] = [];
    const afterTurns = (turns: number, then: () => void): unknown =>
      turns === 0 ? then() : setImmediate(() => afterTurns(turns - 1, then));
    const ingester = {
      parallelDerivations: 1,
      store: { latestLedger: async () => undefined, stateLedger: async () => undefined },
      ingestMany: (metas: string[]) => {
        const number = writes.length + 1;
        events.push(`hand ${number}`);
        writes.at(-1)?.();
        return new Promise<boolean[]>((resolve) => {
          let done = false;
          const write = () => {
            if (done) return;
            done = true;
            events.push(`written ${number}`);
            resolve(metas.map(() => true));
          };
          writes.push(write);
          if (number === 4) write();
          else afterTurns(20, write);
        });
      },
    } as unknown as Ingester;
    await followRpc({
      client: limitedServer([], 4),
      ingester,
      batchLedgers: 1,
      pageSize: 2,
      pollMs: 0,
      signal: abort.signal,
      onProgress: (sequence) => sequence === 4 && abort.abort(),
    });
    // Ledgers 1–2 are the first page, 3–4 the second.
    expect(events.indexOf('hand 3')).toBeLessThan(events.indexOf('written 2'));
    expect(events.filter((e) => e.startsWith('written'))).toEqual([
      'written 1',
      'written 2',
      'written 3',
      'written 4',
    ]);
  });

  // One batch is written while as many as the ingester derives side by side are derived.
  it.each([
    { given: 'one derivation at a time', parallel: 1, want: 2 },
    { given: 'two derivations side by side', parallel: 2, want: 3 },
  ])('hands over at most one batch more than it derives side by side: $given', async ({ parallel, want }) => {
    const abort = new AbortController();
    const writes: (() => void)[] = [];
    const ingester = {
      parallelDerivations: parallel,
      store: { latestLedger: async () => undefined, stateLedger: async () => undefined },
      // No batch is written until every one handed over so far is released.
      ingestMany: (metas: string[]) =>
        new Promise<boolean[]>((resolve) => writes.push(() => resolve(metas.map(() => true)))),
    } as unknown as Ingester;
    const following = followRpc({
      client: limitedServer([], 6),
      ingester,
      batchLedgers: 1,
      pageSize: 6,
      pollMs: 0,
      signal: abort.signal,
    });
    for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
    const handed = writes.length;
    abort.abort();
    for (let turn = 0; turn < 50 && writes.length > 0; turn++) {
      for (const write of writes.splice(0)) write();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await following;
    expect(handed).toBe(want);
  });
});
