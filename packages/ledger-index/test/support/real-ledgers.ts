/**
 * Real pubnet ledgers beside the repository (`../shared/ledgers`, see its SOURCES.md), or where
 * STARSPEC_SHARED points: raw LedgerCloseMeta as gzip, as the data lake's zstd batch, and as
 * base64 lines. They are not part of the repository: tests that read them are skipped, with this
 * reason, without them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { xdr } from '@stellar/stellar-sdk';
import { ledgerCloseMetasOfFile } from '../../src/meta/ledger-files.js';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const sharedRoot = process.env.STARSPEC_SHARED ?? join(repoRoot, '..', 'shared');
const ledgersDir = join(sharedRoot, 'ledgers');

/** `../shared/ledgers`, or undefined when this machine has no copy. */
export const realLedgersDir: string | undefined = existsSync(join(ledgersDir, 'SOURCES.md'))
  ? ledgersDir
  : undefined;

export const NO_REAL_LEDGERS = `no real ledgers at ${ledgersDir} (set STARSPEC_SHARED)`;

export interface RealLedger {
  /** The file it came from. */
  file: string;
  sequence: number;
  meta: xdr.LedgerCloseMeta;
}

function sequenceOf(meta: xdr.LedgerCloseMeta): number {
  const body = meta.type === 'v0' ? meta.v0 : meta.type === 'v1' ? meta.v1 : meta.v2;
  return body.ledgerHeader.header.ledgerSeq;
}

/** Every ledger of the test data, in ascending order; the files this machine cannot decode are named in `skipped`. */
export function realLedgers(): { ledgers: RealLedger[]; skipped: string[] } {
  if (!realLedgersDir) throw new Error(NO_REAL_LEDGERS);
  const ledgers: RealLedger[] = [];
  const skipped: string[] = [];
  for (const file of readdirSync(ledgersDir).sort()) {
    if (file === 'SOURCES.md') continue;
    const metas = ledgerCloseMetasOfFile(join(ledgersDir, file));
    if (metas.length === 0) skipped.push(file);
    ledgers.push(...metas.map((meta) => ({ file, sequence: sequenceOf(meta), meta })));
  }
  return { ledgers: ledgers.sort((a, b) => a.sequence - b.sequence), skipped };
}
