// The anchor's resource bounds: a JSON body far below the upload limit, the configuration that
// sets each bound, and their defaults.
import { send } from '@starspec/http-fuzz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, loadConfig } from '../../src/config.js';
import { ACCOUNT, startAnchor, type TestAnchor } from '../support/anchor.js';

let t: TestAnchor;
let port: number;
beforeAll(async () => {
  t = await startAnchor({
    limits: { jsonBodyLimitBytes: 4096, bodyLimitBytes: 1024 * 1024, maxConnections: 7 },
  });
  port = Number(new URL(t.base).port);
});
afterAll(() => t.close());

const put = (contentType: string, body: string) =>
  `PUT /customer HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('request limits', () => {
  it('refuses a JSON body over the JSON limit with 413 {error}', async () => {
    const answer = await send(
      port,
      put('application/json', JSON.stringify({ account: ACCOUNT, first_name: 'x'.repeat(5000) })),
    );
    expect(answer.status).toBe(413);
    expect(answer.head).toMatch(/\{"error":"request body is larger than 4096 bytes"\}$/);
  });

  it('reads a multipart body of the same size (uploads have their own, larger limit)', async () => {
    const boundary = 'zz';
    const form = [
      `--${boundary}\r\nContent-Disposition: form-data; name="account"\r\n\r\n${ACCOUNT}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="photo_id_front"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(5000)}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const answer = await send(port, put(`multipart/form-data; boundary=${boundary}`, form));
    expect(answer.status, answer.head).toBe(202);
  });

  it('caps open connections', () => {
    expect(t.anchor.server.maxConnections).toBe(7);
  });
});

describe('limits in the configuration', () => {
  it('defaults every bound', () => {
    expect(loadConfig({})).toMatchObject({
      bodyLimitBytes: LIMITS.BODY_LIMIT_BYTES[1],
      jsonBodyLimitBytes: 100 * 1024,
      bufferedBodyLimitBytes: 64 * 1024 * 1024,
      maxConnections: 256,
      requestTimeoutMs: 30_000,
    });
  });

  it.each([
    ['JSON_BODY_LIMIT_BYTES', { given: '2048', want: { jsonBodyLimitBytes: 2048 } }],
    ['MAX_CONNECTIONS', { given: '10', want: { maxConnections: 10 } }],
    ['REQUEST_TIMEOUT_MS', { given: '5000', want: { requestTimeoutMs: 5000 } }],
  ])('reads %s', (name, { given, want }) => {
    expect(loadConfig({ [name]: given })).toMatchObject(want);
  });

  it('refuses a bound out of range', () => {
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS must be an integer from 1/);
  });
});
