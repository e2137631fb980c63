// The sandbox's port as HTTP: answers of the REST face readable by pages of any origin
// (`Access-Control-Allow-Origin: *`, as Horizon answers; friendbot and the close are the browser
// guard's, see browser-guard.test.ts), requests Node cannot parse
// answered with a problem like every other REST error, and idle connections kept past clients'
// own idle timeouts.
import { connect } from 'node:net';
import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS } from '@starspec/runtime/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/index.js';

let sandbox: Sandbox;
const errors: unknown[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual', onError: (e) => errors.push(e) });
});
afterAll(async () => {
  await sandbox.stop();
  expect(errors).toEqual([]);
});

const ORIGIN = { origin: 'https://app.example' };

/** Sends bytes as they are on a new connection; resolves with everything read until it closes. */
function rawExchange(port: string, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.end(bytes);
  });
}

describe('CORS', () => {
  it.each([
    ['the root', '/', 200],
    ['a page', '/ledgers?limit=1', 200],
    ['a problem', '/ledgers/999999', 404],
    ['a path nothing serves', '/nowhere/at/all', 404],
  ])('%s answers Access-Control-Allow-Origin: *', async (_name, path, status) => {
    const response = await fetch(`${sandbox.url}${path}`, { headers: ORIGIN });
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a preflight for a submission', async () => {
    const response = await fetch(`${sandbox.url}/transactions`, {
      method: 'OPTIONS',
      headers: {
        ...ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-client-name',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type, x-client-name');
  });

  it('opens an event stream with it', async () => {
    const abort = new AbortController();
    const response = await fetch(`${sandbox.url}/ledgers?cursor=now`, {
      headers: { ...ORIGIN, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    abort.abort();
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the connection', () => {
  it.each([
    ['a header without a colon', 'GET / HTTP/1.1\r\nHost\r\n\r\n'],
    ['a space in a header name', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'],
  ])('answers unparseable HTTP (%s) with a 400 problem', async (_name, bytes) => {
    const text = await rawExchange(new URL(sandbox.url).port, bytes);
    const [head = '', body = ''] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    expect(JSON.parse(body)).toMatchObject({ status: 400 });
  });

  it('keeps an idle connection longer than clients do, and says so', async () => {
    const response = await fetch(`${sandbox.url}/`);
    await response.arrayBuffer();
    expect(response.headers.get('keep-alive')).toBe(`timeout=${DEFAULT_KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  });
});
