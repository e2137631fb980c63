/**
 * A data lake folder in galexie's layout, written from the recorded real ledgers (support/
 * real-ledgers.ts) renumbered to follow each other from `first` on (only the header's ledgerSeq
 * changes, as bench/recorded-rpc.mjs does): `.config.json`, partition folders, zstd batches.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Networks, xdr } from '@stellar/stellar-sdk';
import { type LakeManifest, lakeFile, MANIFEST_FILE } from '../../src/reingest/lake.js';
import { realLedgers } from './real-ledgers.js';

export interface TestLake {
  dir: string;
  manifest: LakeManifest;
  from: number;
  to: number;
  metas: xdr.LedgerCloseMeta[];
}

const renumbered = new Map<number, xdr.LedgerCloseMeta[]>();

/** The recorded ledgers, renumbered from `first` on (decoded once per `first`: they are large). */
export function renumberedLedgers(first: number): xdr.LedgerCloseMeta[] {
  const known = renumbered.get(first);
  if (known) return known;
  const metas = realLedgers().ledgers.map(({ meta }, i) => {
    const copy = xdr.LedgerCloseMeta.fromXDR(meta.toXDR());
    const body = copy.type === 'v0' ? copy.v0 : copy.type === 'v1' ? copy.v1 : copy.v2;
    // Typed read-only; the SDK's accessor sets it.
    (body.ledgerHeader.header as { ledgerSeq: number }).ledgerSeq = first + i;
    return copy;
  });
  renumbered.set(first, metas);
  return metas;
}

export function writeLake(
  dir: string,
  first: number,
  schema: { ledgersPerBatch: number; batchesPerPartition: number; extension?: string },
): TestLake {
  const metas = renumberedLedgers(first);
  const manifest: LakeManifest = {
    networkPassphrase: Networks.PUBLIC,
    compression: 'zstd',
    extension: 'zst',
    ...schema,
  };
  const { extension: _, ...written } = manifest;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...written, version: '1.0' }));
  const files = new Map<string, xdr.LedgerCloseMeta[]>();
  metas.forEach((meta, i) => {
    const file = lakeFile(manifest, first + i);
    files.set(file, [...(files.get(file) ?? []), meta]);
  });
  for (const [file, batch] of files) {
    const start = first + metas.indexOf(batch[0] as xdr.LedgerCloseMeta);
    const raw = new xdr.LedgerCloseMetaBatch({
      startSequence: start,
      endSequence: start + batch.length - 1,
      ledgerCloseMetas: batch,
    }).toXDR();
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), execFileSync('zstd', ['-cq'], { input: raw }));
  }
  return { dir, manifest, from: first, to: first + metas.length - 1, metas };
}
