// A batch's answer is produced in bounded memory: dispatch() refuses one over its cap, and the
// node:http listener streams it, starting further calls only as the socket takes the answers.
// Every verdict counts calls or bytes; none depends on how long anything takes.
import { EventEmitter } from 'node:events';
import { type IncomingMessage, request, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createDispatcher, createJsonRpcListener } from '../../src/index.js';
import { binding, calls, serve } from './batch-fixture.js';
import { handlers } from './fixture.js';

describe('dispatch()', () => {
  it('refuses an answer over answerLimitBytes and runs no further call', async () => {
    let ran = 0;
    const dispatcher = createDispatcher(
      binding,
      {
        ...handlers,
        echo: () => {
          ran++;
          return 'x'.repeat(1000);
        },
      },
      { answerLimitBytes: 10_000, batchConcurrency: 1 },
    );
    const answer = await dispatcher.dispatch(JSON.stringify(calls(100, 'echo')));
    expect(JSON.parse(answer.body as string)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'answer is larger than 10000 bytes' },
    });
    expect(ran).toBeLessThan(15);
  });
});

/**
 * A response whose every write fills it: it takes more only when the test emits 'drain'. It
 * records how far the answers produced (`produced()` bytes) ran ahead of what it had taken.
 */
class DrainOnCue extends EventEmitter {
  status = 0;
  headers: Record<string, string> = {};
  headersSent = false;
  destroyed = false;
  writableEnded = false;
  written = 0;
  peakAhead = 0;
  readonly pieces: string[] = [];

  constructor(private readonly produced: () => number) {
    super();
  }

  writeHead(status: number, headers: Record<string, string>) {
    this.status = status;
    this.headers = headers;
    this.headersSent = true;
    return this;
  }
  write(text: string) {
    this.peakAhead = Math.max(this.peakAhead, this.produced() - this.written);
    this.pieces.push(text);
    this.written += Buffer.byteLength(text);
    return false;
  }
  end(text = '') {
    this.write(text);
    this.writableEnded = true;
    return this;
  }
  destroy() {
    this.destroyed = true;
  }
  /** Until the listener waits for 'drain' or has ended the answer (a bounded number of turns). */
  async settled() {
    for (let turn = 0; turn < 100_000 && this.listenerCount('drain') === 0 && !this.writableEnded; turn++)
      await nextTurn();
  }
}

function postedBody(body: string): IncomingMessage {
  const req = Readable.from([Buffer.from(body)]) as unknown as IncomingMessage;
  return Object.assign(req, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
}

describe('the listener', () => {
  it('asks for the next answers of a batch only as the response drains', async () => {
    const count = 1000; // about 1 MB of answer, 1 KB a call
    let ran = 0;
    const listener = createJsonRpcListener(
      binding,
      {
        ...handlers,
        echo: () => {
          ran++;
          return 'x'.repeat(1000);
        },
      },
      { batchConcurrency: 2 },
    );
    const res = new DrainOnCue(() => ran * 1000);
    listener(postedBody(JSON.stringify(calls(count, 'echo'))), res as unknown as ServerResponse);
    let drains = 0;
    for (; drains < count; drains++) {
      await res.settled();
      if (res.writableEnded) break;
      res.emit('drain');
    }
    // Never ahead of what the response took by more than one write (64 KiB) and the calls in flight.
    expect(res.peakAhead).toBeLessThan(128 * 1024);
    expect(drains).toBeGreaterThan(10);
    expect(res.headers['content-length']).toBeUndefined();
    const answers = JSON.parse(res.pieces.join('')) as Array<{ id: number; result: string }>;
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(ran).toBe(count);
  });

  it('over a socket: a client that reads nothing holds the batch back', async () => {
    const size = 64 * 1024;
    const count = 256; // a 16 MiB answer
    let ran = 0;
    const url = await serve(
      () => {
        ran++;
        return 'x'.repeat(size);
      },
      { batchConcurrency: 2 },
    );
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json' },
      });
      req
        .on('response', resolve)
        .on('error', reject)
        .end(JSON.stringify(calls(count, 'echo')));
    });
    expect(response.statusCode).toBe(200);
    // Nothing is read: the socket's buffers fill and the server stops starting calls. Wait until
    // the count of calls holds still (a bounded number of looks), then judge that count.
    let seen = -1;
    for (let look = 0, still = 0; look < 1000 && still < 10 && ran < count; look++) {
      await sleep(10);
      still = ran === seen ? still + 1 : 0;
      seen = ran;
    }
    // Loopback socket buffers (4 MiB at most for the sender on Linux) and a few answers in flight.
    expect(ran * size).toBeLessThan(10 * 1024 * 1024);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    response.destroy();
  });
});
