// Friendbot and POST /_sandbox/close are side effects: a web page of another origin must not
// trigger them through its visitor's browser (a form post, an image, a fetch), while clients that
// are not browsers (the SDK in Node, curl) are served. Pages of an allowed origin get CORS.
import { Keypair } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSandbox, testSandbox, waitFor } from '../support/sandbox.js';

const PAGE = 'http://localhost:3000';
const EVIL = 'http://evil.example';
const JSON_BODY = { 'content-type': 'application/json' };

let t: TestSandbox;
let allowing: TestSandbox;

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 'manual' });
  allowing = await testSandbox({ closeEvery: 'manual', allowOrigins: [PAGE] });
});
afterAll(async () => {
  await t.net.stop();
  await allowing.net.stop();
  expect(t.errors).toEqual([]);
  expect(allowing.errors).toEqual([]);
});

async function answer(sandbox: TestSandbox, path: string, init: RequestInit = {}) {
  const response = await fetch(`${sandbox.net.url}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    allowOrigin: response.headers.get('access-control-allow-origin'),
    body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
}

describe('POST /_sandbox/close', () => {
  it.each([
    ['no content type', {}],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['text/plain', { 'content-type': 'text/plain' }],
  ])('%s: 415, and no ledger closes', async (_name, headers) => {
    const before = t.net.ledger.latestSequence;
    const refused = await answer(t, '/_sandbox/close', { method: 'POST', headers, body: '{}' });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ type: 'https://stellar.org/horizon-errors/unsupported_media_type' });
    expect(t.net.ledger.latestSequence).toBe(before);
  });

  it('a JSON body closes a ledger (charset and case aside)', async () => {
    const before = t.net.ledger.latestSequence;
    const closed = await answer(t, '/_sandbox/close', {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(closed.status).toBe(200);
    expect(t.net.ledger.latestSequence).toBe(before + 1);
  });

  it("another origin's preflight and request are refused 403, without CORS headers", async () => {
    const before = t.net.ledger.latestSequence;
    const preflight = await answer(t, '/_sandbox/close', {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.allowOrigin).toBeNull();
    const posted = await answer(t, '/_sandbox/close', {
      method: 'POST',
      headers: { ...JSON_BODY, origin: EVIL },
    });
    expect(posted.status).toBe(403);
    expect(posted.body).toMatchObject({ type: 'https://stellar.org/horizon-errors/forbidden', status: 403 });
    expect(t.net.ledger.latestSequence).toBe(before);
  });

  it('an allowed origin gets its preflight and CORS headers', async () => {
    const preflight = await fetch(`${allowing.net.url}/_sandbox/close`, {
      method: 'OPTIONS',
      headers: {
        origin: PAGE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    const before = allowing.net.ledger.latestSequence;
    const closed = await answer(allowing, '/_sandbox/close', {
      method: 'POST',
      headers: { ...JSON_BODY, origin: PAGE },
    });
    expect(closed.status).toBe(200);
    expect(closed.allowOrigin).toBe(PAGE);
    expect(allowing.net.ledger.latestSequence).toBe(before + 1);
  });
});

describe('friendbot', () => {
  it.each([
    ['a fetch from another origin', { origin: EVIL }],
    ['an image or link from another site (no Origin)', { 'sec-fetch-site': 'cross-site' }],
    [
      'a page of another port on the same host',
      { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' },
    ],
    ['a page claiming the sandbox origin (DNS rebinding)', { 'sec-fetch-site': 'same-origin' }],
  ])('%s: 403, nothing funded', async (_name, headers) => {
    const kp = Keypair.random();
    // Whichever comes first: the answer, or a funding transaction in the queue (a failure).
    let answered = false;
    const call = answer(t, `/friendbot?addr=${kp.publicKey()}`, { headers }).finally(() => {
      answered = true;
    });
    const queued = waitFor(() => answered || t.net.ledger.pending().length > 0).then(() => 'queued' as const);
    const first = await Promise.race([call, queued]);
    expect(first).not.toBe('queued');
    expect(first).toMatchObject({ status: 403, allowOrigin: null });
    expect(t.net.ledger.pending()).toEqual([]);
  });

  it.each([
    ['a client that is not a browser (no Origin, no Sec-Fetch-Site)', false, {}],
    ['a URL the visitor typed (Sec-Fetch-Site: none)', false, { 'sec-fetch-site': 'none' }],
    ['a page of an allowed origin, with CORS headers', true, { origin: PAGE, 'sec-fetch-site': 'same-site' }],
  ] as const)('%s: funded', async (_name, allowed, headers) => {
    const sandbox = allowed ? allowing : t;
    const kp = Keypair.random();
    const before = sandbox.net.ledger.pending().length;
    const call = answer(sandbox, `/friendbot?addr=${kp.publicKey()}`, { headers });
    await waitFor(() => sandbox.net.ledger.pending().length > before);
    sandbox.net.closeLedger();
    const funded = await call;
    expect(funded.status).toBe(200);
    expect(funded.allowOrigin).toBe(allowed ? PAGE : null);
  });

  it('the SDK in Node funds as before', async () => {
    const kp = Keypair.random();
    const before = t.net.ledger.pending().length;
    const call = t.server.requestAirdrop(kp.publicKey());
    await waitFor(() => t.net.ledger.pending().length > before);
    t.net.closeLedger();
    expect((await call).accountId()).toBe(kp.publicKey());
  });
});
