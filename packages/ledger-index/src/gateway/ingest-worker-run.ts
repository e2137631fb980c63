/**
 * The ingestion thread's side (ingest-worker.ts runs it): it opens its own connection to the index,
 * follows the RPC server when told, derives and writes there, and tells the serving thread what
 * each commit brought (ingest-messages.ts). Horizon likewise runs its ingestion apart from the
 * requests it serves (stellar/go services/horizon internal/app.go: the ingest system in its own
 * goroutine over its own session).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { threadDeriver } from '../ingest/derive-thread.js';
import type { IndexStore } from '../store/index-store.js';
import { openIndex, POOLS } from '../store/open-index.js';
import type { FromIngestThread, IngestSetup, ToIngestThread } from './ingest-messages.js';
import { type Ingestion, localIngestion } from './ingestion.js';
import { rpcClient } from './rpc-source.js';
import { toThreadError } from './thread-error.js';

/** Opens the thread's connection to the index (a test may wrap the store it gives). */
export type OpenIndex = (database: string, passphrase: string) => Promise<IndexStore>;

const openIngestion: OpenIndex = (database, passphrase) => openIndex(database, passphrase, POOLS.ingestion);

export function runIngestThread(open: OpenIndex = openIngestion): void {
  const port = parentPort;
  if (!port) throw new Error('the ingestion thread runs as a worker thread');
  const post = (message: FromIngestThread) => port.postMessage(message);
  const setup = workerData as IngestSetup;
  let turn: { abort: AbortController; run: Promise<void> } | undefined;

  const opened = (async () => {
    const store = await open(setup.database, setup.passphrase);
    const ingestion = localIngestion(store, {
      ...setup,
      client: rpcClient(setup.rpcUrl),
      // Ledgers are derived in a thread of their own while this one writes (dist/ingest/).
      deriver: threadDeriver(
        setup.passphrase,
        new URL('../ingest/derive-worker.js', import.meta.url),
        setup.deriveThreads,
      ),
      onProgress: (ledger, latest) => post({ type: 'progress', ledger, latest }),
      onError: (error) => post({ type: 'error', error: toThreadError(error) }),
    });
    ingestion.onLedger((summary) => post({ type: 'ledger', summary }));
    post({ type: 'ready' });
    return { store, ingestion };
  })();
  opened.catch((error: unknown) => post({ type: 'failed', error: toThreadError(error) }));

  const handle = async (
    message: ToIngestThread,
    { store, ingestion }: { store: IndexStore; ingestion: Ingestion },
  ) => {
    if (message.type === 'follow') {
      const abort = new AbortController();
      const run = ingestion.follow(abort.signal).then(
        () => post({ type: 'followed' }),
        (error: unknown) => post({ type: 'followed', error: toThreadError(error) }),
      );
      turn = { abort, run };
    } else if (message.type === 'unfollow') turn?.abort.abort();
    else if (message.type === 'reread') ingestion.reread();
    else if (message.type === 'idle')
      await ingestion.idle().finally(() => post({ type: 'idle', id: message.id }));
    else {
      // The batch under way commits (or rolls back) before the connection closes.
      turn?.abort.abort();
      await turn?.run;
      try {
        await ingestion.close();
        await store.close();
      } finally {
        post({ type: 'closed' });
      }
    }
  };
  port.on('message', (message: ToIngestThread) => {
    void opened.then(
      (thread) =>
        handle(message, thread).catch((error: unknown) =>
          post({ type: 'error', error: toThreadError(error) }),
        ),
      // Not opened: 'failed' said so, and the serving thread ends the thread.
      () => undefined,
    );
  });
}
