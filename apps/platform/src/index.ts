// The platform's client-facing contract (generated) and the gateway to the anchor beside it.

export { type AnchorAnswer, statusRefusal } from './anchor-call.js';
export {
  assertClientSecret,
  authenticateClient,
  type ClientAuth,
  type ClientIdentity,
  parseSubject,
  signClientJwt,
} from './client-auth.js';
export { ConfigError, DEFAULT_ANCHOR_URL, DEFAULT_PORT, type PlatformConfig, readConfig } from './config.js';
export {
  BODY_LIMIT_BYTES,
  createGateway,
  createPlatformServer,
  DEFAULT_MAX_ANCHOR_BODY_BYTES,
  DEFAULT_TIMEOUT_MS,
  type Gateway,
  type GatewayOptions,
  type Refusal,
} from './gateway.js';
export * from './generated/index.gen.js';
export { DEFAULT_MAX_QUOTE_BYTES, DEFAULT_MAX_QUOTES, type Quote, QuoteStore } from './quotes.js';
export { type CheckedRate, checkedRate, checkRequest, violationMessage } from './rate-view.js';
