// CORS on the REST listener: off by default; when on, answers carry the allowed origin and
// preflights are answered for the methods the path serves, Authorization among the echoed headers.
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestListener, parseCorsOrigins } from '../../src/index.js';
import { binding, get, handlers, type RawAnswer, raw, startFixture } from './fixture.js';

const preflight = (path: string, method: string, extra = '') =>
  `OPTIONS ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nOrigin: https://docs.example\r\n` +
  `Access-Control-Request-Method: ${method}\r\n${extra}\r\n`;
const ORIGIN = 'Origin: https://docs.example\r\n';

type Fixture = Awaited<ReturnType<typeof startFixture>>;

describe('CORS off (the default)', () => {
  let server: Fixture;
  beforeAll(async () => {
    server = await startFixture('problem');
  });
  afterAll(() => server.stop());

  it('sends no CORS header, and a preflight is a method the path does not serve', async () => {
    const answer = await raw(server.port, get('/items', ORIGIN));
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await raw(server.port, preflight('/items', 'GET'));
    expect(refused.status).toBe(405);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.each([
  ['any origin', true],
  ['a list naming the origin', { origins: ['https://docs.example'], maxAgeSeconds: 60 }],
  ['the origins as parseCorsOrigins reads them', ['https://docs.example']],
] as const)('CORS on for %s', (_name, cors) => {
  let server: Fixture;
  beforeAll(async () => {
    server = await startFixture('problem', { cors });
  });
  afterAll(() => server.stop());

  const cases: [string, { given: string; want: Partial<RawAnswer> & { allow?: Record<string, string> } }][] =
    [
      [
        'a GET from another origin',
        {
          given: get('/items', ORIGIN),
          want: {
            status: 200,
            allow: { 'access-control-allow-origin': 'https://docs.example', vary: 'Origin' },
          },
        },
      ],
      [
        'an error answer from another origin',
        {
          given: get('/nowhere', ORIGIN),
          want: { status: 404, allow: { 'access-control-allow-origin': 'https://docs.example' } },
        },
      ],
      [
        'a preflight for PUT with Authorization and Content-Type',
        {
          given: preflight(
            '/items',
            'PUT',
            'Access-Control-Request-Headers: authorization, content-type\r\n',
          ),
          want: {
            status: 204,
            allow: {
              'access-control-allow-origin': 'https://docs.example',
              'access-control-allow-methods': 'GET, PUT',
              'access-control-allow-headers': 'authorization, content-type',
            },
          },
        },
      ],
      [
        'a preflight for a path template',
        {
          given: preflight('/items/7', 'GET'),
          want: { status: 204, allow: { 'access-control-allow-methods': 'GET' } },
        },
      ],
    ];
  it.each(cases)('%s', async (_case, { given, want }) => {
    const answer = await raw(server.port, given);
    expect(answer.status).toBe(want.status);
    expect(answer.headers).toMatchObject(want.allow ?? {});
    if (want.status === 204) expect(answer.body).toBe('');
  });

  it.each([
    ['a method the path does not serve', preflight('/items/7', 'DELETE')],
    ['a method that is not a token', preflight('/items', 'P(T')],
  ])('does not allow %s', async (_case, given) => {
    const answer = await raw(server.port, given);
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('answers a preflight with a control character 400, and keeps answering', async () => {
    const answer = await raw(
      server.port,
      preflight('/items', 'GET', 'Access-Control-Request-Headers: x-a\x7f\r\n'),
    );
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await raw(server.port, get('/items', ORIGIN))).status).toBe(200);
  });
});

describe('CORS limited to listed origins', () => {
  it('sends nothing to another origin', async () => {
    const server = await startFixture('problem', { cors: { origins: ['https://docs.example'] } });
    try {
      const answer = await raw(server.port, get('/items', 'Origin: https://evil.example\r\n'));
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      const refused = await raw(
        server.port,
        preflight('/items', 'GET').replace('docs.example', 'evil.example'),
      );
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await server.stop();
    }
  });
});

describe('CORS for any origin, named *', () => {
  it('answers Access-Control-Allow-Origin: * to answers and preflights', async () => {
    const server = await startFixture('problem', { cors: { wildcard: true } });
    try {
      for (const given of [get('/items', ORIGIN), get('/nowhere', ORIGIN), preflight('/items', 'GET')]) {
        expect((await raw(server.port, given)).headers['access-control-allow-origin']).toBe('*');
      }
    } finally {
      await server.stop();
    }
  });
});

describe('CORS in an Express app', () => {
  it("leaves other routes' preflights to the app", async () => {
    const app = express();
    app.use(createRequestListener(binding('problem'), handlers, { cors: true }));
    app.options('/elsewhere', (_req, res) => {
      res.status(299).end();
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      expect((await raw(port, preflight('/elsewhere', 'GET'))).status).toBe(299);
      expect((await raw(port, preflight('/items', 'GET'))).status).toBe(204);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('parseCorsOrigins', () => {
  it.each([
    ['*', true],
    ['https://docs.example', ['https://docs.example']],
    [' http://127.0.0.1:4000 ,http://localhost:4000,', ['http://127.0.0.1:4000', 'http://localhost:4000']],
  ])('reads %j', (given, want) => {
    expect(parseCorsOrigins(given)).toEqual(want);
  });

  it.each([
    ['', /found nothing/],
    ['docs.example', /"docs.example" is not an origin/],
    ['https://docs.example/path', /is not an origin/],
    ['ftp://docs.example', /is not an origin/],
    ['https://DOCS.example', /is not an origin/],
  ])('refuses %j', (given, want) => {
    expect(() => parseCorsOrigins(given)).toThrow(want);
  });
});
