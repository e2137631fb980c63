#!/usr/bin/env node
// Mock of the JSON-RPC contract: the generated dispatcher of @starspec/ledger-rpc (so envelopes,
// batches, notifications and invalid params are answered as the real server answers them), with
// handlers that return the contract's own examples. The example whose params match the call best
// wins (exact match first, then the most equal params, `xdrFormat` included); never random data.
import { parseArgs } from 'node:util';
import { loadOpenRpc } from '@starspec/codegen';
import { createServer } from '@starspec/ledger-rpc';
import { pickExample } from './examples.mjs';

const { values } = parseArgs({
  options: {
    document: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4012' },
  },
});
// The contract is kept in parts (specs/ledger-rpc/): they are read together, as one document.
const document = await loadOpenRpc(values.document);

const handlers = Object.fromEntries(
  document.methods.map((method) => [method.name, (params) => pickExample(method, params ?? {}) ?? null]),
);
const server = createServer(handlers, { validateResults: false });
// The launcher waits for this line (or the exit) rather than probing the port, which another
// process may hold.
server.once('error', (error) => {
  process.stderr.write(`rpc-mock: ${error.message}\n`);
  process.exit(1);
});
server.listen(Number(values.port), values.host, () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const host = values.host.includes(':') ? `[${values.host}]` : values.host;
  process.stdout.write(`${JSON.stringify({ listening: `http://${host}:${port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
