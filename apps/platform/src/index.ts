// The platform's client-facing contract (generated) and the gateway to the anchor beside it.

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
  type CheckedRate,
  checkRequest,
  createGateway,
  createPlatformServer,
  DEFAULT_TIMEOUT_MS,
  type Gateway,
  type GatewayOptions,
  type Refusal,
  violationsMessage,
} from './gateway.js';
export * from './generated/index.js';
export { type Quote, QuoteStore } from './quotes.js';
