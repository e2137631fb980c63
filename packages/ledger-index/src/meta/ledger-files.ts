/**
 * The LedgerCloseMeta in a recorded ledger file, in the formats recordings come in: one raw
 * LedgerCloseMeta gzipped (`.xdr.gz`), base64 lines (`.txt`), and the data lake's zstd-compressed
 * LedgerCloseMetaBatch (`.xdr.zstd`, decoded with the `zstd` command: Node 20 has no decoder).
 * An empty list for a file this machine cannot decode (no `zstd`) or of another kind.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { xdr } from '@stellar/stellar-sdk';

export function ledgerCloseMetasOfFile(path: string): xdr.LedgerCloseMeta[] {
  if (path.endsWith('.xdr.gz')) return [xdr.LedgerCloseMeta.fromXDR(gunzipSync(readFileSync(path)))];
  if (path.endsWith('.txt'))
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => xdr.LedgerCloseMeta.fromXDR(line.trim(), 'base64'));
  if (path.endsWith('.xdr.zstd')) {
    const raw = unzstd(path);
    return raw ? xdr.LedgerCloseMetaBatch.fromXDR(raw).ledgerCloseMetas : [];
  }
  return [];
}

function unzstd(path: string): Buffer | undefined {
  try {
    return execFileSync('zstd', ['-dc', path], { maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}
