/**
 * One node:http server on one port: the JSON-RPC face at `POST /rpc`, friendbot at
 * `/friendbot`, `POST /_sandbox/close` to close a ledger now, the history archive at `/archive/`;
 * every other path is the Horizon-compatible REST face (or, without one, a 404 in the stellar/go problem shape).
 * Friendbot and the close are side effects a web page must not trigger unasked: a page's
 * request is refused unless its origin is allowed (browser-guard.ts), and the close takes only
 * a JSON body, which no page can send without a CORS preflight.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { applyHorizonCors } from '@starspec/ledger-index/host';
import { createHttpServer, parseTarget } from '@starspec/runtime';
import type { RequestListener } from '@starspec/runtime/http';
import type { Network } from '../network/network.js';
import { createRpcHandlers, type RpcContext } from '../rpc/handlers.js';
import { ARCHIVE_PREFIX, serveArchive } from './archive-route.js';
import { type AllowedOrigins, type BrowserGuard, browserGuard } from './browser-guard.js';
import type { Friendbot } from './friendbot/bot.js';
import { friendbotHandler } from './friendbot/handler.js';
import { lazyRpcListener } from './lazy-rpc.js';
import {
  BAD_REQUEST,
  CLOSE_NEEDS_JSON,
  NOT_FOUND,
  type Problem,
  SERVER_ERROR,
  UPGRADE_NEEDS_JSON,
  writeJson,
  writeProblem,
} from './problem.js';
import { scheduleUpgrades } from './upgrade.js';

export const RPC_PATH = '/rpc';
export const FRIENDBOT_PATH = '/friendbot';
export const CLOSE_PATH = '/_sandbox/close';
export const UPGRADE_PATH = '/_sandbox/upgrade';

export interface SandboxServerOptions {
  network: Network;
  friendbot: Friendbot;
  /** What the RPC handlers read (its `friendbotUrl` may be set once the server listens). */
  rpc: RpcContext;
  /** The server's base URL once listening (for links in answers). */
  baseUrl: () => string;
  /** Check every RPC result against the contract (-32603 when one is outside it). */
  validateResults?: boolean;
  onError: (error: unknown, context: { method?: string }) => void;
  /** The REST face, served on every other path. */
  rest?: RequestListener;
  /**
   * Resolves once the REST face holds every ledger closed so far: friendbot and a manual close
   * answer after it, as the real friendbot answers once Horizon has ingested its transaction.
   */
  indexed?: () => Promise<void>;
  /** Web pages (origins) allowed to call friendbot and the close; none by default. */
  allowOrigins?: AllowedOrigins;
}

function isJson(req: IncomingMessage): boolean {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * The checks of a POST that changes the network: a refused page (403), another method (405), a
 * body not declared JSON (415) are answered here (true), with the body left unread.
 */
function refusedChange(
  guard: BrowserGuard,
  req: IncomingMessage,
  res: ServerResponse,
  needsJson: Problem,
): boolean {
  if (guard.answered(req, res, ['POST'])) return true;
  if (req.method !== 'POST') {
    req.resume();
    res.writeHead(405, { allow: 'POST', 'content-length': 0 }).end();
    return true;
  }
  if (!isJson(req)) {
    req.resume();
    writeProblem(res, needsJson);
    return true;
  }
  return false;
}

async function closeNow(
  options: SandboxServerOptions,
  guard: BrowserGuard,
  req: IncomingMessage,
  res: ServerResponse,
  onError: (e: unknown) => void,
) {
  if (refusedChange(guard, req, res, CLOSE_NEEDS_JSON)) return;
  req.resume();
  try {
    // A close asked for right after the first Soroban submission takes it: the host loads first.
    if (options.network.ledger.sorobanPending()) await options.network.ledger.sorobanReady();
    const record = options.network.closeLedger();
    await options.indexed?.();
    writeJson(res, 200, {
      sequence: record.sequence,
      hash: record.hash,
      closeTime: String(record.closeTime),
      transactionCount: record.transactions.length,
    });
  } catch (error) {
    onError(error);
    writeProblem(res, SERVER_ERROR);
  }
}

export function createSandboxServer(options: SandboxServerOptions): Server {
  const { network, onError } = options;
  const guard = browserGuard(options.allowOrigins);
  const rpc = lazyRpcListener(createRpcHandlers(options.rpc), {
    validateResults: options.validateResults ?? false,
    onError,
  });
  const friendbot = friendbotHandler({
    friendbot: options.friendbot,
    baseUrl: options.baseUrl,
    closeTimeOf: (ledger) => network.closed.get(ledger)?.closeTime ?? 0,
    indexed: options.indexed,
    guard,
    onError: (error) => onError(error, {}),
  });

  const server = createHttpServer(
    (req, res) => {
      const target = parseTarget(req.url);
      if (target?.path === RPC_PATH) return rpc.listener(req, res);
      // The REST face answers pages of any origin, as Horizon does (stellar/go support/http/mux.go
      // NewAPIMux: rs/cors with any origin). Friendbot and the close change the network: their
      // browser callers are the guard's to allow (browser-guard.ts), with CORS for those alone.
      if (
        target?.path !== FRIENDBOT_PATH &&
        target?.path !== CLOSE_PATH &&
        target?.path !== UPGRADE_PATH &&
        applyHorizonCors(req, res)
      )
        return;
      if (!target) {
        req.resume();
        return writeProblem(res, BAD_REQUEST);
      }
      if (target.path.startsWith(ARCHIVE_PREFIX)) return serveArchive(network.archive, target.path, req, res);
      switch (target.path) {
        case FRIENDBOT_PATH:
          friendbot(req, res, target.search).catch((error) => {
            onError(error, {});
            if (!res.headersSent) writeProblem(res, SERVER_ERROR);
            else res.destroy();
          });
          return;
        case CLOSE_PATH:
          return void closeNow(options, guard, req, res, (error) => onError(error, {}));
        case UPGRADE_PATH:
          if (refusedChange(guard, req, res, UPGRADE_NEEDS_JSON)) return;
          scheduleUpgrades(network, req, res).catch((error) => {
            onError(error, {});
            if (!res.headersSent) writeProblem(res, SERVER_ERROR);
          });
          return;
        default:
          if (options.rest) return options.rest(req, res);
          req.resume();
          return writeProblem(res, NOT_FOUND);
      }
    },
    // Requests Node cannot parse get a problem, as the REST face's own errors are.
    { errorStyle: 'problem' },
  );
  // The JSON-RPC face loads as the server starts listening (lazy-rpc.ts).
  server.once('listening', () => void rpc.load());
  return server;
}
