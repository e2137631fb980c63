/**
 * The test's side of held-ingest-worker.mjs: the worker to start the gateway with, and its channel.
 * `held` settles (after `onHeld`) once the thread's first ingesting transaction is open; `release`
 * lets it write and commit.
 */
import { BroadcastChannel } from 'node:worker_threads';
import { HELD_CHANNEL } from './held-channel.mjs';

export const HELD_WORKER = new URL('./held-ingest-worker.mjs', import.meta.url);

export function heldIngest(onHeld: () => void = () => undefined) {
  const channel = new BroadcastChannel(HELD_CHANNEL);
  const held = new Promise<void>((resolve) => {
    channel.onmessage = (message) => {
      if ((message as { data: unknown }).data !== 'held') return;
      onHeld();
      resolve();
    };
  });
  return { held, release: () => channel.postMessage('release'), close: () => channel.close() };
}
