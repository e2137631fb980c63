import type { Emitter } from '../../shared/kind.js';
import type { OpenRpcModel } from '../model.js';

export function emitRpcServer(): string {
  return `import type { Server } from 'node:http';
import {
  createDispatcher as createRpcDispatcher,
  createJsonRpcListener,
  createJsonRpcServer,
  type RpcDispatcher,
  type RpcHandlerContext,
  type RpcRequestListener,
  type RpcServerOptions,
} from '@starspec/runtime';
import { contract } from './contract.gen.js';
import type { MethodName, ParamsOf, ResultOf } from './types.gen.js';
import { validate } from './validate.gen.js';

/** One handler per method: it receives validated params by name and returns the method's result. */
export type Handlers = {
  [M in MethodName]: (params: ParamsOf<M>, context: RpcHandlerContext) => ResultOf<M> | Promise<ResultOf<M>>;
};

const binding = { contract, validate };

/** A transport-independent dispatcher: one HTTP body in, one answer (status, headers, body) out. */
export function createDispatcher(handlers: Handlers, options?: RpcServerOptions): RpcDispatcher {
  return createRpcDispatcher(binding, handlers, options);
}

/**
 * A node:http request listener answering as Stellar RPC does. Params are validated against the
 * contract before a handler runs (-32602 \`invalid parameters\`, the reason in \`data\`).
 */
export function createRequestListener(handlers: Handlers, options?: RpcServerOptions): RpcRequestListener {
  return createJsonRpcListener(binding, handlers, options);
}

/** A node:http server serving the handlers on every path. */
export function createServer(handlers: Handlers, options?: RpcServerOptions): Server {
  return createJsonRpcServer(createRequestListener(handlers, options), options);
}
`;
}

/** `server.gen.ts`: the typed dispatcher, node:http listener and server. */
export const serverEmitter: Emitter<OpenRpcModel> = { file: 'server.gen.ts', emit: emitRpcServer };
