/**
 * @starspec/ledger-index/host: what a server that carries the REST face needs before it loads the
 * face (CORS, problem documents, the stream-cap flags), apart from the face itself. A command
 * bundled with code splitting (starspec-sandbox) imports these from here, so that its start does
 * not load the ledger-api contract's validators: a bundler places every module reachable through
 * an entry in that entry's chunks, used or not, and the main entry reaches them all.
 */
export { applyHorizonCors, withHorizonCors } from './rest/cors.js';
export {
  BAD_REQUEST,
  invalidField,
  NOT_FOUND,
  type Problem,
  problemDocument,
  RATE_LIMIT_EXCEEDED,
  SERVER_ERROR,
  SERVICE_UNAVAILABLE,
} from './rest/problems.js';
export {
  DEFAULT_MAX_STREAMS,
  DEFAULT_MAX_STREAMS_PER_CLIENT,
  type StreamLimits,
} from './rest/stream-slots.js';
export { STREAM_CAP_OPTIONS, streamCaps, streamCapUsage } from './stream-cap-flags.js';
