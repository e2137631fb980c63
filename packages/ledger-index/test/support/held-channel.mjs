// The BroadcastChannel between held-ingest-worker.mjs and the test that holds it (held-ingest.ts).
export const HELD_CHANNEL = 'starspec-held-ingest';
