// --timeout bounds each request; a target that does not answer fails its checks with the reason.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSuite } from '../../src/index.js';

let silent: Server;
let url: string;
beforeAll(async () => {
  // Accepts connections and never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(() => {
  silent.closeAllConnections();
  silent.close();
});

describe('requests without an answer', () => {
  it('fail the check after --timeout, with the request as evidence', async () => {
    const report = await runSuite('callbacks', {
      baseUrl: url,
      timeoutMs: 300,
      only: ['customer.registration-fields'],
    });
    const [result] = report.checks;
    expect(result).toMatchObject({
      status: 'fail',
      message: 'no answer to GET /customer: no answer within 300 ms',
    });
    expect(result?.evidence[0]).toMatchObject({
      expected: 'an answer within 300 ms',
      error: 'no answer within 300 ms',
      request: { method: 'GET', url: `${url}/customer` },
    });
  });

  it('fail the check when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const report = await runSuite('callbacks', { baseUrl: `http://127.0.0.1:${port}`, only: ['rate.*'] });
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(report.checks.find((c) => c.id === 'rate.indicative.by-sell-amount')?.evidence[0]?.error).toMatch(
      /ECONNREFUSED/,
    );
    // Checks that depend on a failed request are not passed either.
    expect(report.checks.filter((c) => c.status === 'pass')).toEqual([]);
  });
});
