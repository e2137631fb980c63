export { drained } from './body.js';
export { type CorsOptions, type CorsPolicy, corsPolicy, parseCorsOrigins } from './cors.js';
export {
  type ContractBinding,
  createRequestListener,
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_BUFFERED_BODY_LIMIT_BYTES,
  DEFAULT_JSON_BODY_LIMIT_BYTES,
  type Handler,
  type HandlerRequest,
  type HandlerResult,
  type RequestListener,
  type ServerOptions,
} from './listener.js';
export {
  answerClientError,
  closeGracefully,
  createHttpServer,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type HttpServerOptions,
  listen,
} from './server.js';
export { parseTarget, type Target } from './target.js';
