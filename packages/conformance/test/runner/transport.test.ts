// --timeout bounds each request; a target that does not answer fails its checks with the reason,
// and one where nothing listens stops the run with one error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSuite } from '../../src/index.js';
import { TargetUnreachableError } from '../../src/reachability.js';

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

  it('stop the run with one error when nothing listens there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const run = runSuite('callbacks', { baseUrl: `http://127.0.0.1:${port}`, only: ['rate.*'] });
    await expect(run).rejects.toBeInstanceOf(TargetUnreachableError);
    await expect(run).rejects.toThrow(
      `cannot reach 127.0.0.1:${port} (http://127.0.0.1:${port}): ECONNREFUSED: nothing listens on that port; is the service running?`,
    );
  });

  it('stop the run with one error when the host name does not resolve', async () => {
    const run = runSuite('ledger-rpc', { baseUrl: 'http://no-such-host.invalid:8000' });
    await expect(run).rejects.toThrow(
      /cannot reach no-such-host\.invalid:8000 .*the host name does not resolve/,
    );
  });

  it('run the checks when the target resets connections (something listens there)', async () => {
    const rude = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => rude.listen(0, '127.0.0.1', resolve));
    const port = (rude.address() as AddressInfo).port;
    try {
      const report = await runSuite('callbacks', { baseUrl: `http://127.0.0.1:${port}`, only: ['rate.*'] });
      expect(report.summary.failed).toBeGreaterThan(0);
      expect(report.checks.filter((c) => c.status === 'pass')).toEqual([]);
    } finally {
      rude.close();
    }
  });
});
