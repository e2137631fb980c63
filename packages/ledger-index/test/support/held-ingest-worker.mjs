// The gateway's ingestion thread (dist, build first), its first ingesting transaction held open:
// once it has begun (BEGIN IMMEDIATE on SQLite), the thread says 'held' on the BroadcastChannel
// HELD_CHANNEL and waits there for 'release' before writing and committing. A test
// thus asks the gateway while a write transaction is open, and counts what came before the commit.
import { BroadcastChannel } from 'node:worker_threads';
import { runIngestThread } from '../../dist/gateway/ingest-worker-run.js';
import { IndexStore, openSqlite } from '../../dist/index.js';
import { HELD_CHANNEL } from './held-channel.mjs';

const channel = new BroadcastChannel(HELD_CHANNEL);
const released = new Promise((resolve) => {
  channel.onmessage = (message) => {
    if (message.data === 'release') resolve();
  };
});
let holding = false;

/** The driver, its first transaction after opening held before its work. */
function holdingFirst(driver) {
  return {
    ...driver,
    transaction(work) {
      if (!holding) return driver.transaction(work);
      holding = false;
      return driver.transaction(async (tx) => {
        channel.postMessage('held');
        await released;
        channel.close();
        return work(tx);
      });
    },
  };
}

runIngestThread(async (database, passphrase) => {
  const store = await IndexStore.open(holdingFirst(openSqlite(database)), passphrase);
  holding = true;
  return store;
});
