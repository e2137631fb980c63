// Requests that used to end or hang a Prism mock, sent as the same raw bytes through the guard:
// each gets a 4xx in the contract's error shape, and the mock still serves afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/guard.mjs';
import { startMock } from '../src/mocks.mjs';
import { rawRequest, sendRaw } from './support/hostile-http.mjs';

const HOST = [['Host', 'x']];
const json = (body) => ({ body });

const CASES = {
  callbacks: [
    {
      given: rawRequest('DELETE', '/customer/%ff', HOST),
      want: { status: 400, body: { error: 'id is not valid percent-encoded UTF-8' } },
    },
    {
      given: rawRequest('PUT', '/customer', [...HOST, ['Content-Type', 'application/json']], json('nope')),
      want: { status: 400, body: { error: 'body is not valid JSON' } },
    },
    {
      given: rawRequest('GET', '//', HOST),
      want: { status: 400, body: { error: 'path must be an absolute path starting with a single /' } },
    },
    {
      given: rawRequest('GET', '//a:b@/x', HOST),
      want: { status: 400, body: { error: 'path must be an absolute path starting with a single /' } },
    },
    {
      given: rawRequest('GET', '/customer?id=%e0%a4%a', HOST),
      want: { status: 400, body: { error: 'id is not valid percent-encoded UTF-8' } },
    },
    {
      given: rawRequest('GET', '/customer', [...HOST, ['Accept', 'x']]),
      want: { status: 400, body: { error: 'accept must be a comma-separated list of media ranges' } },
    },
    {
      given: rawRequest('GET', '/customer', [...HOST, ['Content-Type', 'a/b/c']]),
      want: { status: 400, body: { error: 'content-type must be a media type' } },
    },
    {
      given: rawRequest('GET', '/customer', [...HOST, ['Accept', '\u00b5/json']]),
      want: { status: 400, body: { error: 'accept must be a comma-separated list of media ranges' } },
    },
    {
      given: rawRequest(
        'PUT',
        '/customer',
        [...HOST, ['Content-Type', 'text/plain; charset=foo']],
        json('x'),
      ),
      want: { status: 400, body: { error: "content-type charset 'foo' is not supported; send utf-8" } },
    },
    {
      given: rawRequest(
        'PUT',
        '/customer',
        [...HOST, ['Content-Type', 'application/json']],
        json(' '.repeat(BODY_LIMIT_BYTES + 1)),
      ),
      want: { status: 413, body: { error: `the request body is larger than ${BODY_LIMIT_BYTES} bytes` } },
    },
    {
      given: rawRequest('PUT', '/customer', [...HOST, ['Content-Type', 'application/json']], {
        body: ' '.repeat(BODY_LIMIT_BYTES + 1),
        chunked: true,
      }),
      want: { status: 413, body: { error: `the request body is larger than ${BODY_LIMIT_BYTES} bytes` } },
    },
  ],
  'ledger-api': [
    {
      given: rawRequest('GET', '/ledgers/%ff', HOST),
      want: { status: 400, body: badRequest('sequence', 'is not valid percent-encoded UTF-8') },
    },
    {
      given: rawRequest('GET', '/ledgers/%ff/payments', HOST),
      want: { status: 400, body: badRequest('sequence', 'is not valid percent-encoded UTF-8') },
    },
    {
      given: rawRequest('GET', '/ledgers?cursor=%', HOST),
      want: { status: 400, body: badRequest('cursor', 'is not valid percent-encoded UTF-8') },
    },
    {
      given: rawRequest(
        'POST',
        '/transactions',
        [...HOST, ['Content-Type', 'application/json']],
        json('nope'),
      ),
      want: { status: 400, body: badRequest('body', 'is not valid JSON') },
    },
    {
      given: rawRequest('GET', '/ledgers', [...HOST, ['Content-Type', 'application/json']], json('{')),
      want: { status: 400, body: badRequest('body', 'is not valid JSON') },
    },
    {
      given: rawRequest('GET', '//[', HOST),
      want: { status: 400, body: badRequest('path', 'must be an absolute path starting with a single /') },
    },
    {
      given: rawRequest('GET', '/ledgers', [...HOST, ['Accept', ',,,x']]),
      want: { status: 400, body: badRequest('accept', 'must be a comma-separated list of media ranges') },
    },
  ],
};

/** Horizon's bad_request problem for one field. */
function badRequest(field, reason) {
  return {
    type: 'https://stellar.org/horizon-errors/bad_request',
    title: 'Bad Request',
    status: 400,
    detail: 'The request you sent was invalid in some way.',
    extras: { invalid_field: field, reason },
  };
}

const CONTENT_TYPES = { callbacks: 'application/json', 'ledger-api': 'application/problem\\+json' };

describe.each(Object.keys(CASES))('the %s mock, through its guard', (name) => {
  let mock;
  let port;
  beforeAll(async () => {
    mock = await startMock(name, { port: 0 });
    port = Number(new URL(mock.url).port);
  });
  afterAll(() => mock?.stop());

  it.each(CASES[name])('answers $want.status to $given', async ({ given, want }) => {
    const answer = await sendRaw(port, given);
    expect(answer.status).toBe(want.status);
    expect(answer.head).toMatch(new RegExp(`\\r\\ncontent-type: ${CONTENT_TYPES[name]}; charset=utf-8`, 'i'));
    expect(JSON.parse(answer.body)).toEqual(want.body);
  });

  it('still serves afterwards', async () => {
    const answer = await sendRaw(
      port,
      rawRequest('GET', name === 'callbacks' ? '/customer' : '/ledgers', HOST),
    );
    expect(answer.status).toBe(200);
    expect(await Promise.race([mock.died, false])).toBe(false);
  });
});

describe('forwarding', () => {
  let mock;
  beforeAll(async () => {
    mock = await startMock('callbacks', { port: 0 });
  });
  afterAll(() => mock?.stop());

  it('passes valid requests to Prism unchanged: its examples and its validation answers', async () => {
    const customer = await fetch(`${mock.url}/customer`, { headers: { accept: ',application/json,' } });
    expect(customer.status).toBe(200);
    expect((await customer.json()).status).toBe('NEEDS_INFO');
    const put = await fetch(`${mock.url}/customer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '"not an object"',
    });
    expect(put.status).toBe(400);
    expect(put.headers.get('access-control-allow-origin')).toBe('*');
  });
});
