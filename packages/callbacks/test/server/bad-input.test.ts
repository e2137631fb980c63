import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { listen } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createServer } from '../../src/index.js';
import { recordingHandlers } from './stub-handlers.js';

interface BadRequest {
  name: string;
  method?: string;
  path: string;
  contentType?: string;
  body?: string;
  names: string[];
}

const cases = parse(readFileSync(new URL('./bad-input.yaml', import.meta.url), 'utf8')) as BadRequest[];

// Every handler records that it ran: a rejected request must never reach one.
const calls: string[] = [];
const handlers = recordingHandlers(calls);

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(handlers);
  base = await listen(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the server adapter refuses bad input with 400 {error}', () => {
  it.each(cases)('$name', async (c) => {
    calls.length = 0;
    const response = await fetch(base + c.path, {
      method: c.method ?? 'GET',
      headers: c.contentType ? { 'content-type': c.contentType } : {},
      body: c.body,
    });
    const body = (await response.json()) as { error?: unknown };
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error).toBe('string');
    for (const word of c.names) expect(body.error).toContain(word);
    expect(calls).toEqual([]);
  });

  it('reaches the handler once the same request is corrected', async () => {
    calls.length = 0;
    const response = await fetch(
      `${base}/rate?type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:native&sell_amount=100`,
    );
    expect(response.status).toBe(200);
    expect(calls).toEqual(['getRate']);
  });
});

describe('routing and transport errors keep the {error} shape', () => {
  it('answers 404 for an unknown path', async () => {
    const response = await fetch(`${base}/quotes`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'no endpoint at /quotes' });
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const response = await fetch(`${base}/rate`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(await response.json()).toHaveProperty('error');
  });

  it('answers 415 for a media type the operation does not accept', async () => {
    const response = await fetch(`${base}/customer`, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    expect(response.status).toBe(415);
    expect((await response.json()).error).toContain('application/json or multipart/form-data');
  });

  it('answers 413 for a body over the limit', async () => {
    const small = createServer(handlers, { bodyLimitBytes: 1024 });
    const url = await listen(small);
    try {
      const response = await fetch(`${url}/customer`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'x'.repeat(4096) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toHaveProperty('error');
    } finally {
      small.close();
    }
  });

  it('answers 413 for a chunked body over the limit, not a reset connection', async () => {
    const small = createServer(handlers, { bodyLimitBytes: 1024 });
    const url = await listen(small);
    try {
      // A stream has no content-length: the limit is found while reading.
      const body = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(512)));
          controller.close();
        },
      });
      const response = await fetch(`${url}/customer`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(response.headers.get('connection')).toBe('close');
      expect(await response.json()).toHaveProperty('error');
    } finally {
      small.close();
    }
  });

  it('treats a client that hangs up mid-body as gone, not as a server error', async () => {
    const errors: unknown[] = [];
    const quiet = createServer(handlers, { onError: (error) => errors.push(error) });
    const url = new URL(await listen(quiet));
    try {
      const { connect } = await import('node:net');
      const socket = connect(Number(url.port), url.hostname);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        'PUT /customer HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(errors).toEqual([]);
    } finally {
      quiet.close();
    }
  });

  it('answers 400 for a path that is not valid percent-encoding', async () => {
    const response = await fetch(`${base}/customer/%E0%A4%A`, { method: 'DELETE' });
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('error');
  });
});
