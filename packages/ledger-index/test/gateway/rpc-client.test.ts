/**
 * The gateway's RPC client asks a read again once when its connection was reset or closed as the
 * request arrived (a kept-alive connection the server closed as idle); sendTransaction is never
 * sent twice. The server here cuts the first connection as its request arrives and answers the
 * next ones.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rpcClient } from '../../src/gateway/rpc-source.js';

let server: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/** A JSON-RPC server over raw sockets whose first connection is cut once its request is in. */
async function cuttingFirstConnection(cut: (socket: Socket) => void) {
  const seen = { connections: 0, requests: [] as string[] };
  server = createServer((socket) => {
    const first = seen.connections === 0;
    seen.connections += 1;
    sockets.add(socket);
    let text = '';
    socket.setEncoding('latin1');
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      text += chunk;
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? 0);
      if (end < 0 || text.length < end + 4 + length) return;
      const body = text.slice(end + 4, end + 4 + length);
      text = '';
      seen.requests.push(JSON.parse(body).method);
      if (first) return cut(socket);
      const answer = JSON.stringify({
        jsonrpc: '2.0',
        id: JSON.parse(body).id,
        result: { id: 'ab'.repeat(32), protocolVersion: 23, sequence: 7 },
      });
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${answer.length}\r\n\r\n${answer}`,
      );
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, seen };
}

describe("the gateway's RPC client", () => {
  it.each([
    ['reset (ECONNRESET)', (socket: Socket) => socket.resetAndDestroy()],
    ['closed (other side closed)', (socket: Socket) => socket.destroy()],
  ])('asks a read again once when its connection was %s', async (_name, cut) => {
    const { url, seen } = await cuttingFirstConnection(cut);
    const latest = await rpcClient(url).getLatestLedger();
    expect(latest.sequence).toBe(7);
    expect(seen).toEqual({ connections: 2, requests: ['getLatestLedger', 'getLatestLedger'] });
  });

  it('does not send sendTransaction again', async () => {
    const { url, seen } = await cuttingFirstConnection((socket) => socket.resetAndDestroy());
    await expect(rpcClient(url).sendTransaction({ transaction: 'AAAA' })).rejects.toThrow(/fetch failed/);
    expect(seen.requests).toEqual(['sendTransaction']);
  });
});
