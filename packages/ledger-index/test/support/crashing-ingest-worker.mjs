// The gateway's ingestion thread (dist, build first) that dies (exit code 3) when told to follow.
import { parentPort } from 'node:worker_threads';
import { runIngestThread } from '../../dist/gateway/ingest-worker-run.js';

parentPort?.on('message', (message) => {
  if (message.type === 'follow') process.exit(3);
});
runIngestThread();
