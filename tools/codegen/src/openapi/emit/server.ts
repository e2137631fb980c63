import type { Emitter } from '../../shared/kind.js';
import type { OpenApiModel } from '../model.js';

export function emitServer(options: { errorStyle: OpenApiModel['errorStyle'] }): string {
  return `import type { Server } from 'node:http';
import type { HandlerMap } from '@starspec/runtime';
import {
  createHttpServer,
  createRequestListener as createListener,
  type RequestListener,
  type ServerOptions,
} from '@starspec/runtime/http';
import { contract } from './contract.gen.js';
import type { operations } from './types.gen.js';
import { validate } from './validate.gen.js';

/** One handler per operationId; each receives a validated request and returns a declared status and body. */
export type Handlers = HandlerMap<operations>;

/** Errors are answered in this contract's own shape. */
export const errorStyle = ${JSON.stringify(options.errorStyle)} as const;

/**
 * A request listener for node:http (or Express/Connect, which pass \`next\` for unknown routes).
 * Every request is validated against the contract before its handler runs.
 */
export function createRequestListener(handlers: Handlers, options?: ServerOptions): RequestListener {
  return createListener({ contract, validate, errorStyle }, handlers, options);
}

/** A node:http server serving the handlers. */
export function createServer(handlers: Handlers, options?: ServerOptions): Server {
  return createHttpServer(createRequestListener(handlers, options), { ...options, errorStyle });
}
`;
}

/** `server.gen.ts`: the typed node:http adapter. */
export const serverEmitter: Emitter<OpenApiModel> = {
  file: 'server.gen.ts',
  emit: ({ errorStyle }) => emitServer({ errorStyle }),
};
