/**
 * Real pubnet ledgers (protocols 2 to 26, Soroban ones among them) through the index and its REST
 * face: per ledger, the operations of each type, the payments (SAC-event ones among them), the
 * credits and debits of SAC events and each invoke_host_function's asset_balance_changes are what
 * the LedgerCloseMeta says, counted from it with the SDK alone (support/meta-counts.ts).
 */
import { Networks } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { Ingester } from '../src/ingest/ingester.js';
import { IndexStore } from '../src/store/index-store.js';
import { openSqlite } from '../src/store/sqlite.js';
import type { Row } from './support/crawl.js';
import { serveFace } from './support/face.js';
import { metaCounts } from './support/meta-counts.js';
import { NO_REAL_LEDGERS, realLedgers, realLedgersDir } from './support/real-ledgers.js';

const PAGE = 200;
const SAC_EFFECTS = new Set(['account_credited', 'account_debited', 'contract_credited', 'contract_debited']);

/** Every record of a collection, ascending. */
async function records(origin: string, path: string): Promise<Row[]> {
  const found: Row[] = [];
  let url = `${origin}${path}${path.includes('?') ? '&' : '?'}limit=${PAGE}`;
  for (let pages = 0; pages < 1000; pages++) {
    const response = await fetch(url);
    expect(response.status, url).toBe(200);
    const page = (await response.json()) as Row;
    const rows: Row[] = page._embedded.records;
    found.push(...rows);
    if (rows.length < PAGE) return found;
    url = page._links.next.href;
  }
  throw new Error(`${path}: more than 1000 pages`);
}

function tally(rows: Row[], key: (row: Row) => string | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const k = key(row);
    if (k !== undefined) counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

interface Served {
  operations: Record<string, number>;
  payments: number;
  sacEffects: Record<string, number>;
  sacEventsByTx: Map<string, number>;
}

/** What the face serves of one ledger, in the shape of MetaCounts. */
async function served(origin: string, sequence: number): Promise<Served> {
  const operations = await records(origin, `/ledgers/${sequence}/operations?include_failed=true`);
  const payments = await records(origin, `/ledgers/${sequence}/payments?include_failed=true`);
  const effects = await records(origin, `/ledgers/${sequence}/effects`);
  const invokes = new Set(operations.filter((op) => op.type === 'invoke_host_function').map((op) => op.id));
  const sacEventsByTx = new Map<string, number>();
  for (const op of operations) {
    const changes = op.asset_balance_changes?.length ?? 0;
    if (changes > 0) sacEventsByTx.set(op.transaction_hash, changes);
  }
  return {
    operations: tally(operations, (op) => op.type),
    payments: payments.length,
    // Of invoke_host_function alone: classic payments credit and debit accounts too.
    sacEffects: tally(effects, (effect) =>
      SAC_EFFECTS.has(effect.type) && invokes.has(String(effect.paging_token).split('-')[0])
        ? effect.type
        : undefined,
    ),
    sacEventsByTx,
  };
}

const data = realLedgersDir ? realLedgers() : { ledgers: [], skipped: [] };

const title = realLedgersDir
  ? 'real pubnet ledgers through the REST face'
  : `real pubnet ledgers: skipped, ${NO_REAL_LEDGERS}`;

describe.skipIf(!realLedgersDir)(title, () => {
  const expected = new Map(
    data.ledgers.map((ledger) => [ledger.sequence, metaCounts(ledger.meta, Networks.PUBLIC)]),
  );

  it('has the Soroban-era ledgers of every protocol the data holds (zstd needs the zstd command)', () => {
    expect(data.skipped.filter((file) => !file.endsWith('.zstd'))).toEqual([]);
    expect(data.ledgers.length).toBeGreaterThanOrEqual(10);
    const invoking = [...expected.values()].filter((counts) => counts.operations.invoke_host_function);
    expect(invoking.length).toBeGreaterThanOrEqual(4);
  });

  it.each(data.ledgers.map((ledger) => [ledger.sequence, ledger.file] as const))(
    'ledger %i (%s): operations by type, payments, SAC credits and debits, asset_balance_changes',
    async (sequence) => {
      const ledger = data.ledgers.find((l) => l.sequence === sequence);
      const want = expected.get(sequence);
      if (!ledger || !want) throw new Error(`no ledger ${sequence}`);
      // An index of its own: the index takes ledgers one after another only.
      const ingester = new Ingester(await IndexStore.open(openSqlite(':memory:'), Networks.PUBLIC));
      expect(await ingester.ingest(ledger.meta)).toBe(true);
      const face = await serveFace(ingester);
      try {
        const got = await served(face.url, sequence);
        expect(got.operations).toEqual(want.operations);
        expect(got.payments).toBe(want.payments);
        expect(got.sacEffects).toEqual(want.sacEffects);
        expect(got.sacEventsByTx).toEqual(want.sacEventsByTx);
      } finally {
        await face.stop();
      }
    },
  );

  it('the Soroban ledgers carry SAC payments and contract credits or debits', () => {
    const all = [...expected.values()];
    const sacPayments = all.reduce((n, counts) => n + counts.sacEventsByTx.size, 0);
    const contractEffects = all.reduce(
      (n, counts) =>
        n + (counts.sacEffects.contract_credited ?? 0) + (counts.sacEffects.contract_debited ?? 0),
      0,
    );
    expect(sacPayments).toBeGreaterThan(0);
    expect(contractEffects).toBeGreaterThan(0);
  });
});
