// A handler that writes its own response (server-sent events): the listener hands it the
// response, checks nothing of it, and turns a failure before anything was written into a 500.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRequestListener, type Handler } from '../../src/index.js';
import { binding, handlers } from './fixture.js';

async function serve(listItems: Handler, onError: (error: unknown) => void = () => undefined) {
  const listener = createRequestListener(binding('error-object'), { ...handlers, listItems }, { onError });
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/items`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('a result that streams', () => {
  it('writes the response itself, unchecked', async () => {
    const { url, close } = await serve(() => ({
      status: 200,
      body: 'never sent',
      stream: async (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: "hello"\n\n');
        res.end('data: "bye"\n\n');
      },
    }));
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('data: "hello"\n\ndata: "bye"\n\n');
    await close();
  });

  it('is a 500 when it fails before writing, reported to onError', async () => {
    const errors: unknown[] = [];
    const { url, close } = await serve(
      () => ({
        status: 200,
        stream: async () => {
          throw new Error('no stream today');
        },
      }),
      (error) => errors.push(error),
    );
    expect((await fetch(url)).status).toBe(500);
    expect(errors).toEqual([new Error('no stream today')]);
    await close();
  });
});
