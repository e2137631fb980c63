// Paging across many ledgers (getLedgers, getTransactions, getEvents walked to the end with their
// cursors), the 10,000-ledger scan window of getEvents, and the retention window: what falls out
// of it answers as stellar-rpc answers.
import {
  type Account,
  Asset,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, fund, result, type TestSandbox, testSandbox } from '../support/sandbox.js';

interface Page {
  cursor: string;
  latestLedger: number;
}
type LedgersPage = Page & { ledgers: { sequence: number }[] };
type TransactionsPage = Page & {
  transactions: { txHash: string; ledger: number; applicationOrder: number }[];
};
type EventsPage = Page & { events: { id: string; ledger: number }[] };

let t: TestSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
/** Hashes of the payments, by ledger. */
const paid = new Map<number, string[]>();

function payment(from: Keypair, account: Account, to: Keypair): string {
  const tx = new TransactionBuilder(account, { fee: '100', networkPassphrase: t.net.passphrase })
    .addOperation(Operation.payment({ destination: to.publicKey(), asset: Asset.native(), amount: '1' }))
    .setTimeout(TimeoutInfinite)
    .build();
  tx.sign(from);
  expect(t.net.network.submit(tx.toXdr()).status).toBe('PENDING');
  return Buffer.from(tx.hash()).toString('hex');
}

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 'manual' });
  await fund(t, alice, bob);
  const accounts = await Promise.all([alice, bob].map((kp) => t.server.getAccount(kp.publicKey())));
  // 40 ledgers: one payment in most, two in every third, none in every fifth.
  for (let i = 0; i < 40; i++) {
    const hashes: string[] = [];
    if (i % 5 !== 4) hashes.push(payment(alice, accounts[0] as Account, bob));
    if (i % 3 === 0) hashes.push(payment(bob, accounts[1] as Account, alice));
    paid.set(t.net.closeLedger(), hashes);
  }
});
afterAll(async () => {
  await t.net.stop();
  expect(t.errors).toEqual([]);
});

describe('getLedgers', () => {
  it('walks every ledger from the oldest with cursor pages, the last page echoing the cursor', async () => {
    const seen: number[] = [];
    let page = await result<LedgersPage>(t.net, 'getLedgers', { startLedger: 2, pagination: { limit: 7 } });
    for (;;) {
      seen.push(...page.ledgers.map((l) => l.sequence));
      expect(page.cursor).toBe(String(seen.at(-1)));
      // Past the latest ledger the next page's start is out of range, as on stellar-rpc.
      const next = await call(t.net, 'getLedgers', { pagination: { cursor: page.cursor, limit: 7 } });
      if (next.error) break;
      page = next.result as unknown as LedgersPage;
    }
    const latest = t.net.ledger.latestSequence;
    expect(seen).toEqual(Array.from({ length: latest - 1 }, (_, i) => i + 2));
  });

  it.each([
    ['no limit: 50', { startLedger: 2 }, 42],
    ['limit 0: the default', { startLedger: 2, pagination: { limit: 0 } }, 42],
    ['limit 200', { startLedger: 2, pagination: { limit: 200 } }, 42],
    ['limit 5', { startLedger: 10, pagination: { limit: 5 } }, 5],
  ])('%s', async (_name, params, want) => {
    const page = await result<LedgersPage>(t.net, 'getLedgers', params);
    expect(page.ledgers).toHaveLength(Math.min(want, t.net.ledger.latestSequence - params.startLedger + 1));
  });

  it('a cursor at the latest ledger is out of range (the next page would start after it)', async () => {
    const latest = t.net.ledger.latestSequence;
    const answer = await call(t.net, 'getLedgers', { pagination: { cursor: String(latest) } });
    expect(answer.error).toEqual({
      code: -32602,
      message: `cursor ('${latest}') must be between the oldest ledger: 2 and the latest ledger: ${latest} for this rpc instance`,
    });
  });
});

describe('getTransactions', () => {
  it('walks every transaction in ledger and application order, pages of 3', async () => {
    const seen: TransactionsPage['transactions'] = [];
    let page = await result<TransactionsPage>(t.net, 'getTransactions', {
      startLedger: 2,
      pagination: { limit: 3 },
    });
    for (;;) {
      seen.push(...page.transactions);
      if (page.transactions.length < 3) break;
      page = await result<TransactionsPage>(t.net, 'getTransactions', {
        pagination: { cursor: page.cursor, limit: 3 },
      });
    }
    const order = seen.map((tx) => [tx.ledger, tx.applicationOrder]);
    expect(order).toEqual(
      [...order].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)),
    );
    for (const [ledger, hashes] of paid) {
      expect(new Set(seen.filter((tx) => tx.ledger === ledger).map((tx) => tx.txHash))).toEqual(
        new Set(hashes),
      );
    }
    expect(new Set(seen.map((tx) => tx.txHash)).size).toBe(seen.length);
  });

  it('the cursor is the TOID of the last transaction: ledger << 32 | order << 12 | 1', async () => {
    const [ledger, hashes] = [...paid].find(([, h]) => h.length === 2) as [number, string[]];
    const page = await result<TransactionsPage>(t.net, 'getTransactions', {
      startLedger: ledger,
      pagination: { limit: 2 },
    });
    expect(page.transactions.map((tx) => tx.txHash).sort()).toEqual([...hashes].sort());
    expect(page.cursor).toBe(String((BigInt(ledger) << 32n) | (2n << 12n) | 1n));
  });
});

