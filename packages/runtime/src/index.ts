// What clients need (also the browser-safe `@starspec/runtime/client` entry).

export {
  type Emit,
  isListenError,
  listenProblem,
  parseOptions,
  runAsMain,
  runServerCommand,
  type ServerCommand,
  stopSignal,
  UsageError,
  wholeNumber,
} from './cli.js';
export * from './client.js';
export {
  apiKey,
  apiKeyProblem,
  type BearerJwtOptions,
  bearerJwt,
  type ClientCredentials,
  type CredentialCheck,
  credentialsMiddleware,
  DEFAULT_JWT_HEADER,
  headerNameProblem,
  type JwtCheck,
  lifetimeProblem,
  MAX_IAT_SKEW_SECONDS,
  MIN_API_KEY_BYTES,
  MIN_JWT_LIFETIME_SECONDS,
  MIN_SECRET_BYTES,
  PLATFORM_JWT_LIFETIME_SECONDS,
  sameSecret,
  secretProblem,
  signPlatformJwt,
  verifyHs256Jwt,
} from './credentials.js';
export { type ErrorAnswer, type ErrorStyle, type ProblemKind, renderError } from './errors.js';
export type { HandlerTable } from './handler-table.js';
export * from './http/index.js';
export * from './jsonrpc/dispatch.js';
export * from './jsonrpc/http.js';
export type { BodyOf, HandlerMap, PathOf, QueryOf, ResultOf, TypedRequest } from './typed.js';
