/**
 * The two faces a differential test compares: the sandbox's own REST face, and the gateway over
 * the sandbox's RPC once it has ingested every ledger the sandbox closed. Both are the same index
 * code, one fed in-process, one through getLedgers: every answer must be the same.
 */
import type { Sandbox } from '@starspec/sandbox';
import { expect } from 'vitest';
import { type Gateway, type GatewayOptions, startGateway } from '../../../src/gateway/gateway.js';
import { SERVER_VERSION } from '../../../src/version.js';
import { type Answer, type Crawl, ORIGIN, type Row } from '../crawl.js';
import { crawlAll } from '../crawl-all.js';
import { INGEST_WORKER } from '../ingest-worker.js';

/** A gateway over the sandbox's RPC (or `options.rpcUrl`), caught up with its latest ledger. */
export async function caughtUpGateway(
  sandbox: Sandbox,
  errors: unknown[],
  options: Partial<GatewayOptions> = {},
): Promise<Gateway> {
  await sandbox.indexed();
  const gateway = await startGateway({
    rpcUrl: sandbox.rpcUrl,
    pollMs: 10,
    validateResponses: true,
    onError: (e) => errors.push(e),
    ingestWorker: INGEST_WORKER,
    ...options,
  });
  await caughtUp(sandbox, gateway);
  return gateway;
}

/** Waits until both faces hold the sandbox's latest ledger. */
export async function caughtUp(sandbox: Sandbox, gateway: Gateway): Promise<void> {
  await sandbox.indexed();
  const latest = sandbox.ledger.latestSequence;
  while (((await gateway.store.latestLedger()) ?? 0) < latest) await new Promise((r) => setTimeout(r, 20));
}

/** What differs by design between the faces: the server's name, and where friendbot is. */
function comparable(path: string, answer: Answer | undefined, network: string): Answer | undefined {
  if (path !== '/' || !answer) return answer;
  const body = structuredClone(answer.body) as Row;
  body.horizon_version = '<server>';
  body._links.friendbot.href = body._links.friendbot.href.replace(network, ORIGIN);
  return { ...answer, body };
}

/** Crawls both faces; expects the same paths with the same answers. Answers the sandbox's crawl. */
export async function expectSameFaces(sandbox: Sandbox, gateway: Gateway): Promise<Crawl> {
  const [own, theirs] = await Promise.all([crawlAll(sandbox.url), crawlAll(gateway.url)]);
  expect([...theirs.answers.keys()]).toEqual([...own.answers.keys()]);
  for (const [path, answer] of own.answers) {
    expect(answer.status, path).toBe(200);
    expect(comparable(path, theirs.answers.get(path), sandbox.url), path).toEqual(
      comparable(path, answer, sandbox.url),
    );
  }
  const root = (crawl: Crawl) => crawl.answers.get('/')?.body as Row | undefined;
  expect(root(own)?.horizon_version).toMatch(/^starspec-sandbox-/);
  expect(root(theirs)?.horizon_version).toBe(SERVER_VERSION);
  return own;
}
