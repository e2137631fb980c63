/**
 * Thousands of generated requests against the platform, in process on 127.0.0.1: schema-derived
 * (valid values from the contract, then mutated) and random junk, first with a correct anchor
 * behind it, then with an anchor that answers garbage. No 5xx but the contract's 502/503/504 for
 * a failing anchor, no crash, every error in the contract's `{error}` shape, every success valid
 * against the contract, and the anchor only ever receives requests its own contract accepts.
 */
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { listen } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullTestVolume, testVolume } from '../../../../scripts/test-volume.mjs';
import { type OperationId, validate } from '../../src/index.js';
import { closeServer, honestRate, type StubAnchor, startAnchor } from '../support/anchors.js';
import { getPrice, type RunningPlatform, startPlatform, USD, USDC } from '../support/platform.js';
import {
  type GeneratedRequest,
  pick,
  type Random,
  randomJunk,
  rawJunk,
  schemaDerived,
  seeded,
} from './generate.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const CORRECT_ANCHOR_REQUESTS = testVolume(5_000);
const GARBAGE_ANCHOR_REQUESTS = testVolume(1_200);
const RAW_REQUESTS = testVolume(200);
const CONCURRENCY = 16;

const OPERATIONS: Record<string, OperationId> = {
  getPrice: 'getPrice',
  postQuote: 'postQuote',
  getQuote: 'getQuote',
};

interface Outcome {
  request: GeneratedRequest;
  status: number;
  problem?: string;
}

/** Sends one request and checks the answer's shape; returns what went wrong, if anything. */
async function send(base: string, request: GeneratedRequest, quoteIds: string[]): Promise<Outcome> {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = request.body;
  const response = await fetch(base + request.path, init);
  const text = await response.text();
  const { status } = response;
  const outcome: Outcome = { request, status };
  if (request.method === 'HEAD') return outcome;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    outcome.problem = `not JSON: ${text.slice(0, 100)}`;
    return outcome;
  }
  if (!/^application\/json/.test(response.headers.get('content-type') ?? '')) {
    outcome.problem = `content-type ${response.headers.get('content-type')}`;
  } else if (status >= 400) {
    const keys = typeof body === 'object' && body !== null ? Object.keys(body) : [];
    if (keys.length !== 1 || keys[0] !== 'error' || typeof (body as { error: unknown }).error !== 'string') {
      outcome.problem = `error body ${text.slice(0, 200)}`;
    }
  } else {
    const operationId = OPERATIONS[request.kind];
    const check = operationId ? validate.response(operationId, status, body) : { ok: false, errors: [] };
    if (!check.ok) outcome.problem = `success outside the contract: ${JSON.stringify(check.errors)}`;
    if (status === 201) quoteIds.push((body as { id: string }).id);
  }
  return outcome;
}

async function run(
  base: string,
  count: number,
  random: Random,
  next: (random: Random, quoteIds: string[]) => GeneratedRequest,
): Promise<Outcome[]> {
  const quoteIds: string[] = [];
  const outcomes: Outcome[] = [];
  let issued = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < count) {
        issued++;
        const request = next(random, quoteIds);
        try {
          outcomes.push(await send(base, request, quoteIds));
        } catch (error) {
          outcomes.push({ request, status: 0, problem: `request failed: ${(error as Error).message}` });
        }
      }
    }),
  );
  return outcomes;
}

const mixed = (random: Random, quoteIds: string[]) =>
  random() < 0.7 ? schemaDerived(random, quoteIds) : randomJunk(random);

