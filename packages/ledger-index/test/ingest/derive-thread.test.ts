/**
 * Ledgers derived in the derivation thread are what deriving them here gives (their bodies come
 * written as JSON, and read back are the same); a ledger the thread
 * cannot read fails the call with the reader's message; a run asked for at once (of one thread or
 * of two deriving side by side) is derived as one batch after the other, and what continues a
 * failed one fails; a script awaiting a derivation is not
 * ended while it waits (the idle thread does not keep a process alive, an asked one does).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Networks } from '@stellar/stellar-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import type { BodyJson } from '../../src/derive/records.js';
import {
  type DerivedLedgers,
  type DeriveStart,
  deriveLedgers,
  endOf,
  localDeriver,
  NOTHING_TO_CONTINUE,
} from '../../src/ingest/derive-ledgers.js';
import { threadDeriver } from '../../src/ingest/derive-thread.js';
import { DERIVE_WORKER } from '../support/ingest-worker.js';
import { NO_REAL_LEDGERS, realLedgers, realLedgersDir } from '../support/real-ledgers.js';

const deriver = threadDeriver(Networks.PUBLIC, DERIVE_WORKER);

/** The derivation with each body written as JSON read back, to compare with one derived here. */
function bodiesRead(derived: DerivedLedgers): DerivedLedgers {
  const read = <R extends { body: object }>(rows: R[]) =>
    rows.map((row) =>
      'bodyJson' in row.body ? { ...row, body: JSON.parse((row.body as BodyJson).bodyJson) } : row,
    );
  return {
    ...derived,
    batches: derived.batches.map((batch) => ({
      ...batch,
      transactions: read(batch.transactions),
      operations: read(batch.operations),
      effects: read(batch.effects),
    })),
  };
}
/** The package's entry as built (dist: build first). */
const BUILT = new URL('../../dist/index.js', import.meta.url);
afterAll(() => deriver.close());

describe('the derivation thread', () => {
  it.skipIf(!realLedgersDir)('derives real ledgers as this thread does, from a ledger on', async () => {
    if (!realLedgersDir) throw new Error(NO_REAL_LEDGERS);
    // Three ledgers of protocols 17, 19 and 20 (a Soroban one among them).
    const ledgers = realLedgers().ledgers.slice(3, 6);
    const metas = ledgers.map(({ meta }) => meta.toXdr('base64'));
    const assets = new Map([['native', 1]]);
    for (const after of [undefined, ledgers[0]?.sequence]) {
      const want = deriveLedgers(metas, Networks.PUBLIC, after, assets);
      expect(want.batches).toHaveLength(after === undefined ? 3 : 2);
      const derived = await deriver.derive(metas, { after, assets });
      // The bodies came written: the store keeps them as they are.
      expect(derived.batches[0]?.transactions[0]?.body).toHaveProperty('bodyJson');
      expect(bodiesRead(derived), `after ${after}`).toEqual(want);
    }
  });

  const derivers = [
    { given: 'the derivation thread', make: () => threadDeriver(Networks.PUBLIC, DERIVE_WORKER) },
    // Runs derived side by side, then numbered in order here.
    { given: 'two derivation threads', make: () => threadDeriver(Networks.PUBLIC, DERIVE_WORKER, 2) },
    { given: 'this thread', make: () => localDeriver(Networks.PUBLIC) },
  ];
  for (const { given, make } of derivers) {
    it.skipIf(!realLedgersDir)(
      `derives a run asked for at once as one batch after another (${given})`,
      async () => {
        if (!realLedgersDir) throw new Error(NO_REAL_LEDGERS);
        const metas = realLedgers()
          .ledgers.slice(2, 8)
          .map(({ meta }) => meta.toXdr('base64'));
        const runs = [metas.slice(0, 2), metas.slice(2, 3), metas.slice(3, 6)];
        let start: DeriveStart = { after: undefined, assets: new Map([['native', 1]]) };
        const want = runs.map((run) => {
          const derived = deriveLedgers(run, Networks.PUBLIC, start.after, start.assets);
          start = endOf(derived);
          return derived;
        });
        const made = make();
        try {
          // Each after the first continues the one before, asked for before its answer is in.
          const asked = runs.map((run, i) =>
            made.derive(run, i === 0 ? { after: undefined, assets: new Map([['native', 1]]) } : undefined),
          );
          expect((await Promise.all(asked)).map(bodiesRead)).toEqual(want);
        } finally {
          await made.close();
        }
      },
    );

    it(`fails what continues a failed derivation, and what continues nothing (${given})`, async () => {
      const made = make();
      try {
        await expect(made.derive(['AAAA', 'AAAA'])).rejects.toThrow(NOTHING_TO_CONTINUE);
        const failed = made.derive(['not base64!', 'AAAA'], { after: undefined, assets: new Map() });
        const next = made.derive(['AAAA', 'AAAA']);
        await expect(failed).rejects.toThrow();
        await expect(next).rejects.toThrow();
      } finally {
        await made.close();
      }
    });
  }

  const table = [
    { given: 'bytes that are not base64 of a LedgerCloseMeta', metas: ['AAAA', 'not base64!'] },
    { given: 'an empty string among ledgers', metas: ['', ''] },
  ];
  for (const { given, metas } of table)
    it(`fails the call on ${given}, with the reader's message`, async () => {
      const here = (() => {
        try {
          deriveLedgers(metas, Networks.PUBLIC, undefined, new Map());
          return undefined;
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(here).toBeDefined();
      await expect(deriver.derive(metas, { after: undefined, assets: new Map() })).rejects.toThrow(
        here as string,
      );
    });

  it.skipIf(!realLedgersDir)('keeps a script alive while it derives, and lets it end after', () => {
    // The built package, as a user's script imports it; two ledgers, so the thread derives them.
    const dir = mkdtempSync(join(tmpdir(), 'starspec-derive-'));
    const file = join(dir, 'derive.mjs');
    writeFileSync(
      file,
      `import { readFileSync } from 'node:fs';
      import { threadDeriver } from '${BUILT.href}';
      const metas = JSON.parse(readFileSync(0, 'utf8'));
      const derived = await threadDeriver(process.argv[2]).derive(metas, { after: undefined, assets: new Map() });
      console.log(derived.batches.length);`,
    );
    const metas = realLedgers()
      .ledgers.slice(3, 5)
      .map(({ meta }) => meta.toXdr('base64'));
    try {
      const out = execFileSync(process.execPath, [file, Networks.PUBLIC], {
        input: JSON.stringify(metas),
        encoding: 'utf8',
      });
      expect(out.trim()).toBe('2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
