/**
 * A live provider for the checks that need a ledger: the file's sandbox (test/support/sandbox.ts)
 * behind a proxy that applies one named break (see broken.yaml) to the JSON-RPC calls and answers it
 * passes on.
 */
import { createServer, type Server } from 'node:http';
import { xdr } from '@stellar/stellar-sdk/base';
import { MAX_ARCHIVE_WAIT_LEDGERS } from '../../src/suites/ledger-rpc/checks/archive.js';
import { listenForTest, type TestServer } from '../support/listen.js';
import { sharedSandbox } from '../support/sandbox.js';
import { type Json, type LiveBreak, SOROBAN_BREAKS } from './soroban-breaks.js';

const TX_BAD_AUTH = new xdr.TransactionResult({
  feeCharged: 100n,
  result: xdr.TransactionResultResult.txBadAuth(),
  ext: xdr.TransactionResultExt.v0(),
}).toXdr('base64');

/** The members a break sets in a method's result (with that status, when given). */
const setting = (method: string, set: Json, status?: string): LiveBreak => ({
  method,
  result: (result) => {
    if (status === undefined || result.status === status) Object.assign(result, set);
  },
});

const BREAKS: Record<string, LiveBreak> = {
  // A hash that is not the transaction's: the app polls for a transaction that never comes.
  'send-wrong-hash': setting('sendTransaction', { hash: '0'.repeat(64) }),
  'landed-as-failed': setting('getTransaction', { status: 'FAILED' }, 'SUCCESS'),
  'duplicate-as-pending': setting('sendTransaction', { status: 'PENDING' }, 'DUPLICATE'),
  'bad-seq-as-bad-auth': setting('sendTransaction', { errorResultXdr: TX_BAD_AUTH }, 'ERROR'),
  'failed-as-success': setting('getTransaction', { status: 'SUCCESS' }, 'FAILED'),
  ...SOROBAN_BREAKS,
};

export const LIVE_BREAKS = Object.keys(BREAKS);

/** Starts a proxy to the shared sandbox's RPC that applies `breaks` (none: the sandbox as it is). */
export async function startLiveProvider(options: { breaks?: readonly string[] } = {}): Promise<TestServer> {
  // New persistent entries archive soon enough for soroban.archived-entry to wait for one.
  const net = await sharedSandbox({ minPersistentTtl: MAX_ARCHIVE_WAIT_LEDGERS });
  const breaks = (options.breaks ?? []).map((name) => {
    const found = BREAKS[name];
    if (!found) throw new Error(`no live break named ${name}`);
    return found;
  });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      let body = Buffer.concat(chunks).toString('utf8');
      let request: Json | undefined;
      try {
        request = JSON.parse(body) as Json;
      } catch {
        // Not JSON: passed on as it is.
      }
      const applying = breaks.filter((b) => request?.method === b.method);
      const params = (request?.params ?? {}) as Json;
      for (const change of applying) change.params?.(params);
      if (request && applying.some((b) => b.params)) body = JSON.stringify(request);
      const upstream = await fetch(net.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body,
      });
      let text = await upstream.text();
      try {
        const answer = JSON.parse(text) as Json;
        const result = answer.result as Json | undefined;
        if (result) for (const change of applying) change.result?.(result, params);
        text = JSON.stringify(answer);
      } catch {
        // Not one JSON call and answer (a batch, a parse error): passed on as it is.
      }
      const type = upstream.headers.get('content-type');
      res.writeHead(upstream.status, type ? { 'content-type': type } : {}).end(text);
    });
  });
  return listenForTest(server);
}
