/**
 * Errors from the ingestion thread keep their name, message, stack and cause when they reach the
 * serving thread: structured cloning alone would turn a LedgerGapError into a plain Error. End to
 * end, a gateway whose index ends before the RPC server's oldest ledger stops following with a
 * LedgerGapError that names the ledgers lost. The thread runs dist (build first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { LedgerGapError } from '../../src/gateway/follow.js';
import { startGateway } from '../../src/gateway/gateway.js';
import { fromThreadError, toThreadError } from '../../src/gateway/thread-error.js';
import { caughtUpGateway } from '../support/differential/faces.js';
import { INGEST_WORKER } from '../support/ingest-worker.js';

const across = (error: unknown) => fromThreadError(structuredClone(toThreadError(error)));

describe('an error across the thread boundary', () => {
  const cases: { given: unknown; want: { name: string; message: string; cause?: string } }[] = [
    {
      given: new LedgerGapError('ledgers 3–9 are lost'),
      want: { name: 'LedgerGapError', message: 'ledgers 3–9 are lost' },
    },
    { given: new TypeError('not a number'), want: { name: 'TypeError', message: 'not a number' } },
    {
      given: new Error('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') }),
      want: { name: 'Error', message: 'fetch failed', cause: 'connect ECONNREFUSED 127.0.0.1:1' },
    },
    { given: 'a string thrown', want: { name: 'Error', message: 'a string thrown' } },
  ];
  it.each(cases)('keeps $want.name: $want.message', ({ given, want }) => {
    const error = across(given);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(want.name);
    expect(error.message).toBe(want.message);
    expect((error.cause as Error | undefined)?.message).toBe(want.cause);
    if (given instanceof Error) expect(error.stack).toBe(given.stack);
  });
});

describe('a gateway whose index ends before the RPC server keeps', () => {
  let sandbox: Sandbox | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'thread-errors-'));
  afterAll(async () => {
    await sandbox?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops following with a LedgerGapError naming the ledgers lost', async () => {
    sandbox = await startSandbox({ closeEvery: 'manual', retention: 5 });
    sandbox.closeLedger();
    const database = join(dir, 'index.sqlite');
    const latest = sandbox.ledger.latestSequence;
    const first = await caughtUpGateway(sandbox, [], { database, validateResponses: false });
    await first.stop();
    // The server moves on past its retention: the ledgers after the index's last are gone.
    for (let i = 0; i < 10; i++) sandbox.closeLedger();

    const second = await startGateway({
      rpcUrl: sandbox.rpcUrl,
      database,
      pollMs: 10,
      ingestWorker: INGEST_WORKER,
      onError: () => undefined,
    });
    try {
      const error = await second.following.then(
        () => undefined,
        (reason: unknown) => reason as Error,
      );
      expect(error?.name).toBe('LedgerGapError');
      expect(error?.message).toMatch(new RegExp(`^the index ends at ledger ${latest} but .* are lost$`));
    } finally {
      await second.stop();
    }
  });
});
