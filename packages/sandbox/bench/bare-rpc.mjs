#!/usr/bin/env node
// The start-up baseline: a bare node:http server started as `starspec-sandbox --port 0 --json`
// is, that prints the same ready line and answers every request with a getHealth result.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string' }, json: { type: 'boolean' } } });
const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  result: { status: 'healthy', latestLedger: 2, oldestLedger: 2, ledgerRetentionWindow: 120960 },
});
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
});
server.listen(Number(values.port ?? 8000), '127.0.0.1', () => {
  const url = `http://127.0.0.1:${server.address().port}`;
  process.stdout.write(`${JSON.stringify({ event: 'ready', ready: true, url, rpcUrl: `${url}/rpc` })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
