// Thousands of generated hostile requests (seeded: every run sends the same bytes) against the
// docs server serving the built site, in a child process: every request is answered, never
// with a 5xx, errors are plain text, and the server still serves the site afterwards.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVolume } from '../../../scripts/test-volume.mjs';
import {
  describeOutcome,
  fuzz,
  rawRequest,
  seeded,
  sendRaw,
  statusCounts,
} from '../../mock/test/support/hostile-http.mjs';
import { type ChildServer, startChildServer } from './support/child-server.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const REQUESTS = testVolume(5_000);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

const PROFILE = {
  paths: [
    '/',
    '/index.html',
    '/mapping.html',
    '/guides.html',
    '/assets/site.css',
    '/assets/favicon.svg',
    '/assets',
    '/contracts/callbacks.openapi.yaml',
    '/pages.json',
    '/nope.html',
    '/?x=1',
  ],
  methods: ['GET', 'HEAD'],
  bodies: [{ type: 'text/plain', body: 'x' }],
};

describe(`the docs server (seed ${SEED})`, () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer(dist);
  });
  afterAll(() => server?.stop());

  it(`answers ${REQUESTS} hostile requests without a 5xx, and keeps serving`, async () => {
    const outcomes = await fuzz(server.port, REQUESTS, seeded(SEED), PROFILE);
    const counts = statusCounts(outcomes);
    console.log(`docs: ${JSON.stringify(counts)}`);
    const failed = outcomes.filter((o) => o.answer.status === 0 || o.answer.status >= 500);
    expect(failed.length, failed.slice(0, 15).map(describeOutcome).join('\n')).toBe(0);
    // The server's own errors are plain text; Node's answers to unparseable requests have no body.
    const ownErrors = outcomes.filter((o) => o.answer.status >= 400 && o.answer.body !== '');
    const notText = ownErrors.filter((o) => !/\r\ncontent-type: text\/plain/i.test(o.answer.head));
    expect(notText.length, notText.slice(0, 15).map(describeOutcome).join('\n')).toBe(0);
    for (const status of [200, 301, 400, 404, 405])
      expect(counts[status], `status ${status}`).toBeGreaterThan(0);
    expect(server.alive()).toBe(true);
    expect((await sendRaw(server.port, rawRequest('GET', '/', [['Host', 'x']]))).status).toBe(200);
  });
});
