/**
 * What keeps a web page from using the sandbox's side effects (friendbot funding, POST
 * /_sandbox/close) behind its visitor's back. A browser marks a page's requests: `Origin` on
 * CORS requests and on every POST, `Sec-Fetch-Site` on all of them in current browsers (`none`
 * when the visitor typed the URL). Those are refused (403) unless the sandbox was started to
 * allow the page's origin, which then gets CORS headers as stellar/go's friendbot sends every
 * page (support/http NewAPIMux). Clients that are not browsers (the SDKs in Node, curl,
 * quickstart-style scripts) send neither header and are served as before. The sandbox serves no
 * page of its own, so its own origin is not trusted either: a DNS-rebound page would claim it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { corsPolicy } from '@starspec/runtime/http';
import { forbiddenOrigin, writeProblem } from './problem.js';

/** The pages allowed: `'*'` any, or exact origins (`http://localhost:3000`). */
export type AllowedOrigins = '*' | readonly string[];

export interface BrowserGuard {
  /**
   * Answers the request itself (true) when it is a page's and that page is refused, or when it
   * is an allowed page's CORS preflight; otherwise sets an allowed page's CORS headers.
   * `methods` are those the path serves.
   */
  answered(req: IncomingMessage, res: ServerResponse, methods: readonly string[]): boolean;
}

export function browserGuard(allowed: AllowedOrigins = []): BrowserGuard {
  const cors = corsPolicy({ origins: allowed });
  return {
    answered(req, res, methods) {
      const origin = req.headers.origin;
      const site = req.headers['sec-fetch-site'];
      const fromPage = origin !== undefined || (site !== undefined && site !== 'none');
      if (!fromPage) return false;
      if (allowed === '*' || (origin !== undefined && allowed.includes(origin)))
        return cors?.apply(req, res, () => methods) ?? false;
      req.resume();
      writeProblem(res, forbiddenOrigin(origin));
      return true;
    },
  };
}
