// Reingestion from a data lake of the recorded real ledgers, on each engine: N workers write the
// same rows as one, and the same history as live ingestion; a rerun (or an overlapping range)
// leaves the same rows; state is never written; a range live ingestion owns is refused; a worker
// that fails fails the run, naming its ledgers. The workers run dist/reingest/worker.js (build first).
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Networks } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ingester } from '../../src/ingest/ingester.js';
import { lakeFile } from '../../src/reingest/lake.js';
import { type ReingestOptions, reingest } from '../../src/reingest/reingest.js';
import { HISTORY_TABLES } from '../../src/store/history-trim.js';
import { IndexStore } from '../../src/store/index-store.js';
import { ENGINES, type Engine } from '../support/databases.js';
import { dumpIndex } from '../support/index-dump.js';
import { type TestLake, writeLake } from '../support/lake.js';
import { NO_REAL_LEDGERS, realLedgersDir } from '../support/real-ledgers.js';

const WORKER = new URL('../../dist/reingest/worker.js', import.meta.url);
/** What reingestion writes: the history tables and the trades' asset ids. */
const WRITTEN = [...HISTORY_TABLES, 'trade_assets'];
const written = (dump: Record<string, string[]>) => Object.fromEntries(WRITTEN.map((t) => [t, dump[t]]));

const root = mkdtempSync(join(tmpdir(), 'starspec-reingest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let lake: TestLake;
// The six oldest recordings (protocols 2 to 20): hundreds of trades, the assets of the last two
// ledgers' trades overlapping, and few enough operations for a loaded machine.
beforeAll(() => {
  if (realLedgersDir)
    lake = writeLake(join(root, 'lake'), 1000, { ledgersPerBatch: 2, batchesPerPartition: 2 }, 6);
});

/** Every table but index_meta (which says what reingestion wrote last). */
async function tables(engine: Engine, location: string): Promise<Record<string, string[]>> {
  const driver = await engine.reopen(location);
  try {
    const { index_meta: _, ...dump } = await dumpIndex(driver);
    return dump;
  } finally {
    await driver.close();
  }
}

async function emptyIndex(engine: Engine): Promise<string> {
  const { location, driver } = await engine.open();
  await driver.close();
  return location;
}

const run = (database: string, options: Partial<ReingestOptions> = {}) =>
  reingest({
    from: lake.from,
    to: lake.to,
    workers: 1,
    source: { kind: 'lake', dir: lake.dir },
    database,
    workerUrl: WORKER,
    jobLedgers: 2,
    ...options,
  });

describe.skipIf(!realLedgersDir)(`reingestion${realLedgersDir ? '' : ` (${NO_REAL_LEDGERS})`}`, () => {
  describe.each(ENGINES)('on $name', (engine) => {
    it.skipIf(!engine.available)(
      'N workers write what one writes, and live ingestion’s history',
      async () => {
        const one = await emptyIndex(engine);
        const progress: number[] = [];
        const result = await run(one, {
          jobLedgers: 3,
          onProgress: (_job, written) => progress.push(written),
        });
        expect(result).toEqual({ written: lake.metas.length, stopped: false });
        expect(progress.at(-1)).toBe(lake.metas.length);
        const three = await emptyIndex(engine);
        // One ledger per job: the ledgers whose trades share assets go to different workers.
        await run(three, { workers: 3, jobLedgers: 1 });
        const byOne = await tables(engine, one);
        expect(byOne.trades?.length, 'the recordings have trades').toBeGreaterThan(0);
        expect(byOne.trade_assets?.length).toBeGreaterThan(2);
        expect(await tables(engine, three)).toEqual(byOne);
        // Nothing but history: every other table (current state) is empty.
        for (const [table, rows] of Object.entries(byOne))
          if (!WRITTEN.includes(table)) expect(rows, table).toEqual([]);

        const live = await engine.open();
        const store = await IndexStore.open(live.driver, Networks.PUBLIC);
        await new Ingester(store).ingestMany(lake.metas);
        await store.close();
        expect(written(await tables(engine, live.location))).toEqual(written(byOne));
      },
    );

    it.skipIf(!engine.available)(
      'a rerun, or a range overlapping the last, leaves the same rows',
      async () => {
        const location = await emptyIndex(engine);
        await run(location, { workers: 2 });
        const first = await tables(engine, location);
        await run(location, { workers: 2 });
        expect(await tables(engine, location)).toEqual(first);
        await run(location, { from: lake.from + 3, to: lake.to - 2, workers: 3, jobLedgers: 1 });
        expect(await tables(engine, location)).toEqual(first);
      },
    );

    it.skipIf(!engine.available)(
      'refuses a range reaching the latest live ledger; writes one before it',
      async () => {
        const live = await engine.open();
        const store = await IndexStore.open(live.driver, Networks.PUBLIC);
        await new Ingester(store).ingestMany(lake.metas);
        await store.close();
        const before = await tables(engine, live.location);
        await expect(run(live.location, { from: lake.from + 2 })).rejects.toThrow(
          `the index's latest ledger, ${lake.to}, was ingested live: reingest ledgers before it (--to ${lake.to - 1} at most)`,
        );
        await run(live.location, { to: lake.to - 1, workers: 2 });
        expect(await tables(engine, live.location)).toEqual(before);
      },
    );

    it.skipIf(!engine.available)('a failing worker fails the run and names its ledgers', async () => {
      const broken = join(root, `broken-${engine.name}`);
      cpSync(lake.dir, broken, { recursive: true });
      const file = join(broken, lakeFile(lake.manifest, lake.from + 4));
      writeFileSync(file, 'not zstd');
      const location = await emptyIndex(engine);
      await expect(run(location, { source: { kind: 'lake', dir: broken }, workers: 2 })).rejects.toThrow(
        `ledgers ${lake.from + 4}–${lake.from + 5}: ${file} is not a valid zstd file`,
      );
    });
  });
});
