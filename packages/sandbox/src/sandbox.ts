/**
 * startSandbox: a local Stellar network behind one HTTP port, with the Stellar RPC face,
 * friendbot, and ledgers closing on a schedule. On a new network the first ledger (2) closes at
 * start with the friendbot's channel accounts, so the faces always have a closed ledger to
 * answer from; one resumed from its database file has them already.
 */
import type { Server } from 'node:http';
import type { RateLimit, StreamLimits } from '@starspec/ledger-index';
import { closeGracefully, listen } from '@starspec/runtime';
import type { Ledger, LedgerOptions } from './ledger.js';
import { type CloseSchedule, createNetwork, type Network } from './network/network.js';
import type { LedgerRecord } from './network/records.js';
import { lazyRestFace } from './rest/lazy-face.js';
import type { RpcContext } from './rpc/common.js';
import type { AllowedOrigins } from './server/browser-guard.js';
import { Friendbot, type FriendbotOptions } from './server/friendbot/bot.js';
import { createSandboxServer, FRIENDBOT_PATH, RPC_PATH } from './server/server.js';

/** stellar-rpc `max-healthy-ledger-latency`. */
const MAX_HEALTHY_LATENCY_SECONDS = 30;

/**
 * `maxStreams` and `maxStreamsPerClient` cap the REST face's open event streams (default 1000 in
 * all, 100 per client address; one more is refused with 503 or 429, as Horizon refuses requests).
 */
export interface SandboxOptions
  extends Omit<LedgerOptions, 'history' | 'store' | 'atomically'>,
    StreamLimits {
  /** `':memory:'` (the default) or a SQLite file the network is kept in and resumes from. */
  db?: string;
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Address to listen on (default 127.0.0.1; `0.0.0.0` serves other machines). */
  host?: string;
  /** Milliseconds between ledger closes (default 1000), or `'manual'`. */
  closeEvery?: CloseSchedule;
  /** Ledgers kept by the RPC and REST faces (default 120,960). */
  retention?: number;
  friendbot?: FriendbotOptions;
  /** Check every RPC result against the contract (answers -32603 when one is outside it). */
  validateResults?: boolean;
  /** How long `POST /transactions` of the REST face waits for its ledger (default 30 s, as Horizon). */
  submitTimeoutMs?: number;
  /**
   * Horizon's rate limit on the REST face: requests per hour per client address, with a burst
   * (default 100), and `X-Ratelimit-*` headers on every answer. Off by default.
   */
  rateLimit?: RateLimit;
  /**
   * Web pages allowed to call friendbot and `POST /_sandbox/close` (with CORS headers): `'*'`
   * or exact origins such as `http://localhost:3000`. By default a page's request (one with an
   * `Origin` or a `Sec-Fetch-Site` header) is refused 403; clients that are not browsers are
   * served whatever this says.
   */
  allowOrigins?: AllowedOrigins;
  /** Called after every ledger close. */
  onLedger?: (record: LedgerRecord) => void;
  /** Called with failures the server answers for (default: console.error). */
  onError?: (error: unknown) => void;
}

export interface Sandbox {
  /** Base URL, e.g. `http://127.0.0.1:8000`. */
  readonly url: string;
  /** The JSON-RPC endpoint (`…/rpc`), for `new rpc.Server(rpcUrl, { allowHttp: true })`. */
  readonly rpcUrl: string;
  readonly friendbotUrl: string;
  readonly passphrase: string;
  readonly ledger: Ledger;
  readonly network: Network;
  /** Resolves once the REST face has indexed every ledger closed so far. */
  indexed(): Promise<void>;
  /** Closes a ledger now (whatever the schedule); answers its sequence. */
  closeLedger(): number;
  /** Stops closing ledgers and the server (requests under way are answered first), then lets the database file go. */
  stop(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const {
    port = 0,
    host = '127.0.0.1',
    db,
    closeEvery,
    retention,
    friendbot: friendbotOptions,
    validateResults,
    submitTimeoutMs,
    rateLimit,
    maxStreams,
    maxStreamsPerClient,
    allowOrigins,
    onLedger,
    onError = (error: unknown) => console.error('[sandbox]', error),
    ...ledgerOptions
  } = options;
  const network = createNetwork({ ...ledgerOptions, db, closeEvery, retention, onCloseError: onError });
  const friendbot = new Friendbot(network, friendbotOptions);
  try {
    const setup = friendbot.setupEnvelope();
    if (setup !== undefined) {
      const submitted = network.submit(setup);
      if (submitted.status !== 'PENDING')
        throw new Error(`the friendbot channels were not accepted: ${submitted.status}`);
      network.closeLedger();
    }
  } catch (error) {
    network.close();
    throw error;
  }
  if (onLedger) network.onClose(onLedger);

  let url = '';
  const rpc: RpcContext = {
    network,
    maxHealthyLatencySeconds:
      network.closeEvery === 'manual'
        ? undefined
        : Math.max(MAX_HEALTHY_LATENCY_SECONDS, Math.ceil((2 * network.closeEvery) / 1000)),
    now: ledgerOptions.now,
  };
  const rest = lazyRestFace({
    network,
    friendbotUrl: () => rpc.friendbotUrl,
    submitTimeoutMs,
    rateLimit,
    maxStreams,
    maxStreamsPerClient,
    validateResponses: validateResults,
    onError,
  });
  const server: Server = createSandboxServer({
    rest: rest.listener,
    indexed: () => rest.idle(),
    network,
    friendbot,
    rpc,
    baseUrl: () => url,
    validateResults,
    allowOrigins,
    onError: (error) => onError(error),
  });
  try {
    url = await listen(server, port, host);
  } catch (error) {
    network.close();
    friendbot.stop();
    await rest.close();
    throw error;
  }
  rpc.friendbotUrl = `${url}${FRIENDBOT_PATH}`;
  network.start();
  return {
    url,
    rpcUrl: `${url}${RPC_PATH}`,
    friendbotUrl: `${url}${FRIENDBOT_PATH}`,
    passphrase: network.passphrase,
    ledger: network.ledger,
    network,
    indexed: () => rest.idle(),
    closeLedger: () => network.closeLedger().sequence,
    async stop() {
      network.stop();
      friendbot.stop();
      rest.endStreams();
      // Requests under way are answered (a manual close among them is still written), then the file is let go.
      await closeGracefully(server);
      await rest.close();
      network.close();
    },
  };
}
