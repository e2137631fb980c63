import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A test server on a free port: its base URL, and a close() that also cuts kept-alive connections. */
export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** Starts `server` on 127.0.0.1 (a free port); idle connections close after 1 s. */
export function listenForTest(server: Server): Promise<TestServer> {
  server.keepAliveTimeout = 1000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
