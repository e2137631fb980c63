/** The gateway's ingestion thread (a worker thread's module; see ingest-worker-run.ts). */
import { runIngestThread } from './ingest-worker-run.js';

runIngestThread();
