#!/usr/bin/env node
// `npm start`: installs what is missing, builds every package, then starts the local stack and
// prints each URL. Runs until interrupted. `npm start -- --smoke` starts, probes and stops.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { BUILD, ensureInstalled, pnpm, root, turboEnv } from './toolchain.mjs';

// The apps read PORT; the stack gives each its own variable so they can be moved independently.
const anchorPort = process.env.ANCHOR_PORT || '8081';
const platformPort = process.env.PLATFORM_PORT || '8082';
const docsPort = process.env.DOCS_PORT || '4000';
const sandboxPort = process.env.SANDBOX_PORT || '8000';
// The docs site's try-it panels call the apps from the browser: its origin may (CORS).
const docsOrigins = `http://127.0.0.1:${docsPort}, http://localhost:${docsPort}`;

/** A JSON-RPC call; resolves with the answer (`result` or `error`). */
async function rpcCall(url, method) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
  });
  return answer.json();
}

/** A fresh account address, from the Stellar SDK the sandbox depends on. */
async function randomAddress() {
  const fromSandbox = createRequire(join(root, 'packages/sandbox/package.json'));
  const { Keypair } = await import(pathToFileURL(fromSandbox.resolve('@stellar/stellar-sdk/base')).href);
  return Keypair.random().publicKey();
}

// The sandbox prints one `ready` line with its URLs (then a line per ledger): its endpoints, each
// with the probe `--smoke` runs instead of the plain GET (what went wrong, or undefined) and what
// it checked.
const sandboxEndpoints = (event) =>
  event.ready
    ? [
        {
          name: 'sandbox rpc',
          url: event.rpcUrl,
          checked: 'answers getHealth: healthy',
          async probe() {
            const { result, error } = await rpcCall(event.rpcUrl, 'getHealth');
            return result?.status === 'healthy' ? undefined : `getHealth: ${JSON.stringify(result ?? error)}`;
          },
        },
        {
          name: 'friendbot',
          url: event.friendbotUrl,
          checked: 'funds a new account',
          async probe() {
            const answer = await fetch(`${event.friendbotUrl}?addr=${await randomAddress()}`);
            const body = await answer.json();
            return answer.ok && body.successful
              ? undefined
              : `funding: ${answer.status} ${JSON.stringify(body)}`;
          },
        },
        {
          name: 'sandbox rest',
          url: `${event.url}/`,
          checked: 'answers the REST root for its network',
          async probe() {
            const answer = await fetch(`${event.url}/`);
            const body = await answer.json();
            return answer.ok && body.network_passphrase === event.passphrase
              ? undefined
              : `GET /: ${answer.status} ${JSON.stringify(body).slice(0, 200)}`;
          },
        },
      ]
    : [];

// Every service of the local stack: a command that prints one JSON line `{ name, url }` per endpoint it
// serves, then `{ ready: true }` (or lines its `endpoints` function reads).
const SERVICES = [
  { label: 'mock servers', command: [process.execPath, join(root, 'apps/mock/src/cli.mjs'), '--json'] },
  {
    label: 'reference anchor',
    command: [process.execPath, join(root, 'apps/anchor/dist/main.js'), '--json'],
    env: { PORT: anchorPort, CORS_ORIGINS: process.env.CORS_ORIGINS || docsOrigins },
  },
  {
    label: 'platform rate gateway',
    command: [process.execPath, join(root, 'apps/platform/dist/main.js'), '--json'],
    env: {
      PORT: platformPort,
      ANCHOR_URL: `http://127.0.0.1:${anchorPort}`,
      CORS_ORIGINS: process.env.CORS_ORIGINS || docsOrigins,
    },
  },
  { label: 'docs site', command: [process.execPath, join(root, 'apps/docs/src/serve.mjs'), '--json'] },
  {
    label: 'sandbox (a local Stellar network: RPC, friendbot and REST)',
    command: [process.execPath, join(root, 'packages/sandbox/dist/cli.js'), '--json'],
    env: { SANDBOX_PORT: sandboxPort },
    endpoints: sandboxEndpoints,
  },
];

// Every port of the stack, with the variable that moves it.
const PORTS = [
  ['CALLBACKS_PORT', 4010],
  ['LEDGER_API_PORT', 4011],
  ['LEDGER_RPC_PORT', 4012],
  ['ANCHOR_PORT', 8081],
  ['PLATFORM_PORT', 8082],
  ['DOCS_PORT', 4000],
  ['SANDBOX_PORT', 8000],
];

