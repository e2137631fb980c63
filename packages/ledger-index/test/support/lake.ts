/**
 * A data lake folder in galexie's layout, written from the recorded real ledgers (support/
 * real-ledgers.ts) renumbered to follow each other from `first` on (only the header's ledgerSeq
 * changes, as bench/recorded-rpc.mjs does).
 */
import { Networks, xdr } from '@stellar/stellar-sdk';
import type { LakeManifest } from '../../src/reingest/lake.js';
import { writeLakeFiles } from '../../src/reingest/lake-write.js';
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

/** A lake of the first `count` recorded ledgers (default all), from `first` on. */
export function writeLake(
  dir: string,
  first: number,
  schema: { ledgersPerBatch: number; batchesPerPartition: number; extension?: string },
  count?: number,
): TestLake {
  const metas = renumberedLedgers(first).slice(0, count);
  const manifest: LakeManifest = {
    networkPassphrase: Networks.PUBLIC,
    compression: 'zstd',
    extension: 'zst',
    ...schema,
  };
  writeLakeFiles(dir, manifest, metas);
  return { dir, manifest, from: first, to: first + metas.length - 1, metas };
}
