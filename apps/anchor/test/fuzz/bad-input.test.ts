// Bad input: thousands of requests generated from the contract (./generate.ts) against the anchor,
// in-process on 127.0.0.1. Nothing may answer 5xx or crash; every error is the contract's {error}
// shape, and every success is within the contract.
import { Agent, request } from 'node:http';
import { validate } from '@starspec/callbacks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullTestVolume, testVolume } from '../../../../scripts/test-volume.mjs';
import { startAnchor, type TestAnchor } from '../support/anchor.js';
import { BODY_LIMIT, generate, type Json, type Req } from './generate.js';

const TOTAL = testVolume(5000);
const CONCURRENCY = 8;

let t: TestAnchor;
let agent: Agent;
let port: number;
beforeAll(async () => {
  t = await startAnchor({ limits: { bodyLimitBytes: BODY_LIMIT } });
  port = Number(new URL(t.base).port);
  agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

interface Outcome {
  status: number;
  contentType: string | undefined;
  text: string;
}

function send(req: Req): Promise<Outcome> {
  return new Promise((resolvePromise, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
    const r = request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'],
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

describe('bad input', () => {
  it(`answers ${TOTAL} generated requests without a 5xx, every error as {error}`, async () => {
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const worker = async () => {
      while (sent < TOTAL) {
        sent++;
        const req = generate();
        const where = `${req.method} ${req.path.slice(0, 200)} ${String(req.body ?? '').slice(0, 200)}`;
        let outcome: Outcome;
        try {
          outcome = await send(req);
        } catch (error) {
          problems.push(`${where}: no answer (${(error as Error).message})`);
          continue;
        }
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        if (outcome.status >= 500) problems.push(`${where}: ${outcome.status} ${outcome.text.slice(0, 300)}`);
        if (req.method === 'HEAD' || outcome.status === 204) continue;
        let body: Json;
        try {
          body = JSON.parse(outcome.text);
        } catch {
          problems.push(
            `${where}: ${outcome.status} with a body that is not JSON: ${outcome.text.slice(0, 100)}`,
          );
          continue;
        }
        if (!/^application\/json/.test(outcome.contentType ?? ''))
          problems.push(`${where}: content-type ${outcome.contentType}`);
        if (outcome.status >= 400) {
          const shape = validate.schema('Error', body);
          const keys = Object.keys(body ?? {}).filter((k) => k !== 'error' && k !== 'id');
          if (!shape.ok || typeof body.error !== 'string' || body.error === '' || keys.length > 0) {
            problems.push(`${where}: ${outcome.status} not an {error}: ${outcome.text.slice(0, 200)}`);
          }
        } else if (req.operationId) {
          const verdict = validate.response(req.operationId, outcome.status, body);
          if (!verdict.ok)
            problems.push(
              `${where}: ${outcome.status} outside the contract: ${JSON.stringify(verdict.errors)}`,
            );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(problems.slice(0, 20)).toEqual([]);
    expect(t.errors).toEqual([]);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(TOTAL);
    // The mix reached the handlers as well as the adapter's refusals.
    if (fullTestVolume())
      for (const status of [200, 202, 400, 404, 405, 413, 415])
        expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    // Still serving.
    const after = await send({ method: 'GET', path: '/customer' });
    expect(after.status).toBe(200);
  });
});
