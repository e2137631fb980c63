/** The gateway's ingestion thread as built (dist: build first), for gateways started from src. */
export const INGEST_WORKER = new URL('../../dist/gateway/ingest-worker.js', import.meta.url);
