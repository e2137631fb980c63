/**
 * A data lake on disk: the folder galexie writes, read ledger by ledger. Its layout, as stellar/go
 * `support/datastore` has it (schema.go `GetObjectKeyFromSequenceNumber`, configure.go
 * `DatastoreManifest`): a `.config.json` manifest names the network, the compression and the
 * schema (`ledgersPerBatch` ledgers per file, `batchesPerPartition` files per folder); each file
 * is one XDR LedgerCloseMetaBatch, compressed, named by its first ledger with the hex of
 * 0xFFFFFFFF minus that ledger in front (newest first when listed), e.g.
 * `FFFFFFFF--0-63999/FFFFFFFF--0-63.xdr.zst` (no folder with one file per partition, no `-end`
 * with one ledger per file). galexie wrote `.xdr.zstd` before `.xdr.zst`; a lake keeps the
 * extension of its first files (configure.go `GetLedgerFileExtension`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { xdr } from '@stellar/stellar-sdk/base';
import { readLedgerCloseMetaBatch } from '../generated/xdr-reader.gen.js';
import { ledgerSequenceOf } from '../meta/closed-ledger.js';
import { readXdr } from '../meta/xdr-reader.js';
import { unzstd } from '../meta/zstd.js';

/** Where a lake's files are: the manifest's schema, and the files' extension. */
export interface LakeLayout {
  ledgersPerBatch: number;
  batchesPerPartition: number;
  /** `zst`, or `zstd` in lakes galexie began before it changed. */
  extension: string;
}

/** galexie's `.config.json` (configure.go `DatastoreManifest`), and the extension its files have. */
export interface LakeManifest extends LakeLayout {
  networkPassphrase: string;
  compression: string;
}

/** A data lake that cannot be read: no manifest, a file missing, a file that is not what it says. */
export class LakeError extends Error {
  override readonly name = 'LakeError';
}

export const MANIFEST_FILE = '.config.json';

const hex = (sequence: number) => (0xffffffff - sequence).toString(16).toUpperCase().padStart(8, '0');
const span = (start: number, end: number) => `${hex(start)}--${start}${end === start ? '' : `-${end}`}`;

/** The file holding `sequence`, relative to the lake's folder. */
export function lakeFile(layout: LakeLayout, sequence: number): string {
  const perFile = layout.ledgersPerBatch;
  const fileStart = Math.floor(sequence / perFile) * perFile;
  const name = `${span(fileStart, fileStart + perFile - 1)}.xdr.${layout.extension}`;
  if (layout.batchesPerPartition <= 1) return name;
  const perPartition = perFile * layout.batchesPerPartition;
  const partitionStart = Math.floor(sequence / perPartition) * perPartition;
  // A partition folder is named by its whole range, even for one ledger per partition.
  return `${hex(partitionStart)}--${partitionStart}-${partitionStart + perPartition - 1}/${name}`;
}

export function readManifest(dir: string): LakeManifest {
  const path = join(dir, MANIFEST_FILE);
  if (!existsSync(path)) throw new LakeError(`${dir} is not a data lake: it has no ${MANIFEST_FILE}`);
  let parsed: Partial<LakeManifest>;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new LakeError(`${path} is not JSON: ${(error as Error).message}`);
  }
  const whole = (value: unknown) => Number.isInteger(value) && (value as number) >= 1;
  if (!whole(parsed.ledgersPerBatch) || !whole(parsed.batchesPerPartition))
    throw new LakeError(`${path} needs ledgersPerBatch and batchesPerPartition (whole numbers from 1)`);
  if (typeof parsed.networkPassphrase !== 'string' || parsed.networkPassphrase === '')
    throw new LakeError(`${path} names no networkPassphrase`);
  const compression = parsed.compression || 'zstd';
  if (compression !== 'zstd')
    throw new LakeError(`${path}: compression '${compression}' is not read, only zstd`);
  return { ...(parsed as LakeManifest), compression, extension: fileExtension(dir) };
}

const LEDGER_FILE = /^[0-9A-F]{8}--[0-9]+(?:-[0-9]+)?\.xdr\.([A-Za-z0-9._-]+)$/;
const PARTITION = /^[0-9A-F]{8}--[0-9]+-[0-9]+$/;

/** The extension of the first ledger file found (in the folder or its first partition); `zst` for none. */
function fileExtension(dir: string): string {
  for (const name of readdirSync(dir).sort()) {
    const found = LEDGER_FILE.exec(name)?.[1];
    if (found) return found;
    const inner = join(dir, name);
    if (PARTITION.test(name) && statSync(inner).isDirectory())
      for (const file of readdirSync(inner).sort()) {
        const ext = LEDGER_FILE.exec(file)?.[1];
        if (ext) return ext;
      }
  }
  return 'zst';
}

/** Reads the ledgers of a lake; keeps the last file it decoded (the next ledgers are likely in it). */
export class LakeReader {
  readonly dir: string;
  readonly manifest: LakeManifest;
  #file: { name: string; start: number; metas: xdr.LedgerCloseMeta[] } | undefined;

  constructor(dir: string, manifest = readManifest(dir)) {
    this.dir = dir;
    this.manifest = manifest;
  }

  /** The first ledger in `from`–`to` whose file is missing, and that file; undefined when all are there. */
  missing(from: number, to: number): { ledger: number; file: string } | undefined {
    const perFile = this.manifest.ledgersPerBatch;
    for (let ledger = from; ledger <= to; ledger = (Math.floor(ledger / perFile) + 1) * perFile) {
      const file = join(this.dir, lakeFile(this.manifest, ledger));
      if (!existsSync(file)) return { ledger, file };
    }
    return undefined;
  }

  ledger(sequence: number): xdr.LedgerCloseMeta {
    const name = join(this.dir, lakeFile(this.manifest, sequence));
    if (this.#file?.name !== name) this.#file = { name, ...readBatch(name) };
    const meta = this.#file.metas[sequence - this.#file.start];
    if (!meta || ledgerSequenceOf(meta) !== sequence)
      throw new LakeError(`${name} does not hold ledger ${sequence}`);
    return meta;
  }
}

function readBatch(name: string): { start: number; metas: xdr.LedgerCloseMeta[] } {
  if (!existsSync(name)) throw new LakeError(`the data lake has no ${name}`);
  const raw = unzstd(readFileSync(name), name);
  try {
    const batch = readXdr('LedgerCloseMetaBatch', readLedgerCloseMetaBatch, raw);
    return { start: batch.startSequence, metas: batch.ledgerCloseMetas };
  } catch (error) {
    throw new LakeError(`${name} is not an XDR LedgerCloseMetaBatch: ${(error as Error).message}`);
  }
}
