/**
 * A live provider for the checks that need a ledger: the file's sandbox (test/support/sandbox.ts)
 * behind a proxy that applies one named break (see broken.yaml) to the JSON-RPC answers it passes on.
 */
import { createServer, type Server } from 'node:http';
import { xdr } from '@stellar/stellar-sdk/base';
import { listenForTest, type TestServer } from '../support/listen.js';
import { sharedSandbox } from '../support/sandbox.js';

type Json = Record<string, unknown>;

const TX_BAD_AUTH = new xdr.TransactionResult({
  feeCharged: 100n,
  result: xdr.TransactionResultResult.txBadAuth(),
  ext: xdr.TransactionResultExt.v0(),
}).toXdr('base64');

/** Each break: the members it sets in a method's result (with that status, when given). */
const BREAKS: Record<string, { method: string; status?: string; set: Json }> = {
  // A hash that is not the transaction's: the app polls for a transaction that never comes.
  'send-wrong-hash': { method: 'sendTransaction', set: { hash: '0'.repeat(64) } },
  'landed-as-failed': { method: 'getTransaction', status: 'SUCCESS', set: { status: 'FAILED' } },
  'duplicate-as-pending': { method: 'sendTransaction', status: 'DUPLICATE', set: { status: 'PENDING' } },
  'bad-seq-as-bad-auth': { method: 'sendTransaction', status: 'ERROR', set: { errorResultXdr: TX_BAD_AUTH } },
  'failed-as-success': { method: 'getTransaction', status: 'FAILED', set: { status: 'SUCCESS' } },
};

export const LIVE_BREAKS = Object.keys(BREAKS);

/** Starts a proxy to the shared sandbox's RPC that applies `breaks` (none: the sandbox as it is). */
export async function startLiveProvider(options: { breaks?: readonly string[] } = {}): Promise<TestServer> {
  const net = await sharedSandbox();
  const breaks = (options.breaks ?? []).map((name) => {
    const found = BREAKS[name];
    if (!found) throw new Error(`no live break named ${name}`);
    return found;
  });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const upstream = await fetch(net.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body,
      });
      let text = await upstream.text();
      try {
        const request = JSON.parse(body) as Json;
        const answer = JSON.parse(text) as Json;
        const result = answer.result as Json | undefined;
        for (const { method, status, set } of breaks) {
          if (result && request.method === method && (status === undefined || result.status === status))
            Object.assign(result, set);
        }
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
