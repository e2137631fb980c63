/**
 * Ledgers ingested a batch at a time (one transaction each) leave the index exactly as ingesting
 * them one at a time does, in a few statements per table rather than one per row; a batch that
 * fails part-way leaves the index at the ledger before it, and ingesting it again completes it.
 * Batches handed over without waiting are derived ahead (the next while one is written), and a
 * failed batch voids what was derived after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDeriver } from '../../src/ingest/derive-ledgers.js';
import { Ingester } from '../../src/ingest/ingester.js';
import { IndexStore } from '../../src/store/index-store.js';
import { openSqlite } from '../../src/store/sqlite.js';
import { ENGINES } from '../support/databases.js';
import { runWorkload, type Workload } from '../support/effects-workload.js';
import { countingDriver, dumpIndex } from '../support/index-dump.js';
import { testLedger } from '../support/ledger.js';

let work: Workload;
let metas: string[];
let reference: Record<string, string[]>;
let first: number;

beforeAll(async () => {
  // Ingested one ledger per transaction as it closes: the reference.
  const db = openSqlite(':memory:');
  work = await runWorkload(await testLedger({ driver: db }));
  first = (await work.t.store.oldestLedger()) as number;
  const latest = work.t.network.ledger.latestSequence;
  metas = work.t.network.closed.range(first, latest).map((record) => record.closed.meta.toXDR('base64'));
  reference = await dumpIndex(db);
});

const chunk = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

describe.each(ENGINES)('batched ingestion on $name', (engine) => {
  it.skipIf(!engine.available)('leaves the index as ledger-by-ledger ingestion does', async () => {
    expect(metas.length).toBeGreaterThan(10);
    const { driver } = await engine.open();
    const store = await IndexStore.open(driver, work.t.network.passphrase);
    const ingester = new Ingester(store);
    for (const batch of chunk(metas, 4))
      expect(await ingester.ingestMany(batch)).toEqual(batch.map(() => true));
    // Again: the index has them all, and says so.
    expect(await ingester.ingestMany(metas.slice(0, 3))).toEqual([false, false, false]);
    expect(await dumpIndex(driver)).toEqual(reference);
    await store.close();
  });

  it.skipIf(!engine.available)('writes a batch in a few statements per table, not one per row', async () => {
    const { driver } = await engine.open();
    const counting = countingDriver(driver);
    const store = await IndexStore.open(counting, work.t.network.passphrase);
    const ingester = new Ingester(store);
    const rows = Object.values(reference).reduce((n, table) => n + table.length, 0);
    const before = counting.statements;
    await ingester.ingestMany(metas);
    const statements = counting.statements - before;
    // The workload's ledgers hold hundreds of rows (a statement each, ledger by ledger); their
    // batch takes a few statements per table and one read per kind of state record.
    expect(rows).toBeGreaterThan(400);
    expect(statements).toBeLessThanOrEqual(80);
    expect(await dumpIndex(driver)).toEqual(reference);
    await store.close();
  });

  it.skipIf(!engine.available)(
    'keeps nothing of a batch that fails part-way, then completes it',
    async () => {
      const { driver } = await engine.open();
      const counting = countingDriver(driver);
      const store = await IndexStore.open(counting, work.t.network.passphrase);
      const ingester = new Ingester(store);
      const [head = [], ...rest] = chunk(metas, 5);
      await ingester.ingestMany(head);
      const committed = first + head.length - 1;
      const written = await dumpIndex(driver);
      for (const failAt of [3, 12]) {
        counting.failAt(failAt);
        await expect(ingester.ingestMany(rest.flat())).rejects.toThrow('a crash');
        expect(await store.latestLedger()).toBe(committed);
        expect(await dumpIndex(driver)).toEqual(written);
      }
      // A new process on the same index: it resumes after the last committed ledger.
      const resumed = new Ingester(store);
      expect(await resumed.ingestMany(rest.flat())).toEqual(rest.flat().map(() => true));
      expect(await dumpIndex(driver)).toEqual(reference);
      await store.close();
    },
  );

  it.skipIf(!engine.available)(
    'derives the next batch while it writes one, and leaves the index as ledger-by-ledger ingestion does',
    async () => {
      const { driver } = await engine.open();
      const store = await IndexStore.open(driver, work.t.network.passphrase);
      const log: string[] = [];
      const local = localDeriver(store.passphrase);
      const deriver = {
        ...local,
        derive: (...args: Parameters<typeof local.derive>) => {
          log.push(`derive ${args[0].length}`);
          return local.derive(...args);
        },
      };
      const write = store.ingestMany.bind(store);
      store.ingestMany = async (batches) => {
        const count = await write(batches);
        log.push(`written ${batches.length}`);
        return count;
      };
      const ingester = new Ingester(store, { deriver });
      const batches = chunk(metas, 4);
      const answers = await Promise.all(batches.map((batch) => ingester.ingestMany(batch)));
      expect(answers).toEqual(batches.map((batch) => batch.map(() => true)));
      // Each batch derived once, the second before the first is written.
      expect(log.filter((line) => line.startsWith('derive'))).toHaveLength(batches.length);
      expect(log.indexOf('derive 4', 1)).toBeLessThan(log.indexOf('written 4'));
      expect(await dumpIndex(driver)).toEqual(reference);
      await store.close();
    },
  );

  it.skipIf(!engine.available)('derives again what followed a failed batch', async () => {
    const { driver } = await engine.open();
    const counting = countingDriver(driver);
    const store = await IndexStore.open(counting, work.t.network.passphrase);
    const ingester = new Ingester(store);
    const [head = [], second = [], ...rest] = chunk(metas, 5);
    await ingester.ingestMany(head);
    counting.failAt(3);
    const failed = ingester.ingestMany(second);
    const after = ingester.ingestMany(rest.flat());
    await expect(failed).rejects.toThrow('a crash');
    // Derived ahead as if the failed batch were written: refused, as ledgers that do not follow.
    await expect(after).rejects.toThrow('does not follow');
    expect(await ingester.ingestMany([...second, ...rest.flat()])).toEqual(
      [...second, ...rest.flat()].map(() => true),
    );
    expect(await dumpIndex(driver)).toEqual(reference);
    await store.close();
  });
});
