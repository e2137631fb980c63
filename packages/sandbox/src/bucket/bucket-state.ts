/**
 * The sandbox's two bucket lists, the live one and the hot archive, kept in step with the
 * ledger as stellar-core's BucketManager keeps them (LedgerManagerImpl::finalizeLedgerTxnChanges):
 * every close adds its changes to the live list, and from protocol 23 (by the ledger's protocol
 * before its upgrades) an archive batch to the hot archive. The sandbox evicts nothing, so that
 * batch is always empty.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { sameBytes } from '../core/keys.js';
import type { EntryStore, EntryWrite } from '../core/store.js';
import {
  FIRST_PROTOCOL_WITH_HOT_ARCHIVE,
  freshHotArchiveBucket,
  freshLiveBucket,
  type LiveBatch,
} from './bucket.js';
import { liveState } from './bucket-file.js';
import { BucketList, bucketListHash, LEVELS } from './bucket-list.js';

/** Where a persistent network keeps its bucket lists (storage/buckets.ts). */
export interface BucketStorage {
  /** The bucket lists of the last closed ledger, if kept. */
  load(): BucketState | undefined;
  /** Keeps the bucket lists (within the close's write unit). */
  save(state: BucketState): void;
}

export class BucketState {
  readonly live: BucketList;
  readonly hotArchive: BucketList;

  constructor(live = new BucketList('live'), hotArchive = new BucketList('hotArchive')) {
    this.live = live;
    this.hotArchive = hotArchive;
  }

  /** Whether `store` holds exactly the live entries of the live bucket list. */
  holds(store: EntryStore): boolean {
    const live = [...liveState(this.live)].filter(([, bytes]) => bytes !== null);
    if (live.length !== store.size) return false;
    // A BucketEntry's XDR is its 4-byte arm, then the LedgerEntry.
    return live.every(([id, bytes]) => {
      const entry = store.get(id);
      return entry !== undefined && sameBytes(entry.toXdr(), (bytes as Uint8Array).subarray(4));
    });
  }

  /** Adds one closed ledger's batch; answers the header's bucketListHash. */
  close(ledger: number, protocolBefore: number, protocol: number, batch: LiveBatch): Uint8Array {
    if (protocolBefore >= FIRST_PROTOCOL_WITH_HOT_ARCHIVE)
      this.hotArchive.addBatch(ledger, protocol, freshHotArchiveBucket(protocol, [], []));
    this.live.addBatch(ledger, protocol, freshLiveBucket(protocol, batch));
    return this.hash(protocol);
  }

  hash(protocol: number): Uint8Array {
    return bucketListHash(protocol, this.live, this.hotArchive);
  }

  /**
   * A network resumed from its database: the state it holds, as one bucket at the bottom level
   * (the level history would have settled most of it into); the next close's header hashes it.
   */
  static rebuilt(store: EntryStore, protocol: number): BucketState {
    const state = new BucketState();
    const live = [...store.entries()].map(([, entry]) => entry);
    const bottom = state.live.levels[LEVELS - 1];
    if (bottom) bottom.curr = freshLiveBucket(protocol, { init: [], live, dead: [] });
    return state;
  }
}

/** A close's writes as stellar-core's LedgerTxn::getAllEntries sorts them: created, updated, erased. */
export function liveBatch(store: EntryStore, writes: readonly EntryWrite[]): LiveBatch {
  const init: xdr.LedgerEntry[] = [];
  const live: xdr.LedgerEntry[] = [];
  const dead: xdr.LedgerKey[] = [];
  for (const write of writes) {
    const existed = store.get(write.id) !== undefined;
    if (write.entry) (existed ? live : init).push(write.entry);
    else if (existed) dead.push(write.key);
  }
  return { init, live, dead };
}
