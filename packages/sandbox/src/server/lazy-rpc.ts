/**
 * The JSON-RPC face, loaded once the sandbox listens: the contract's validators and the
 * dispatcher (rpc-listener.ts) are read and compiled while the ready line goes out and the first
 * client connects, not before the sandbox listens. A request that comes sooner waits for them,
 * then is answered as by a listener made at start.
 */
import type { Handlers } from '@starspec/ledger-rpc';
import type { RpcServerOptions } from '@starspec/runtime';
import type { RequestListener } from '@starspec/runtime/http';

export interface LazyRpcListener {
  listener: RequestListener;
  /** Starts loading the face (once); resolves when it is ready. */
  load(): Promise<unknown>;
}

/** Answers a request the face could not be loaded for, as a JSON-RPC internal error. */
function internalError(res: Parameters<RequestListener>[1]): void {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32603, message: 'the JSON-RPC face could not be loaded' },
  });
  res.writeHead(500, { 'content-type': 'application/json' }).end(body);
}

export function lazyRpcListener(handlers: Handlers, options: RpcServerOptions): LazyRpcListener {
  let loading: Promise<RequestListener> | undefined;
  const load = () =>
    (loading ??= import('./rpc-listener.js').then(({ createRequestListener }) =>
      createRequestListener(handlers, options),
    ));
  return {
    listener: (req, res) => {
      load().then(
        (serve) => serve(req, res),
        (error: unknown) => {
          options.onError?.(error, {});
          req.resume();
          internalError(res);
        },
      );
    },
    load: () => load().catch(() => undefined),
  };
}
