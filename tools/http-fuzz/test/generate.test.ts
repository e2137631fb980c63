import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fuzz, generateRequests } from '../src/index.mjs';

describe('generateRequests', () => {
  it('gives the same requests for the same seed, and others for another', () => {
    const a = generateRequests({ seed: 7, count: 50, paths: ['/x/1'] });
    expect(generateRequests({ seed: 7, count: 50, paths: ['/x/1'] })).toEqual(a);
    expect(generateRequests({ seed: 8, count: 50, paths: ['/x/1'] })).not.toEqual(a);
  });

  it('covers the hostile shapes: slash-slash targets, bad percent-encodings, bytes over 0x7f, odd methods', () => {
    const text = generateRequests({ seed: 1, count: 2000, paths: ['/x/1'] }).map((b) => b.toString('latin1'));
    for (const needle of [' // HTTP', '%ff', '\xb5', 'OPTIONS ', 'Access-Control-Request-Method: \xb5'])
      expect(text.some((t) => t.includes(needle))).toBe(true);
  });
});

describe('fuzz', () => {
  it('reports the requests a server answers with 5xx', async () => {
    // A server that fails on every path with two slashes: the fuzzer must find it.
    const server = createServer((req, res) => {
      res.writeHead(req.url?.startsWith('//') ? 500 : 200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const requests = generateRequests({ seed: 3, count: 300, paths: ['/x/1'] });
    const { statuses, failures } = await fuzz(port, requests);
    server.close();
    expect(statuses['500']).toBeGreaterThan(0);
    expect(failures[0]?.request).toMatch(/^\S+ \/\//);
  });
});
