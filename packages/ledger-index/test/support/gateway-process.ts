/**
 * starspec-horizon (dist/cli.js) as a child process with --json: its URL once ready, the ledgers it
 * reports ingested, and waits on its events (never on time).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface GatewayProcess {
  child: ChildProcess;
  url: Promise<string>;
  /** Ledgers reported ingested, in order. */
  ingested: number[];
  /** Every JSON event, in order. */
  events: { event: string; [name: string]: unknown }[];
  /** Resolves once a ledger at or past `sequence` is reported. */
  reached(sequence: number): Promise<void>;
  /** Resolves once an event of this name has come. */
  event(name: string): Promise<void>;
  /** Resolves (with its exit code) when the process has exited and its output is read. */
  exited: Promise<unknown>;
}

export function startGatewayProcess(rpcUrl: string, db: string, args: string[] = []): GatewayProcess {
  const child = spawn(
    process.execPath,
    [CLI, '--rpc-url', rpcUrl, '--db', db, '--port', '0', '--json', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ingested: number[] = [];
  const events: GatewayProcess['events'] = [];
  const waiting: { done: () => boolean; resolve: () => void; reject: (error: Error) => void }[] = [];
  let gone: Error | undefined;
  // Once its output is all read ('close'), a wait the process can no longer satisfy fails at once rather than at the suite's hang limit.
  const exited = new Promise((resolve) =>
    child.once('close', (code, signal) => {
      gone = new Error(`starspec-horizon exited (${signal ?? code}) before the awaited event`);
      for (const w of waiting.splice(0)) w.reject(gone);
      resolve(code);
    }),
  );
  const until = (done: () => boolean) =>
    done()
      ? Promise.resolve()
      : gone
        ? Promise.reject(gone)
        : new Promise<void>((resolve, reject) => waiting.push({ done, resolve, reject }));
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const event = JSON.parse(line) as GatewayProcess['events'][number];
    events.push(event);
    if (event.event === 'ingested') ingested.push(Number(event.ledger));
    for (const w of waiting.splice(0)) {
      if (w.done()) w.resolve();
      else waiting.push(w);
    }
  });
  const event = (name: string) => until(() => events.some((e) => e.event === name));
  const url = event('ready').then(() => String(events.find((e) => e.event === 'ready')?.url));
  // Awaited by some tests only: a process that never got ready fails those, not the run.
  url.catch(() => undefined);
  return {
    child,
    url,
    ingested,
    events,
    reached: (sequence) => until(() => ingested.some((l) => l >= sequence)),
    event,
    exited,
  };
}
