// A JSON-RPC gateway in front of a Stellar RPC node: it answers with the node's own wire behaviour
// (batches, notifications, -32602 for params outside the contract, before anything is forwarded),
// keeps the answers that never change in memory, and lets only holders of an API key submit
// transactions. The same handlers serve node:http and a fetch-style (Request -> Response) runtime.
import {
  createClient,
  createDispatcher,
  createServer,
  type GetNetworkResult,
  type GetVersionInfoResult,
  type Handlers,
} from '@starspec/ledger-rpc';
import { JsonRpcError } from '@starspec/ledger-rpc/client';
import { listen, sameSecret } from '@starspec/runtime';

const upstream = createClient({ url: process.env.UPSTREAM_RPC_URL ?? 'https://soroban-testnet.stellar.org' });
const submitKey = process.env.SUBMIT_API_KEY ?? '';
// An implementation-defined code (JSON-RPC 2.0 §5.1) the node itself does not use.
const UNAUTHORIZED = -32010;

let network: Promise<GetNetworkResult> | undefined;
let version: Promise<GetVersionInfoResult> | undefined;

const handlers: Handlers = {
  getNetwork: () => {
    network ??= upstream.getNetwork();
    return network;
  },
  getVersionInfo: () => {
    version ??= upstream.getVersionInfo();
    return version;
  },
  getHealth: () => upstream.getHealth(),
  getLatestLedger: () => upstream.getLatestLedger(),
  getFeeStats: () => upstream.getFeeStats(),
  getLedgers: (params) => upstream.getLedgers(params),
  getTransactions: (params) => upstream.getTransactions(params),
  getTransaction: (params) => upstream.getTransaction(params),
  getEvents: (params) => upstream.getEvents(params),
  getLedgerEntries: (params) => upstream.getLedgerEntries(params),
  simulateTransaction: (params) => upstream.simulateTransaction(params),
  sendTransaction: (params, context) => {
    const given = context.http?.headers['x-api-key'];
    if (submitKey === '' || typeof given !== 'string' || !sameSecret(given, submitKey)) {
      // Thrown JsonRpcErrors are answered as they are; any other exception becomes -32603.
      throw new JsonRpcError(UNAUTHORIZED, 'sendTransaction needs an X-Api-Key');
    }
    return upstream.sendTransaction(params);
  },
};

// Under node:http: every path, POST only, 512 KiB bodies, CORS for every origin.
const server = createServer(handlers, { bodyLimitBytes: 512 * 1024 });
console.log(`gateway on ${await listen(server, Number(process.env.PORT ?? 8000), '0.0.0.0')}`);

// In a fetch-style runtime the dispatcher answers one JSON body and the transport rules are ours.
// Its handlers see no node:http request, so this endpoint is a read-only mirror: sendTransaction
// always refuses.
const dispatcher = createDispatcher(handlers);
export async function handle(request: Request): Promise<Response> {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  if (!request.headers.get('content-type')?.startsWith('application/json'))
    return new Response('content-type must be application/json\n', { status: 415 });
  const answer = await dispatcher.dispatch(await request.text());
  return new Response(answer.body ?? null, { status: answer.status, headers: answer.headers });
}
