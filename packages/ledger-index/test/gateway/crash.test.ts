/**
 * starspec-horizon killed with SIGKILL in the middle of ingesting resumes where its index ends:
 * every ledger it reported ingested is still there, none is ingested twice (ledgers written a batch
 * per transaction), and the result answers as the sandbox's own face does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl } from '../support/crawl.js';
import { runWorkload } from '../support/workload.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
/** Ledgers per transaction: several batches before the kill, one of them under way. */
const BATCH = 5;

interface Run {
  child: ChildProcess;
  url: Promise<string>;
  /** Ledgers reported ingested, in order. */
  ingested: number[];
  /** Resolves once a ledger at or past `sequence` is reported. */
  reached(sequence: number): Promise<void>;
}

function start(rpcUrl: string, db: string): Run {
  const child = spawn(
    process.execPath,
    [CLI, '--rpc-url', rpcUrl, '--db', db, '--port', '0', '--json', '--ingest-batch', String(BATCH)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const ingested: number[] = [];
  const waiting: { sequence: number; resolve: () => void }[] = [];
  let ready: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => {
    ready = resolve;
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const event = JSON.parse(line) as { event: string; url?: string; ledger?: number };
    if (event.event === 'ready') ready(String(event.url));
    if (event.event !== 'ingested') return;
    ingested.push(Number(event.ledger));
    for (const w of waiting.splice(0)) {
      if (Number(event.ledger) >= w.sequence) w.resolve();
      else waiting.push(w);
    }
  });
  return {
    child,
    url,
    ingested,
    reached: (sequence) =>
      ingested.some((l) => l >= sequence)
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ sequence, resolve })),
  };
}

// 'close': after its output is read to the end, so every line it wrote is counted.
const exited = (child: ChildProcess) => new Promise((resolve) => child.once('close', resolve));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual' });
  await runWorkload(sandbox, { rounds: 40, accounts: 8 });
  await sandbox.indexed();
});
afterAll(() => sandbox?.stop());

describe('a gateway killed while ingesting', () => {
  it('loses and repeats nothing when started again on the same index', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'starspec-horizon-')), 'index.sqlite');
    const latest = sandbox.ledger.latestSequence;
    const first = start(sandbox.rpcUrl, db);
    await first.reached(12);
    first.child.kill('SIGKILL');
    await exited(first.child);
    const before = [...first.ingested];
    expect(Math.max(...before)).toBeLessThan(latest);

    const second = start(sandbox.rpcUrl, db);
    await second.reached(latest);
    // Ingestion went on after the last ledger the killed run reported, each ledger once: at most
    // one batch past it (committed, killed before reporting it), never inside a batch.
    const resumedAt = Number(second.ingested[0]);
    expect(resumedAt).toBeGreaterThan(Math.max(...before));
    expect(resumedAt).toBeLessThanOrEqual(Math.max(...before) + 1 + BATCH);
    const all = [...before, ...second.ingested];
    expect(new Set(all).size).toBe(all.length);

    // And the index holds every ledger once: it answers as the sandbox's own face does.
    const collections = ['/ledgers', '/transactions?include_failed=true'];
    const [own, resumed] = await Promise.all([
      crawl(sandbox.url, collections, 200),
      crawl(await second.url, collections, 200),
    ]);
    expect([...resumed.answers.entries()]).toEqual([...own.answers.entries()]);
    second.child.kill('SIGTERM');
    await exited(second.child);
  });
});
