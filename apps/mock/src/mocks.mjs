// Mock servers for the contracts: Prism serves each OpenAPI contract's examples and validates requests.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const prismBin = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
const rpcMock = join(dirname(fileURLToPath(import.meta.url)), 'rpc-mock.mjs');

/**
 * Every contract with a mock: its spec, default port and the variable that overrides it.
 * OpenAPI contracts are served by Prism; the OpenRPC contract by `rpc-mock.mjs`, which answers
 * JSON-RPC POSTs at `/` with the contract's examples after checking params against it.
 */
export const MOCKS = [
  { name: 'callbacks', spec: 'specs/callbacks.openapi.yaml', port: 4010, env: 'CALLBACKS_PORT' },
  { name: 'ledger-api', spec: 'specs/ledger-api.openapi.yaml', port: 4011, env: 'LEDGER_API_PORT' },
  {
    name: 'ledger-rpc',
    spec: 'specs/ledger-rpc.openrpc.json',
    port: 4012,
    env: 'LEDGER_RPC_PORT',
    kind: 'openrpc',
  },
];

/** The port a mock listens on: its environment variable, else the default. */
export function portOf(mock, env = process.env) {
  const value = env[mock.env];
  if (value === undefined || value === '') return mock.port;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${mock.env} must be a port number, got '${value}'`);
  return port;
}

function waitForPort(host, port, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`mock exited with code ${child.exitCode}`));
      const socket = connect({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline)
          reject(new Error(`mock did not listen on ${host}:${port} within ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** A port that is free right now on `host`. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the mock of one contract and resolves once it accepts connections.
 * Returns its base URL and a `stop()` that ends it.
 */
export async function startMock(name, { port, host = '127.0.0.1', timeoutMs = 60_000, log = false } = {}) {
  const mock = MOCKS.find((m) => m.name === name);
  if (!mock) throw new Error(`no mock named '${name}' (known: ${MOCKS.map((m) => m.name).join(', ')})`);
  const listenPort = port === 0 ? await freePort(host) : (port ?? portOf(mock));
  const args =
    mock.kind === 'openrpc'
      ? [rpcMock, '--document', join(root, mock.spec), '--host', host, '--port', String(listenPort)]
      : [
          prismBin,
          'mock',
          '--host',
          host,
          '--port',
          String(listenPort),
          '--errors',
          'false',
          join(root, mock.spec),
        ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', log ? 'inherit' : 'pipe', log ? 'inherit' : 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  try {
    await waitForPort(host, listenPort, child, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${name} mock failed to start: ${error.message}\n${output}`);
  }
  const url = `http://${host}:${listenPort}`;
  return {
    name,
    url,
    spec: mock.spec,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
