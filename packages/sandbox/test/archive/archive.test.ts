// The sandbox's history archive: every 8 ledgers a HAS whose bucket list hash is the one the
// checkpoint's header carries, buckets whose files hash to their names and whose merged state is
// the network's, and the checkpoint's ledger headers — all served under /archive.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { records } from '../../src/bucket/bucket-file.js';
import { entryKey, keyId } from '../../src/core/keys.js';
import { createNetwork } from '../../src/network/network.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();
const bucketPath = (hex: string) =>
  `bucket/${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex.slice(4, 6)}/bucket-${hex}.xdr.gz`;

interface Level {
  curr: string;
  snap: string;
  next: { state: number };
}

/** HistoryArchiveState::getBucketListHash, from the file's text alone. */
function hasBucketListHash(has: { currentBuckets: Level[]; hotArchiveBuckets?: Level[] }): Buffer {
  const list = (levels: Level[]) =>
    sha256(
      Buffer.concat(
        levels.map((l) => sha256(Buffer.concat([Buffer.from(l.curr, 'hex'), Buffer.from(l.snap, 'hex')]))),
      ),
    );
  const live = list(has.currentBuckets);
  return has.hotArchiveBuckets ? sha256(Buffer.concat([live, list(has.hotArchiveBuckets)])) : live;
}

describe('history archive', () => {
  it('publishes checkpoint 7, then 15, that agree with the headers and the state', () => {
    const network = createNetwork({ closeEvery: 'manual' });
    try {
      // Genesis is ledger 1: five closes reach ledger 6, before the first checkpoint (7).
      for (let i = 0; i < 5; i++) network.closeLedger();
      expect(network.archive.file('.well-known/stellar-history.json')).toBeUndefined();
      for (const checkpoint of [7, 15]) {
        while (network.ledger.latestSequence < checkpoint) network.closeLedger();
        const text = network.archive.file('.well-known/stellar-history.json')?.toString() ?? '';
        const hex = checkpoint.toString(16).padStart(8, '0');
        expect(network.archive.file(`history/00/00/00/history-${hex}.json`)?.toString()).toBe(text);
        const has = JSON.parse(text);
        expect(text).toBe(JSON.stringify(has, null, 4));
        expect(Object.keys(has)).toEqual([
          'version',
          'server',
          'currentLedger',
          'networkPassphrase',
          'currentBuckets',
          'hotArchiveBuckets',
        ]);
        expect(has.currentLedger).toBe(checkpoint);
        expect(has.currentBuckets).toHaveLength(11);
        const header = network.ledger.history.get(checkpoint)?.header;
        expect(hasBucketListHash(has).toString('hex')).toBe(
          Buffer.from(header?.bucketListHash.toBytes() ?? []).toString('hex'),
        );

        // Every named bucket is there, its bytes hash to its name, and newest-first they hold the state.
        const state = new Map<string, string | null>();
        for (const level of has.currentBuckets as Level[])
          for (const name of [level.curr, level.snap]) {
            if (/^0+$/.test(name)) continue;
            const file = network.archive.file(bucketPath(name));
            expect(file, name).toBeDefined();
            const bytes = gunzipSync(file as Buffer);
            expect(sha256(bytes).toString('hex')).toBe(name);
            const entries = [...records(bytes)].map((r) => xdr.BucketEntry.fromXdr(r));
            expect(entries[0]?.type).toBe('metaentry');
            for (const entry of entries.slice(1)) {
              if (entry.type === 'metaentry') throw new Error('a second METAENTRY');
              const live = entry.type === 'deadentry' ? undefined : entry.liveEntry;
              const id = keyId(
                entry.type === 'deadentry' ? entry.deadEntry : entryKey(live as xdr.LedgerEntry),
              );
              if (!state.has(id)) state.set(id, live ? live.toXdr('base64') : null);
            }
          }
        const live = [...state].filter(([, v]) => v !== null);
        expect(live.length).toBeGreaterThan(10);
        for (const [id, entry] of live) expect(network.ledger.entry(id)?.toXdr('base64')).toBe(entry);
        const ledgerFile = network.archive.file(`ledger/00/00/00/ledger-${hex}.xdr.gz`);
        const headers = [...records(gunzipSync(ledgerFile as Buffer))].map((r) =>
          xdr.LedgerHeaderHistoryEntry.fromXdr(r),
        );
        expect(headers.map((h) => h.header.ledgerSeq)).toEqual(
          Array.from(
            { length: checkpoint === 7 ? 7 : 8 },
            (_, i) => checkpoint - (checkpoint === 7 ? 6 : 7) + i,
          ),
        );
      }
    } finally {
      network.close();
    }
  });
});
