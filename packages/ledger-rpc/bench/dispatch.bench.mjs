#!/usr/bin/env node
// Dispatcher throughput for getLatestLedger with validation on (params before the handler, the
// result against the contract after it), as a ratio to a bare node:http handler answering the
// same JSON-RPC response bytes, both measured in this run over loopback.
// Run after `npm run build`: `pnpm --filter @starspec/ledger-rpc bench` (add --json for machine output).
import { createServer as createBareServer } from 'node:http';

const json = process.argv.includes('--json');
const { createServer, document } = await import('../dist/index.js');

const latest = document.methods.find((m) => m.name === 'getLatestLedger').examples[0].result.value;
const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestLedger' });
const answer = JSON.stringify({ jsonrpc: '2.0', id: 1, result: latest });

const bare = createBareServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    res
      .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) })
      .end(answer);
  });
});
const stub = () => {
  throw new Error('not benchmarked');
};
const dispatcher = createServer(
  {
    getLatestLedger: () => latest,
    getVersionInfo: stub,
    getHealth: stub,
    getNetwork: stub,
    getLedgers: stub,
    getTransactions: stub,
    getTransaction: stub,
    getEvents: stub,
    sendTransaction: stub,
    getFeeStats: stub,
    simulateTransaction: stub,
    getLedgerEntries: stub,
  },
  { validateParams: true, validateResults: true },
);

const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
const post = async (url) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: request,
  });
  const text = await response.text();
  if (response.status !== 200 || text.length !== answer.length)
    throw new Error(`unexpected answer ${response.status}`);
};
async function throughput(port, ms = 1500) {
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 200; i++) await post(url);
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await Promise.all(Array.from({ length: 8 }, () => post(url)));
    n += 8;
  }
  return (n / ms) * 1000;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const barePort = await listen(bare);
const dispatcherPort = await listen(dispatcher);
// Alternate the two servers so warm-up and machine noise fall on both alike.
const bareRuns = [];
const dispatcherRuns = [];
for (let round = 0; round < 5; round++) {
  bareRuns.push(await throughput(barePort));
  dispatcherRuns.push(await throughput(dispatcherPort));
}
bare.close();
dispatcher.close();
const baseline = median(bareRuns);
const subject = median(dispatcherRuns);
const ratio = subject / baseline;
const result = {
  name: 'dispatch',
  baseline,
  subject,
  unit: 'req/s',
  ratio: Number(ratio.toFixed(3)),
  note: 'getLatestLedger through the dispatcher (params and result validated) / bare node:http; higher is better',
};
if (json) console.log(JSON.stringify({ node: process.version, results: [result] }, null, 2));
else
  console.log(
    `dispatch: ${subject.toFixed(0)} req/s vs bare node:http ${baseline.toFixed(0)} req/s -> ratio ${ratio.toFixed(2)} (${result.note})`,
  );
