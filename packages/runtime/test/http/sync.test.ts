// A request without a body whose handler answers synchronously is answered within the listener
// call: no promise, no microtask between the request and its answer.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createRequestListener, type Handler } from '../../src/index.js';
import { binding, handlers } from './fixture.js';

function fakeExchange(method: string, url: string) {
  const req = Object.assign(new EventEmitter(), { method, url, headers: { host: 'x' }, destroyed: false });
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
});
