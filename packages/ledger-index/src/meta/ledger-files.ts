/**
 * The LedgerCloseMeta in a recorded ledger file, in the formats recordings come in: one raw
 * LedgerCloseMeta gzipped (`.xdr.gz`), base64 lines (`.txt`), and the data lake's zstd-compressed
 * LedgerCloseMetaBatch (`.xdr.zstd`, see zstd.ts). An empty list for a file this machine cannot
 * decode (no zstd decoder) or of another kind.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { xdr } from '@stellar/stellar-sdk';
import { readLedgerCloseMeta, readLedgerCloseMetaBatch } from '../generated/xdr-reader.gen.js';
import { readXdr } from './xdr-reader.js';
import { unzstd } from './zstd.js';

const meta = (bytes: Uint8Array) => readXdr('LedgerCloseMeta', readLedgerCloseMeta, bytes);

export function ledgerCloseMetasOfFile(path: string): xdr.LedgerCloseMeta[] {
  if (path.endsWith('.xdr.gz')) return [meta(gunzipSync(readFileSync(path)))];
  if (path.endsWith('.txt'))
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => meta(Buffer.from(line.trim(), 'base64')));
  if (path.endsWith('.xdr.zstd')) {
    const raw = orUndefined(() => unzstd(readFileSync(path), path));
    return raw ? readXdr('LedgerCloseMetaBatch', readLedgerCloseMetaBatch, raw).ledgerCloseMetas : [];
  }
  return [];
}

function orUndefined<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
