// The generated adapter mounted in a common framework: Express 5.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequestListener } from '../../src/index.js';
import { stubHandlers } from './stub-handlers.js';

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
