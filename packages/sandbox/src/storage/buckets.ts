/**
 * The bucket lists of a network kept in SQLite: each bucket once by its hash (its file's bytes),
 * and the levels of both lists by hash under `bucket_lists` in the `sandbox` table. Written in
 * each close's transaction; buckets no level names any more are deleted with it.
 */
import type LibsqlDatabase from 'libsql';
import { type Bucket, type BucketListKind, bucketBytes, EMPTY_BUCKET } from '../bucket/bucket.js';
import { parseBucket } from '../bucket/bucket-file.js';
import { type BucketLevel, BucketList } from '../bucket/bucket-list.js';
import { BucketState, type BucketStorage } from '../bucket/bucket-state.js';

const CREATE = 'CREATE TABLE IF NOT EXISTS buckets (hash TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID';
const ZERO = '0'.repeat(64);

type StoredLevel = [curr: string, snap: string, next?: string];
interface StoredLists {
  live: StoredLevel[];
  hotArchive: StoredLevel[];
}

const hexOf = (bucket: Bucket) => Buffer.from(bucket.hash).toString('hex');

export class SqliteBucketStorage implements BucketStorage {
  readonly #db: LibsqlDatabase.Database;

  constructor(db: LibsqlDatabase.Database) {
    this.#db = db;
    db.exec(CREATE);
  }

  load(): BucketState | undefined {
    const row = this.#db.prepare("SELECT value FROM sandbox WHERE name = 'bucket_lists'").get() as
      | { value: string }
      | undefined;
    if (!row) return undefined;
    const stored = JSON.parse(row.value) as StoredLists;
    const read = (kind: BucketListKind, hash: string | undefined): Bucket => {
      if (hash === undefined || hash === ZERO) return EMPTY_BUCKET;
      const data = this.#db.prepare('SELECT data FROM buckets WHERE hash = ?').get(hash) as
        | { data: Uint8Array }
        | undefined;
      if (!data) throw new Error(`bucket ${hash} of the stored bucket list is missing`);
      return parseBucket(kind, data.data);
    };
    const list = (kind: BucketListKind, levels: StoredLevel[]) =>
      new BucketList(
        kind,
        levels.map(
          ([curr, snap, next]): BucketLevel => ({
            curr: read(kind, curr),
            snap: read(kind, snap),
            ...(next ? { next: read(kind, next) } : {}),
          }),
        ),
      );
    return new BucketState(list('live', stored.live), list('hotArchive', stored.hotArchive));
  }

  save(state: BucketState): void {
    const insert = this.#db.prepare('INSERT OR IGNORE INTO buckets (hash, data) VALUES (?, ?)');
    const named = new Set<string>();
    const levels = (list: BucketList): StoredLevel[] =>
      list.levels.map((level) => {
        for (const bucket of [level.curr, level.snap, ...(level.next ? [level.next] : [])]) {
          const hash = hexOf(bucket);
          if (hash === ZERO || named.has(hash)) continue;
          named.add(hash);
          insert.run(hash, bucketBytes(bucket));
        }
        return [
          hexOf(level.curr),
          hexOf(level.snap),
          ...(level.next ? [hexOf(level.next)] : []),
        ] as StoredLevel;
      });
    const stored: StoredLists = { live: levels(state.live), hotArchive: levels(state.hotArchive) };
    this.#db
      .prepare(
        "INSERT INTO sandbox (name, value) VALUES ('bucket_lists', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      )
      .run(JSON.stringify(stored));
    const kept = [...named];
    this.#db
      .prepare(`DELETE FROM buckets WHERE hash NOT IN (${kept.map(() => '?').join(', ') || "''"})`)
      .run(...kept);
  }
}