function summary(outcomes: Outcome[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

const describeOutcome = (o: Outcome) =>
  `${o.status} ${o.request.method} ${o.request.path.slice(0, 120)} ${o.request.body?.slice(0, 80) ?? ''} ${o.problem ?? ''}`;

describe(`generated requests (seed ${SEED})`, () => {
  let anchor: StubAnchor;
  let platform: RunningPlatform;
  const errors: unknown[] = [];
  beforeAll(async () => {
    anchor = await startAnchor(honestRate());
    platform = await startPlatform({ anchorUrl: anchor.url }, errors);
  });
  afterAll(async () => {
    await Promise.all([anchor.close(), platform.close()]);
  });

  it(`${CORRECT_ANCHOR_REQUESTS} requests with a correct anchor: no 5xx at all, every answer in the contract`, async () => {
    const outcomes = await run(platform.url, CORRECT_ANCHOR_REQUESTS, seeded(SEED), mixed);
    const counts = summary(outcomes);
    console.log(`correct anchor: ${JSON.stringify(counts)}, anchor called ${anchor.requests.length} times`);
    expect(outcomes.length).toBe(CORRECT_ANCHOR_REQUESTS);
    expect(outcomes.filter((o) => o.status >= 500 || o.status === 0).map(describeOutcome)).toEqual([]);
    expect(outcomes.filter((o) => o.problem !== undefined).map(describeOutcome)).toEqual([]);
    // The generators reach every outcome the contract has for a working anchor.
    if (fullTestVolume())
      for (const status of [200, 201, 400, 403, 404, 405, 413, 415])
        expect(counts[status], `status ${status}`).toBeGreaterThan(0);
    expect(anchor.requests.length).toBeGreaterThan(CORRECT_ANCHOR_REQUESTS / 10);
    // What the platform forwards always passes the anchor's own contract.
    expect(anchor.refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  it(`${RAW_REQUESTS} raw malformed requests: answered in the {error} shape or closed, never a crash`, async () => {
    const random = seeded(SEED + 1);
    const { port } = new URL(platform.url);
    const answers: string[] = [];
    for (let i = 0; i < RAW_REQUESTS; i++) {
      answers.push(
        await new Promise<string>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1');
          let received = '';
          socket.setTimeout(2000, () => socket.destroy());
          socket.on('data', (chunk) => {
            received += chunk.toString('latin1');
          });
          socket.on('error', () => {});
          socket.on('close', () => resolve(received));
          socket.end(rawJunk(random), 'latin1');
        }),
      );
    }
    for (const answer of answers.filter((a) => a !== '')) {
      const split = answer.indexOf('\r\n\r\n');
      const head = answer.slice(0, split);
      const rest = answer.slice(split + 4);
      const body = /transfer-encoding: chunked/i.test(head) ? unchunk(rest) : rest;
      expect(head).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(head).toMatch(/content-type: application\/json/i);
      expect(Object.keys(JSON.parse(body))).toEqual(['error']);
    }
    expect(answers.filter((a) => a !== '').length).toBeGreaterThan(RAW_REQUESTS / 2);
    expect(
      (
        await getPrice(platform.url, {
          sell_asset: USD,
          buy_asset: USDC,
          sell_amount: '10',
          context: 'sep31',
        })
      ).status,
    ).toBe(200);
    expect(errors).toEqual([]);
  });
});

describe(`an anchor answering garbage (seed ${SEED})`, () => {
  const errors: unknown[] = [];
  let platform: RunningPlatform;
  let close: () => Promise<void>;
  let anchorCalls = 0;

  beforeAll(async () => {
    const random = seeded(SEED + 2);
    const honest = honestRate();
    const server = createServer((req, res) => {
      anchorCalls++;
      const query = Object.fromEntries(new URL(req.url ?? '/', 'http://anchor').searchParams);
      const fair = honest({ query } as never) as { status: number; body: unknown };
      const behaviour = Math.floor(random() * 10);
      if (behaviour === 0) return req.socket.destroy();
      if (behaviour === 1) return; // never answers: the platform times out
      if (behaviour === 2) {
        res.writeHead(pick(random, [200, 201, 204, 301, 400, 401, 404, 409, 422, 429, 500, 502, 503]), {
          'content-type': pick(random, ['application/json', 'text/html', 'text/plain']),
        });
        return res.end(
          pick(random, ['', '{}', '{"error": 42}', '{"error": "down"}', '<html>', 'null', '[1,2]']),
        );
      }
      const body = behaviour <= 5 ? corrupt(random, structuredClone(fair.body)) : fair.body;
      res.writeHead(fair.status, { 'content-type': 'application/json' });
      if (behaviour === 6) {
        // Half the body, then the connection drops.
        const text = JSON.stringify(body);
        res.write(text.slice(0, text.length >> 1), () => res.destroy());
        return;
      }
      res.end(JSON.stringify(body));
    });
    const url = await listen(server);
    close = () => closeServer(server);
    platform = await startPlatform({ anchorUrl: url, timeoutMs: 150 }, errors);
  });
  afterAll(async () => {
    await Promise.all([platform.close(), close()]);
  });

  it(`${GARBAGE_ANCHOR_REQUESTS} requests: only the contract's statuses, 5xx only 500/502/503/504`, async () => {
    const outcomes = await run(platform.url, GARBAGE_ANCHOR_REQUESTS, seeded(SEED + 3), mixed);
    const counts = summary(outcomes);
    console.log(`garbage anchor: ${JSON.stringify(counts)}, anchor called ${anchorCalls} times`);
    // 500 where the Anchor Platform fails on the answer (a null body, a non-numeric price, ...).
    const allowed = new Set([200, 201, 400, 403, 404, 405, 413, 415, 431, 500, 502, 503, 504]);
    expect(outcomes.filter((o) => !allowed.has(o.status)).map(describeOutcome)).toEqual([]);
    expect(outcomes.filter((o) => o.problem !== undefined).map(describeOutcome)).toEqual([]);
    if (fullTestVolume())
      for (const status of [200, 502, 504]) expect(counts[status], `status ${status}`).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

/** The payload of a chunked HTTP body. */
function unchunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const end = text.indexOf('\r\n', at);
    const size = Number.parseInt(text.slice(at, end), 16);
    if (!(size > 0)) return out;
    out += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

const GARBAGE_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  '',
  'abc',
  '1e999999',
  `1e${1001}`,
  '-5',
  '0',
  '+7',
  '1E2',
  '.5',
  '5.',
  '0.000000000001',
  '9'.repeat(2000),
  [],
  {},
  [{}],
  [{ name: 1, amount: null }],
  { total: '1' },
  'iso4217:USD',
  'stellar:native',
  '2020-01-01T00:00:00Z',
  '2099-01-01T00:00:00+18:00',
  '2099-02-29T00:00:00Z',
  'x'.repeat(5000),
];

/** Replaces, removes or adds a few members anywhere in an anchor answer. */
function corrupt(random: Random, body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const containers: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    containers.push(node as Record<string, unknown>);
    for (const value of Object.values(node)) walk(value);
  };
  walk(body);
  for (let i = 1 + Math.floor(random() * 3); i > 0; i--) {
    const target = pick(random, containers);
    const keys = Object.keys(target);
    const key =
      keys.length > 0 && random() < 0.8
        ? pick(random, keys)
        : pick(random, ['id', 'expires_at', 'fee', 'details']);
    if (random() < 0.25) delete target[key];
    else target[key] = structuredClone(pick(random, GARBAGE_VALUES));
  }
  return body;
}
