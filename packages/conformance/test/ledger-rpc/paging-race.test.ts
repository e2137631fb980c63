// A provider whose history grows while the suite pages: the first page holds the last two
// transactions so far, the page after its cursor is empty (correct: nothing had followed yet),
// and a new ledger with a transaction closes before the suite looks again. The check must not
// blame the empty page for what came after it; a provider that answers an empty page though
// more had already come still fails it.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../src/index.js';
import { HANG_MS } from '../support/hang.js';
import { listenForTest, type TestServer } from '../support/listen.js';
import { OLDEST, startRpcServer } from './server.js';

type Json = Record<string, unknown>;

/**
 * The scripted provider, showing getTransactions only up to a latest ledger, counted from the
 * suite's start ledger S (the first one it asks for). Correct: it starts at S + 1 and moves on by
 * one after each answer to a cursor page. Broken: it stays at S + 3, but cursor pages leave out
 * all after S + 1.
 */
async function growingProvider(broken: boolean): Promise<TestServer> {
  const upstream = await startRpcServer();
  let start: number | undefined;
  let latest = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = (await (
        await fetch(upstream.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      ).json()) as Json;
      const request = JSON.parse(body) as {
        method?: string;
        params?: { startLedger?: number; pagination?: { cursor?: string } };
      };
      const result = answer.result as Json | undefined;
      if (request.method === 'getTransactions' && result) {
        if (start === undefined) {
          start = request.params?.startLedger ?? OLDEST;
          latest = broken ? start + 3 : start + 1;
        }
        const cursorPageUpTo = start + 1;
        const byCursor = request.params?.pagination?.cursor !== undefined;
        const shown = (result.transactions as Json[]).filter(
          (tx) => (tx.ledger as number) <= (broken && byCursor ? cursorPageUpTo : latest),
        );
        Object.assign(result, { transactions: shown, latestLedger: latest });
        if (byCursor && !broken) latest += 1;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  const proxy = await listenForTest(server);
  return {
    ...proxy,
    close: async () => {
      await proxy.close();
      await upstream.close();
    },
  };
}

const outcome = async (broken: boolean) => {
  const provider = await growingProvider(broken);
  try {
    const report = await runSuite('ledger-rpc', {
      baseUrl: provider.url,
      only: ['paging.get-transactions'],
      timeoutMs: HANG_MS,
    });
    const [check] = report.checks;
    return { status: check?.status, message: check?.message };
  } finally {
    await provider.close();
  }
};

describe('paging.get-transactions while ledgers close', () => {
  it.each([
    {
      given: 'a transaction lands after the empty page was answered',
      broken: false,
      want: { status: 'skip', message: expect.stringMatching(/no page after it to check/) },
    },
    {
      given: 'the page after the cursor is empty though a later ledger it covered holds one',
      broken: true,
      want: { status: 'fail', message: expect.stringMatching(/does not continue after the first page/) },
    },
  ])('$given', async ({ broken, want }) => {
    expect(await outcome(broken)).toEqual(want);
  });
});
