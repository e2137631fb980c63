/**
 * A data lake folder written in galexie's layout (see lake.ts): the `.config.json` manifest and
 * one zstd-compressed LedgerCloseMetaBatch per file. For tests and the benchmark, which make
 * lakes of recorded ledgers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { xdr } from '@stellar/stellar-sdk/base';
import { ledgerSequenceOf } from '../meta/closed-ledger.js';
import { zstd } from '../meta/zstd.js';
import { type LakeManifest, lakeFile, MANIFEST_FILE } from './lake.js';

/** Writes consecutive ledgers into `dir` as `manifest` lays them out. */
export function writeLakeFiles(
  dir: string,
  manifest: LakeManifest,
  metas: readonly xdr.LedgerCloseMeta[],
): void {
  const { extension: _, ...written } = manifest;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...written, version: '1.0' }));
  const files = new Map<string, xdr.LedgerCloseMeta[]>();
  for (const meta of metas) {
    const file = lakeFile(manifest, ledgerSequenceOf(meta));
    files.set(file, [...(files.get(file) ?? []), meta]);
  }
  for (const [file, batch] of files) {
    const raw = new xdr.LedgerCloseMetaBatch({
      startSequence: ledgerSequenceOf(batch[0] as xdr.LedgerCloseMeta),
      endSequence: ledgerSequenceOf(batch.at(-1) as xdr.LedgerCloseMeta),
      ledgerCloseMetas: batch,
    }).toXDR() as Buffer;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), zstd(raw));
  }
}
