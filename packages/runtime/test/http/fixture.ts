import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import {
  type ContractBinding,
  type ContractMeta,
  createHttpServer,
  createRequestListener,
  type ErrorStyle,
  type Handler,
  type ServerOptions,
} from '../../src/index.js';

const ok = { ok: true as const, errors: [] };

/** A three-operation contract whose validators accept everything: the adapter alone is under test. */
export const contract: ContractMeta = {
  title: 'fixture',
  version: '1',
  securitySchemes: {},
  operations: {
    listItems: {
      operationId: 'listItems',
      method: 'get',
      path: '/items',
      parameters: [{ name: 'limit', in: 'query', required: false, array: false }],
      constraints: [],
      requestBody: null,
      responses: { '200': { mediaTypes: ['application/json'] } },
      security: null,
    },
    getItem: {
      operationId: 'getItem',
      method: 'get',
      path: '/items/{id}',
      parameters: [{ name: 'id', in: 'path', required: true, array: false }],
      constraints: [],
      requestBody: null,
      responses: { '200': { mediaTypes: ['application/json'] } },
      security: null,
    },
    putItem: {
      operationId: 'putItem',
      method: 'put',
      path: '/items',
      parameters: [],
      constraints: [],
      requestBody: { required: true, mediaTypes: ['application/json', 'multipart/form-data'] },
      responses: { '200': { mediaTypes: ['application/json'] } },
      security: null,
    },
  },
};

export const handlers: Record<string, Handler> = {
  listItems: ({ query }) => ({ status: 200, body: { items: [], query } }),
  getItem: ({ path }) => ({ status: 200, body: { id: path.id } }),
  putItem: ({ body }) => ({ status: 200, body: { received: body } }),
};

export function binding(errorStyle: ErrorStyle): ContractBinding {
  return {
    contract,
    errorStyle,
    validate: { request: () => ok, response: () => ok, schema: () => ok },
  } as unknown as ContractBinding;
}

/** Starts the fixture server on a free port; resolves with its port and a stop(). */
export async function startFixture(errorStyle: ErrorStyle, options: ServerOptions = {}) {
  const errors: unknown[] = [];
  const server = createHttpServer(
    createRequestListener(binding(errorStyle), handlers, { onError: (e) => errors.push(e), ...options }),
    { ...options, errorStyle },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    server,
    errors,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (latin1) on a new socket and reads the first answer until the socket ends. */
export function raw(
  port: number,
  request: string | Buffer,
  { endAfterMs, endWhen }: { endAfterMs?: number; endWhen?: Promise<unknown> } = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request);
    if (endAfterMs !== undefined) setTimeout(() => socket.end(), endAfterMs);
    void endWhen?.then(() => socket.end());
  });
}

/** A GET of `target` with Connection: close. */
export const get = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${extra}\r\n`;
