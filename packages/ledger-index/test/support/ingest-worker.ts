/** The gateway's ingestion thread as built (dist: build first), for gateways started from src. */
export const INGEST_WORKER = new URL('../../dist/gateway/ingest-worker.js', import.meta.url);

/** The derivation thread as built (dist), for derivers made from src. */
export const DERIVE_WORKER = new URL('../../dist/ingest/derive-worker.js', import.meta.url);
