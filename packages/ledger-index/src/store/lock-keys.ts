/**
 * The PostgreSQL advisory lock keys of a shared index, in one place: two uses of one key would
 * wait on each other (a node opening the index behind the node that ingests, for as long as it
 * ingests). Any bigints the index's database uses for nothing else: "starspec" in ASCII, plus one
 * for each use.
 */
const BASE = 0x7374_6172_7370_6563n;

/** Held by the node that ingests, for as long as it does (gateway/ingest-lock.ts). */
export const INGEST_LOCK_KEY = BASE;
/** Held while a node loads a shared index from a history archive. */
export const LOAD_LOCK_KEY = BASE + 1n;
/** Held by a transaction opening the index (IndexStore.open): one creates or upgrades it at a time. */
export const OPEN_LOCK_KEY = BASE + 2n;
