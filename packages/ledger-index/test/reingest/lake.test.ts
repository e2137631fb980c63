// The data lake reader: galexie's file names, a lake written from the recorded real ledgers read
// back ledger by ledger, and a clear error naming the file for a missing file, a corrupt one, or
// a folder that is not a lake.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LakeReader, lakeFile, readManifest } from '../../src/reingest/lake.js';
import { openRangeSource } from '../../src/reingest/source.js';
import { writeLake } from '../support/lake.js';
import { NO_REAL_LEDGERS, realLedgersDir } from '../support/real-ledgers.js';

const root = mkdtempSync(join(tmpdir(), 'starspec-lake-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('file names', () => {
  // stellar/go support/datastore/schema_test.go `TestGetObjectKeyFromSequenceNumber`'s cases.
  it.each([
    [0, 5, 1, 'FFFFFFFA--5.xdr.zst'],
    [0, 5, 10, 'FFFFFFFF--0-9.xdr.zst'],
    [2, 10, 100, 'FFFFFFFF--0-199/FFFFFFFF--0-99.xdr.zst'],
    [2, 150, 50, 'FFFFFF9B--100-199/FFFFFF69--150-199.xdr.zst'],
    [2, 300, 200, 'FFFFFFFF--0-399/FFFFFF37--200-399.xdr.zst'],
    [2, 1, 1, 'FFFFFFFF--0-1/FFFFFFFE--1.xdr.zst'],
    [4, 250, 50, 'FFFFFF37--200-399/FFFFFF05--250-299.xdr.zst'],
    [1, 300, 200, 'FFFFFF37--200-399.xdr.zst'],
    [1, 1, 1, 'FFFFFFFE--1.xdr.zst'],
  ])(
    '%i files per partition, ledger %i, %i per file: %s',
    (batchesPerPartition, ledger, ledgersPerBatch, name) => {
      expect(lakeFile({ ledgersPerBatch, batchesPerPartition, extension: 'zst' }, ledger)).toBe(name);
    },
  );

  it("the public lake's: one ledger per file, 64000 files per partition (the recorded file's name)", () => {
    const layout = { ledgersPerBatch: 1, batchesPerPartition: 64000, extension: 'zstd' };
    expect(lakeFile(layout, 53312000)).toBe('FCD285FF--53312000-53375999/FCD285FF--53312000.xdr.zstd');
  });
});

describe.skipIf(!realLedgersDir)(
  `a lake of the recorded ledgers${realLedgersDir ? '' : ` (${NO_REAL_LEDGERS})`}`,
  () => {
    it('reads back every ledger, across files and partitions, with the extension its files have', () => {
      for (const extension of ['zst', 'zstd']) {
        const lake = writeLake(join(root, `lake-${extension}`), 1000, {
          ledgersPerBatch: 2,
          batchesPerPartition: 2,
          extension,
        });
        const manifest = readManifest(lake.dir);
        expect(manifest).toMatchObject({ ledgersPerBatch: 2, batchesPerPartition: 2, extension });
        const reader = new LakeReader(lake.dir);
        expect(reader.missing(lake.from, lake.to)).toBeUndefined();
        lake.metas.forEach((meta, i) => {
          expect(reader.ledger(lake.from + i).toXDR('base64')).toBe(meta.toXDR('base64'));
        });
      }
    });

    it('names the missing file of a range past the lake', async () => {
      const lake = writeLake(join(root, 'lake-short'), 1000, { ledgersPerBatch: 2, batchesPerPartition: 2 });
      const source = await openRangeSource({ kind: 'lake', dir: lake.dir });
      // Past the last file (the recorded ledgers end in a file of their own or with its second).
      const beyond = lake.to + 2;
      const past = join(lake.dir, lakeFile(lake.manifest, beyond));
      await expect(source.check(lake.from, beyond)).rejects.toThrow(
        `ledger ${beyond} is not in the data lake: ${past} is missing`,
      );
      expect(() => new LakeReader(lake.dir).ledger(beyond)).toThrow(`the data lake has no ${past}`);
    });

    it('names a file that is not zstd', () => {
      const lake = writeLake(join(root, 'lake-corrupt'), 1000, {
        ledgersPerBatch: 2,
        batchesPerPartition: 2,
      });
      const file = join(lake.dir, lakeFile(lake.manifest, 1002));
      writeFileSync(file, 'not zstd at all');
      const reader = new LakeReader(lake.dir);
      expect(reader.ledger(1000)).toBeDefined();
      expect(() => reader.ledger(1002)).toThrow(`${file} is not a valid zstd file`);
    });
  },
);

describe('not a lake', () => {
  it('says a folder has no manifest, or a manifest without the schema', () => {
    const dir = mkdtempSync(join(root, 'empty-'));
    expect(() => readManifest(dir)).toThrow(`${dir} is not a data lake: it has no .config.json`);
    writeFileSync(join(dir, '.config.json'), JSON.stringify({ networkPassphrase: 'x' }));
    expect(() => readManifest(dir)).toThrow('needs ledgersPerBatch and batchesPerPartition');
  });
});
