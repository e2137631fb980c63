// What the bundled command reads before its first answer: its entry and the chunks it needs, not
// the Soroban host nor the REST face (the ledger index and the ledger-api validators), which are
// chunks loaded on first use; nor, before it listens, the JSON-RPC face's validators (the entry and
// the chunks it imports statically do not hold them), nor the SDK's transaction builder (friendbot's
// set-up transaction is built from the XDR types). A module load hook in the process logs every file it loads; the
// bundle names each module it holds in a `// path` comment, which tells what a file carries.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, ready, rpcCall, start } from './support/cli.js';

afterEach(killAll);

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOAD_LOG, url + '\\n');
  return next(url, context);
}`;
const REGISTER = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));`;

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** The `// path` comment the bundle puts before a module's code. */
const SOROBAN_HOST = /^\/\/ \S*soroban\/dist\/host\/host\.js$/m;
const REST_FACE = /^\/\/ \S*ledger-index\/dist\/rest\/face\.js$/m;
const LEDGER_API_VALIDATORS = /^\/\/ \S*ledger-api\/dist\/generated\/validators\.gen\.js$/m;
const LEDGER_RPC_VALIDATORS = /^\/\/ \S*ledger-rpc\/dist\/generated\/validators\.gen\.js$/m;
/** The SDK's transaction builder (with its operations and bignumber.js): friendbot's funding and the REST face use it. */
const SDK_BUILDER = /^\/\/ \S*stellar-sdk\/lib\/esm\/base\/transaction_builder\.js$/m;

/** The `// path` comment of each of the SDK's XDR types (one file per type). */
const XDR_TYPE = /^\/\/ \S*stellar-sdk\/lib\/esm\/xdr\/generated\/[\w-]+\.js$/gm;
/** Overlay messages and contract specs, which the sandbox decodes nowhere at start. */
const STELLAR_MESSAGE = /^\/\/ \S*xdr\/generated\/stellar-message\.js$/m;
const SC_SPEC_ENTRY = /^\/\/ \S*xdr\/generated\/sc-spec-entry\.js$/m;

/** The files Node loads with `file` before running it: it and what it imports statically. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, from, bare] of text.matchAll(
    /^(?:import|export)\s[^;]*?from\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"/gm,
  ))
    staticGraph(join(dirname(file), (from ?? bare) as string), seen);
  return seen;
}

/** The text of the package's bundle files the process has loaded so far. */
function loadedBundle(log: string): string {
  const files = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((url) => fileURLToPath(url))
    .filter((file) => file.startsWith(DIST));
  expect(files.length).toBeGreaterThan(0);
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

describe('starspec-sandbox start', () => {
  it('listens before it loads the JSON-RPC validators or the SDK builder: its entry and static chunks do not hold them', () => {
    const graph = [...staticGraph(join(DIST, 'cli.js'))];
    expect(graph.length).toBeGreaterThan(1);
    const text = graph.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(text).not.toMatch(LEDGER_RPC_VALIDATORS);
    expect(text).not.toMatch(SDK_BUILDER);
    expect(text).not.toMatch(SOROBAN_HOST);
    expect(text).not.toMatch(REST_FACE);
  });

  it("loads the XDR types its start uses, not all of the SDK's (scripts/sdk-namespaces.mjs)", () => {
    const start = [...staticGraph(join(DIST, 'cli.js'))].map((file) => readFileSync(file, 'utf8')).join('\n');
    const bundle = [
      join(DIST, 'cli.js'),
      ...readdirSync(join(DIST, 'chunks')).map((f) => join(DIST, 'chunks', f)),
    ]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const atStart = start.match(XDR_TYPE) ?? [];
    const inBundle = new Set(bundle.match(XDR_TYPE));
    expect(atStart.length).toBeGreaterThan(100);
    expect(new Set(atStart).size).toBe(atStart.length);
    expect(inBundle.size - atStart.length).toBeGreaterThan(50);
    expect(start).not.toMatch(STELLAR_MESSAGE);
    expect(start).not.toMatch(SC_SPEC_ENTRY);
    expect(bundle).toMatch(STELLAR_MESSAGE);
  });

  it('answers getHealth without loading the Soroban host or the REST face; a REST request loads the face', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'sandbox-start-')), 'loads.log');
    const child = start(['--port', '0', '--json', '--close-every', 'manual'], {
      LOAD_LOG: log,
      NODE_OPTIONS: `--import data:text/javascript,${encodeURIComponent(REGISTER)}`,
    });
    const { rpcUrl, url } = await ready(child);
    expect((await rpcCall(rpcUrl, 'getHealth')).status).toBe('healthy');

    const atStart = loadedBundle(log);
    expect(atStart).toMatch(LEDGER_RPC_VALIDATORS);
    expect(atStart).not.toMatch(SOROBAN_HOST);
    expect(atStart).not.toMatch(REST_FACE);
    expect(atStart).not.toMatch(LEDGER_API_VALIDATORS);

    // The REST face starts on its first request, with the ledger closed at start in its index.
    const root = await fetch(`${url}/ledgers/2`);
    expect(root.status).toBe(200);
    expect(((await root.json()) as { sequence: number }).sequence).toBe(2);
    const afterRest = loadedBundle(log);
    expect(afterRest).toMatch(REST_FACE);
    expect(afterRest).toMatch(LEDGER_API_VALIDATORS);
    expect(afterRest).not.toMatch(SOROBAN_HOST);
  });
});
