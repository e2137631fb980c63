// A request without a body whose handler answers synchronously is answered within the listener
// call, one with a body within the stream's 'end' event: no promise, no microtask in between.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createRequestListener, type Handler } from '../../src/index.js';
import { binding, handlers } from './fixture.js';

function fakeExchange(method: string, url: string, headers: Record<string, string> = {}) {
  const req = Object.assign(new EventEmitter(), {
    method,
    url,
    headers: { host: 'x', ...headers },
    destroyed: false,
    readableEnded: false,
    resume() {},
  });
  const written: { status?: number; body?: string } = {};
  const res = {
    headersSent: false,
    writeHead(status: number) {
      written.status = status;
      return this;
    },
    end(body?: string | Buffer) {
      written.body = body === undefined ? undefined : String(body);
    },
    destroy() {},
  };
  return { req: req as unknown as IncomingMessage, res: res as unknown as ServerResponse, written };
}

describe('the synchronous path', () => {
  it.each([
    ['a handler result', { given: ['GET', '/items?limit=2'], want: 200 }],
    ['a path parameter', { given: ['GET', '/items/7'], want: 200 }],
    ['an unknown path', { given: ['GET', '/nowhere'], want: 404 }],
    ['a method not allowed', { given: ['DELETE', '/items'], want: 405 }],
    ['a bad target', { given: ['GET', '*'], want: 400 }],
  ])('answers %s before the listener returns', (_name, { given: [method = '', url = ''], want }) => {
    const listener = createRequestListener(binding('error-object'), handlers);
    const { req, res, written } = fakeExchange(method, url);
    listener(req, res);
    expect(written.status).toBe(want);
  });

  it('waits for a handler that answers with a promise', async () => {
    const later: Handler = () => Promise.resolve({ status: 200, body: { later: true } });
    const listener = createRequestListener(binding('error-object'), { ...handlers, listItems: later });
    const { req, res, written } = fakeExchange('GET', '/items');
    listener(req, res);
    expect(written.status).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual({ status: 200, body: '{"later":true}' });
  });

  it.each([
    [
      'throws',
      (): never => {
        throw new Error('broken');
      },
    ],
    ['rejects', () => Promise.reject(new Error('broken'))],
  ])('answers 500 when the handler %s, and reports it', async (_name, broken) => {
    const errors: unknown[] = [];
    const listener = createRequestListener(
      binding('error-object'),
      { ...handlers, listItems: broken as Handler },
      { onError: (error) => errors.push(error) },
    );
    const { req, res, written } = fakeExchange('GET', '/items');
    listener(req, res);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual({ status: 500, body: '{"error":"internal server error"}' });
    expect(errors).toHaveLength(1);
  });

  it.each([
    ['one chunk', { chunks: ['{"name":"a"}'], want: [200, '{"received":{"name":"a"}}'] }],
    ['two chunks', { chunks: ['{"name"', ':"ab"}'], want: [200, '{"received":{"name":"ab"}}'] }],
    ['a body that is not JSON', { chunks: ['{"name"'], want: [400, undefined] }],
  ])('answers a body in %s within its end event', (_name, { chunks, want: [status, body] }) => {
    const listener = createRequestListener(binding('error-object'), handlers);
    const { req, res, written } = fakeExchange('PUT', '/items', { 'content-type': 'application/json' });
    listener(req, res);
    for (const chunk of chunks) req.emit('data', Buffer.from(chunk));
    expect(written.status).toBeUndefined();
    req.emit('end');
    expect(written.status).toBe(status);
    if (body !== undefined) expect(written.body).toBe(body);
  });

  it('refuses a declared length over the limit before reading', () => {
    const listener = createRequestListener(binding('error-object'), handlers, { jsonBodyLimitBytes: 8 });
    const { req, res, written } = fakeExchange('PUT', '/items', {
      'content-type': 'application/json',
      'content-length': '9',
    });
    listener(req, res);
    expect(written.status).toBe(413);
  });
});
