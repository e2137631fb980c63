#!/usr/bin/env node
// Mock of the JSON-RPC contract: the generated dispatcher of @starspec/ledger-rpc (so envelopes,
// batches, notifications and invalid params are answered as the real server answers them), with
// handlers that return the contract's own examples. The example whose params match the call best
// wins (exact match first, then the most equal params, `xdrFormat` included); never random data.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createServer } from '@starspec/ledger-rpc';
import { pickExample } from './examples.mjs';

const { values } = parseArgs({
  options: {
    document: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4012' },
  },
});
const document = JSON.parse(readFileSync(values.document, 'utf8'));

const handlers = Object.fromEntries(
  document.methods.map((method) => [method.name, (params) => pickExample(method, params ?? {}) ?? null]),
);
const server = createServer(handlers, { validateResults: false });
server.listen(Number(values.port), values.host);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
