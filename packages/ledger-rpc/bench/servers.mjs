// The servers of the ledger-rpc benchmark, each started by the harness in a process of its own.
// Both answer every method's first example to that example's call, one request per method.
import { createServer as createBareServer } from 'node:http';
import { createServer, document } from '../dist/index.js';

const examples = document.methods.map((method) => {
  const example = method.examples[0];
  const params = Object.fromEntries((example.params ?? []).map(({ name, value }) => [name, value]));
  return { name: method.name, params, result: example.result.value };
});

export const requests = examples.map(({ name, params }) => ({
  operationId: name,
  method: 'POST',
  path: '/',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: name, params }),
}));

const results = new Map(examples.map(({ name, result }) => [name, result]));

/** The floor: node:http reading and parsing the call, answering the example's result. No validation. */
function bareServer() {
  return createBareServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const text = JSON.stringify({ jsonrpc: '2.0', id: call.id, result: results.get(call.method) });
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
        .end(text);
    });
  });
}

export const servers = {
  starspec: () =>
    createServer(Object.fromEntries(examples.map(({ name, result }) => [name, () => result])), {
      validateParams: true,
      validateResults: false,
    }),
  bare: bareServer,
};
