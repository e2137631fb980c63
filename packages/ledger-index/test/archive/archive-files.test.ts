// Files of an archive over HTTP: a body that stops arriving is given up with an error naming the
// file, not waited on for ever; a body that takes longer than the wait for headers is read whole
// (a pubnet bucket streams for minutes).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveFiles } from '../../src/archive/archive-files.js';
import { bucketEntries } from '../../src/archive/bucket-entries.js';
import { HistoryArchiveError } from '../../src/archive/errors.js';
import { account, bucketFile, live } from './buckets.js';

const bucket = bucketFile([live(account(1, 10)), live(account(2, 20))]);
let server: Server;
let base: string;
const stalled = new Set<import('node:http').ServerResponse>();

beforeAll(async () => {
  server = createServer((request, response) => {
    if (!request.url?.endsWith('/silent')) response.writeHead(200, { 'content-type': 'application/gzip' });
    if (request.url?.endsWith('/silent')) {
      // No headers at all.
      stalled.add(response);
      return;
    }
    if (request.url?.endsWith('/stalls')) {
      // Half the file, then nothing: the connection stays open.
      response.write(bucket.file.subarray(0, bucket.file.length >> 1));
      stalled.add(response);
      return;
    }
    // Half the file, a pause longer than the wait allowed for the headers, then the rest.
    const half = bucket.file.length >> 1;
    response.write(bucket.file.subarray(0, half));
    setTimeout(() => response.end(bucket.file.subarray(half)), 2_500);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  for (const response of stalled) response.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const read = async (path: string, limits: { answerTimeoutMs?: number; stallTimeoutMs: number }) => {
  const files = new ArchiveFiles(base, undefined, limits);
  const { url, body } = await files.get(path);
  let n = 0;
  for await (const _ of bucketEntries(body, bucket.hash, url)) n += 1;
  return n;
};

describe('a bucket body', () => {
  it('that stalls ends in an error naming its URL', async () => {
    const error = await read('bucket/stalls', { stallTimeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryArchiveError);
    expect((error as Error).message).toBe(`${base}bucket/stalls stalled: no byte for 0.3 s`);
  });

  it('that takes longer than the wait for headers is read whole', async () => {
    // The headers come at once; the body takes at least 2.5 s, more than the headers' limit.
    expect(await read('bucket/slow', { answerTimeoutMs: 2_000, stallTimeoutMs: 60_000 })).toBe(2);
  });

  it('whose headers never come ends in an error naming its URL', async () => {
    const error = await read('bucket/silent', { answerTimeoutMs: 300, stallTimeoutMs: 60_000 }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe(
      `cannot reach the history archive at ${base}bucket/silent: no answer in 0.3 s`,
    );
  });
});