/**
 * Whether `port` can be bound on 127.0.0.1, where the services listen. Binding is the test: a
 * connection that succeeds only says that something answers, maybe another program.
 */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const smoke = process.argv.includes('--smoke');
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`Usage: npm start [-- --smoke]

Installs dependencies, builds every package and starts the local stack:
${SERVICES.map((s) => `  - ${s.label}`).join('\n')}
Each URL is printed once it answers. Ports: CALLBACKS_PORT (4010), LEDGER_API_PORT (4011),
LEDGER_RPC_PORT (4012) for the mocks, ANCHOR_PORT (8081) and PLATFORM_PORT (8082) for the apps,
DOCS_PORT (4000) for the docs site, SANDBOX_PORT (8000) for the sandbox.
  --smoke   start everything, check that each URL answers, stop, and exit 0 (or 1)`);
  process.exit(0);
}

// Before the build, which takes a while: a taken port would fail the stack at the end of it.
// (Each service still binds its own port and fails on its own if it is taken meanwhile.)
for (const [variable, fallback] of PORTS) {
  const port = Number(process.env[variable] || fallback);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) continue; // the service reports it
  if (!(await isFree(port))) {
    console.error(
      `starspec: port ${port} is already in use; stop what uses it or set ${variable} to a free port`,
    );
    process.exit(1);
  }
}

ensureInstalled();
console.log(
  'starspec: building every package (a line each as it is built; a minute or more on a fresh clone)',
);
const built = pnpm(BUILD, { env: turboEnv() });
if (built !== 0) process.exit(built);

const children = [];
const endpoints = [];
let stopping = false;
const stop = (code) => {
  stopping = true;
  // The exit code holds even if the event loop empties before the timer below fires.
  process.exitCode = code;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

function startService(service) {
  return new Promise((resolve, reject) => {
    const [command, ...args] = service.command;
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...service.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let ready = false;
    child.once('exit', (code, signal) => {
      const message = `${service.label} exited with ${signal ?? `code ${code}`}`;
      if (!ready) return reject(new Error(message));
      // A service that ends after start leaves a stack that is not up: stop the rest.
      if (stopping) return;
      console.error(`starspec: ${message}; stopping`);
      stop(1);
    });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      let event;
      try {
        event = JSON.parse(line);
      } catch {
        return console.log(line);
      }
      const found = service.endpoints ? service.endpoints(event) : event.name ? [event] : [];
      for (const endpoint of found) {
        endpoints.push(endpoint);
        console.log(`  ${endpoint.name.padEnd(12)} ${endpoint.url}`);
      }
      if (event.ready && !ready) {
        ready = true;
        resolve();
      } else if (found.length === 0 && !service.endpoints && !event.ready) {
        console.log(line);
      }
    });
  });
}

console.log('starspec: starting the local stack');
let started = true;
try {
  for (const service of SERVICES) await startService(service);
} catch (error) {
  console.error(`starspec: ${error.message}`);
  started = false;
  stop(1);
}

if (!started) {
  // stop() ends the process once the other services are down.
} else if (smoke) {
  let failed = 0;
  // Each service answers, and the ones the docs site's try-it panels call let its pages (CORS).
  const docsOrigin = `http://127.0.0.1:${docsPort}`;
  const plainProbe = async (endpoint) => {
    const answer = await fetch(endpoint.url, { headers: { origin: docsOrigin } }).catch(() => undefined);
    const crossOrigin = new URL(endpoint.url).origin !== docsOrigin;
    const allowed = answer?.headers.get('access-control-allow-origin');
    return !answer
      ? 'does not answer'
      : crossOrigin && allowed !== docsOrigin && allowed !== '*'
        ? 'answers but not the docs site (CORS)'
        : undefined;
  };
  for (const endpoint of endpoints) {
    const problem = endpoint.probe
      ? await endpoint.probe().catch((error) => `does not answer (${error.message})`)
      : await plainProbe(endpoint);
    console.log(`starspec: ${endpoint.name} ${problem ?? endpoint.checked ?? 'answers'} at ${endpoint.url}`);
    if (problem) failed++;
  }
  stop(failed ? 1 : 0);
} else {
  console.log('starspec: stack is up; press Ctrl-C to stop');
}
