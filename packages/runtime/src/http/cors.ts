import type { IncomingMessage, ServerResponse } from 'node:http';

/** Which browser pages may call the server (CORS). Credentials (cookies) are never allowed. */
export interface CorsOptions {
  /** `*` (default): any page; or the exact origins allowed, e.g. `['https://docs.example']`. */
  origins?: '*' | readonly string[];
  /** How long a browser may reuse a preflight answer (s). Default 600. */
  maxAgeSeconds?: number;
  /**
   * With `origins: '*'`, answer `Access-Control-Allow-Origin: *` instead of the request's origin,
   * as rs/cors does for Horizon (services/horizon/internal/httpx/router.go). Default false.
   */
  wildcard?: boolean;
}

/** RFC 9110 token characters: a method name is one, and only one can be echoed in a header. */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value Node can write back: visible latin1 characters, spaces and tabs. */
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export interface CorsPolicy {
  /**
   * Sets the CORS headers of the answer to a request from an allowed origin; answers a preflight
   * itself (204) and returns true then. `allow` lists the methods served at the request's path.
   */
  apply(req: IncomingMessage, res: ServerResponse, allow: () => readonly string[]): boolean;
}

/**
 * The CORS rules of a REST server. Allowed origins are echoed (with `Vary: Origin`) rather than
 * answered with `*` (unless `wildcard`), so a list and `*` behave alike for caches. A preflight is allowed for the
 * methods the path serves and echoes the requested headers (`Authorization` among them, which a
 * `*` would not cover); a method or header list Node could not write back is not echoed, and the
 * browser then refuses the call.
 */
export function corsPolicy(
  options: boolean | readonly string[] | CorsOptions | undefined,
): CorsPolicy | undefined {
  if (!options) return undefined;
  const {
    origins = '*',
    maxAgeSeconds = 600,
    wildcard = false,
  } = options === true ? {} : Array.isArray(options) ? { origins: options } : (options as CorsOptions);
  const allowed = origins === '*' ? undefined : new Set(origins);
  const named = (origin: string) => (wildcard && !allowed ? '*' : origin);
  return {
    apply(req, res, allow) {
      const origin = req.headers.origin;
      if (origin === undefined || (allowed && !allowed.has(origin)) || !HEADER_VALUE.test(origin))
        return false;
      res.setHeader('access-control-allow-origin', named(origin));
      res.setHeader('access-control-expose-headers', '*');
      const requested = req.headers['access-control-request-method'];
      if (req.method !== 'OPTIONS' || requested === undefined) {
        res.setHeader('vary', 'Origin');
        return false;
      }
      req.resume();
      const headers: Record<string, string> = {
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        'access-control-max-age': String(maxAgeSeconds),
      };
      const methods = allow().map((m) => m.toUpperCase());
      if (TOKEN.test(requested) && methods.includes(requested.toUpperCase()))
        headers['access-control-allow-methods'] = methods.join(', ');
      const wanted = req.headers['access-control-request-headers'];
      if (wanted && HEADER_VALUE.test(wanted)) headers['access-control-allow-headers'] = wanted;
      res.writeHead(204, headers).end();
      return true;
    },
  };
}

/**
 * Reads a `CORS_ORIGINS`-style setting: `*` for any origin, or origins separated by commas
 * (`https://docs.example, http://127.0.0.1:8080`). Throws a RangeError naming a bad entry.
 */
export function parseCorsOrigins(text: string): true | string[] {
  if (text.trim() === '*') return true;
  const origins = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (origins.length === 0) throw new RangeError('expected * or origins separated by commas, found nothing');
  for (const origin of origins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {}
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin) {
      throw new RangeError(
        `${JSON.stringify(origin.slice(0, 80))} is not an origin: write scheme, host and port only, e.g. https://docs.example`,
      );
    }
  }
  return origins;
}
