/**
 * Horizon's CORS: rs/cors with any origin, any request header, and its default methods
 * (services/horizon/internal/httpx/router.go). Every answer to a page of another origin says
 * `Access-Control-Allow-Origin: *` — pages, problems, rate-limit refusals and event streams — so
 * a browser app written for Horizon reads ours. Every response header is exposed (Horizon names
 * `Date` and `Latest-Ledger`, both among them).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { corsPolicy, type RequestListener } from '@starspec/runtime/http';

/** rs/cors's default AllowedMethods, which Horizon keeps. */
const METHODS = ['GET', 'POST', 'HEAD'] as const;

const HORIZON_CORS = corsPolicy({ origins: '*', wildcard: true });

/**
 * Sets Horizon's CORS headers on the answer to a request from another origin; answers a
 * preflight itself, and returns true then.
 */
export function applyHorizonCors(req: IncomingMessage, res: ServerResponse): boolean {
  return HORIZON_CORS?.apply(req, res, () => METHODS) ?? false;
}

/** `listener`, its answers carrying Horizon's CORS headers; preflights answered before it. */
export function withHorizonCors(listener: RequestListener): RequestListener {
  return (req, res, next) => {
    if (!applyHorizonCors(req, res)) listener(req, res, next);
  };
}