describe('getEvents', () => {
  async function walk(limit: number, filters: unknown[] = []): Promise<EventsPage['events']> {
    const seen: EventsPage['events'] = [];
    let page = await result<EventsPage>(t.net, 'getEvents', {
      startLedger: 2,
      filters,
      pagination: { limit },
    });
    for (;;) {
      seen.push(...page.events);
      const next = await result<EventsPage>(t.net, 'getEvents', {
        filters,
        pagination: { cursor: page.cursor, limit },
      });
      if (next.events.length === 0 && next.cursor === page.cursor) return seen;
      page = next;
    }
  }

  it('pages of 4 with the returned cursors give every event once, as one page of all does', async () => {
    const all = await result<EventsPage>(t.net, 'getEvents', {
      startLedger: 2,
      pagination: { limit: 10_000 },
    });
    const paged = await walk(4);
    expect(paged.map((e) => e.id)).toEqual(all.events.map((e) => e.id));
    // Each payment has a fee and a transfer event; the friendbot ledger a fee and a mint or transfer per account.
    const payments = [...paid.values()].flat().length;
    expect(all.events.length).toBeGreaterThanOrEqual(payments * 2);
    expect([...all.events.map((e) => e.id)].sort()).toEqual(all.events.map((e) => e.id));
  });

  it('a page that is not full ends with the largest cursor of the last ledger scanned', async () => {
    const latest = t.net.ledger.latestSequence;
    const page = await result<EventsPage>(t.net, 'getEvents', { startLedger: latest - 1 });
    const toid = (BigInt(latest) << 32n) | (0xfffffn << 12n) | 0xfffn;
    expect(page.cursor).toBe(`${toid.toString().padStart(19, '0')}-4294967295`);
  });
});

describe('the 10,000-ledger scan window of getEvents', () => {
  it('one call reads ledgers start .. start+9,999; the cursor continues after them', async () => {
    const w = await testSandbox({ closeEvery: 'manual' });
    const carol = Keypair.random();
    for (let i = 0; i < 10_000; i++) w.net.closeLedger();
    await fund(w, carol); // its events are in ledger 10,003, outside the first window from ledger 2
    const first = await result<EventsPage>(w.net, 'getEvents', {
      startLedger: 3,
      pagination: { limit: 10_000 },
    });
    expect(first.events).toEqual([]);
    expect(
      first.cursor.startsWith(String((10_002n << 32n) | (0xfffffn << 12n) | 0xfffn).padStart(19, '0')),
    ).toBe(true);
    const next = await result<EventsPage>(w.net, 'getEvents', { pagination: { cursor: first.cursor } });
    expect(new Set(next.events.map((e) => e.ledger))).toEqual(new Set([10_003]));
    await w.net.stop();
    expect(w.errors).toEqual([]);
  });
});

describe('retention', () => {
  it('keeps the last N ledgers; older ones answer as out of range or not found', async () => {
    const r = await testSandbox({ closeEvery: 'manual', retention: 5 });
    const dave = Keypair.random();
    await fund(r, dave);
    const funded = await r.server.getTransactions({ startLedger: 3, pagination: { limit: 1 } });
    const hash = funded.transactions[0]?.txHash as string;
    for (let i = 0; i < 6; i++) r.net.closeLedger();
    const latest = r.net.ledger.latestSequence;
    const oldest = latest - 4;

    const health = await result<{
      oldestLedger: number;
      latestLedger: number;
      ledgerRetentionWindow: number;
    }>(r.net, 'getHealth');
    expect(health).toMatchObject({ oldestLedger: oldest, latestLedger: latest, ledgerRetentionWindow: 5 });
    expect(r.net.ledger.history.oldest()?.sequence).toBe(oldest);
    expect((await result<{ status: string }>(r.net, 'getTransaction', { hash })).status).toBe('NOT_FOUND');

    const outOfRange = [
      [
        'getLedgers',
        { startLedger: 3 },
        -32600,
        `start ledger (3) must be between the oldest ledger: ${oldest} and the latest ledger: ${latest} for this rpc instance`,
      ],
      [
        'getTransactions',
        { startLedger: 3 },
        -32600,
        // go-stellar-sdk v0.7 ValidatePagination, as stellar-rpc's get_transactions_test.go expects it.
        `start ledger (3) must be between the oldest ledger: ${oldest} and the latest ledger: ${latest} for this rpc instance`,
      ],
      [
        'getTransactions',
        { pagination: { cursor: String(3n << 32n) } },
        -32602,
        'database does not contain metadata for ledger: 3',
      ],
      [
        'getEvents',
        { startLedger: 3 },
        -32600,
        `startLedger must be within the ledger range: ${oldest} - ${latest}`,
      ],
      [
        'getEvents',
        { startLedger: latest + 1 },
        -32600,
        `startLedger must be within the ledger range: ${oldest} - ${latest}`,
      ],
    ] as const;
    for (const [method, params, code, message] of outOfRange) {
      expect((await call(r.net, method, params)).error, `${method} ${JSON.stringify(params)}`).toEqual({
        code,
        message,
      });
    }
    await r.net.stop();
    expect(r.errors).toEqual([]);
  });
});
