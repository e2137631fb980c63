// The generated adapter mounted in a common framework: Express 5.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestListener } from '../../src/index.js';
import { stubHandlers } from './stub-handlers.js';

const ACCOUNT = 'GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX';

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.use(
    createRequestListener(
      stubHandlers({
        getCustomer: ({ query }) => ({
          status: 200,
          body: { status: 'NEEDS_INFO', message: `lang=${query.lang}` },
        }),
      }),
    ),
  );
  app.use((_req, res) => {
    res.status(404).json({ error: 'not here' });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('serves the contract inside an Express app', async () => {
  const response = await fetch(`${base}/customer?lang=pt`);
  expect(await response.json()).toEqual({ status: 'NEEDS_INFO', message: 'lang=pt' });
});

it('validates requests there too', async () => {
  const response = await fetch(`${base}/rate?type=nope`);
  expect(response.status).toBe(400);
  expect((await response.json()).error).toContain("query parameter 'type' must be one of: indicative, firm");
});

it('leaves other routes to the app', async () => {
  expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true });
  const missing = await fetch(`${base}/elsewhere`);
  expect(await missing.json()).toEqual({ error: 'not here' });
});

describe('behind Express body parsers', () => {
  // Each parser drains the request stream before the adapter sees it; the adapter once waited
  // for an 'end' that had already happened, and PUT /customer never answered.
  it.each([
    ['express.json()', { parser: express.json(), contentType: 'application/json' }],
    [
      'express.text({ type: "*/*" })',
      { parser: express.text({ type: '*/*' }), contentType: 'application/json' },
    ],
    [
      'express.raw({ type: "*/*" })',
      { parser: express.raw({ type: '*/*' }), contentType: 'application/json' },
    ],
    [
      'express.urlencoded() (no match: the adapter reads the stream)',
      { parser: express.urlencoded({ extended: false }), contentType: 'application/json' },
    ],
  ])('%s: PUT /customer is answered with the parsed body', async (_name, { parser, contentType }) => {
    const seen: unknown[] = [];
    const app = express();
    app.use(parser);
    app.use(
      createRequestListener(
        stubHandlers({
          putCustomer: ({ body }) => {
            seen.push(body);
            return { status: 202, body: { id: 'c-9' } };
          },
        }),
      ),
    );
    const parsed = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => parsed.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(parsed.address() as AddressInfo).port}/customer`;
      const response = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: JSON.stringify({ account: ACCOUNT, first_name: 'Ana' }),
      });
      expect(response.status).toBe(202);
      expect(seen).toEqual([{ account: ACCOUNT, first_name: 'Ana' }]);
    } finally {
      parsed.closeAllConnections();
      await new Promise<void>((resolve) => parsed.close(() => resolve()));
    }
  });
});
