/**
 * The Horizon-compatible REST face of the sandbox: a ledger index fed in-process with each
 * closed ledger's LedgerCloseMeta (and nothing else), served at the root of the sandbox's port.
 * Its history keeps the RPC face's window (`--retention`): its elder ledger is the RPC's
 * `oldestLedger`, and the in-memory index stays as large as the window, however long it runs.
 */
import {
  createLedgerApiListener,
  IndexStore,
  Ingester,
  type LedgerSource,
  openSqlite,
  type RateLimit,
  type StreamLimits,
  type SubmitAnswer,
} from '@starspec/ledger-index';
import type { RequestListener } from '@starspec/runtime/http';
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Network } from '../network/network.js';
import { CORE_VERSION, SANDBOX_VERSION } from '../rpc/info.js';

type LedgerCloseMeta = xdr.LedgerCloseMeta;

export interface RestFace {
  listener: RequestListener;
  ingester: Ingester;
  /** Waits until every closed ledger is in the index. */
  idle(): Promise<void>;
  /** Ends the open event streams (before the server closes, so that it need not wait for them). */
  endStreams(): void;
  close(): Promise<void>;
}

export interface RestFaceOptions extends StreamLimits {
  network: Network;
  /**
   * The closed ledgers' metas the face has not seen, taken once as it starts feeding: from then
   * on it follows `network.onClose` (lazy-face.ts keeps them until the face starts).
   */
  backlog: () => Iterable<LedgerCloseMeta>;
  friendbotUrl: () => string | undefined;
  /** How long `POST /transactions` waits for its ledger (default 30 s). */
  submitTimeoutMs?: number;
  /** Requests per client address (off by default). */
  rateLimit?: RateLimit;
  validateResponses?: boolean;
  onError: (error: unknown) => void;
}

function source(network: Network, friendbotUrl: () => string | undefined): LedgerSource {
  return {
    passphrase: network.passphrase,
    serverVersion: `starspec-sandbox-${SANDBOX_VERSION}`,
    get friendbotUrl() {
      return friendbotUrl();
    },
    async status() {
      return {
        coreVersion: CORE_VERSION,
        latestLedger: network.ledger.latestSequence,
        // Every protocol field of the root follows the latest ledger (and an upgrade of it).
        protocolVersion: network.ledger.latestHeader().header.ledgerVersion,
      };
    },
    async submit(envelopeXdr: string): Promise<SubmitAnswer> {
      const { status, hash, errorResultXdr } = network.submit(envelopeXdr);
      return { status, hash, ...(errorResultXdr ? { errorResultXdr } : {}) };
    },
  };
}

export async function startRestFace(options: RestFaceOptions): Promise<RestFace> {
  const { network, onError } = options;
  const store = await IndexStore.open(openSqlite(':memory:'), network.passphrase);
  const ingester = new Ingester(store, { retention: { ledgers: network.closed.retention }, onError });
  const feed = (meta: LedgerCloseMeta) => {
    ingester.ingest(meta).catch(onError);
  };
  // Ledgers closed before the face started (the friendbot's set-up at least), then each new one.
  for (const meta of options.backlog()) feed(meta);
  const stop = network.onClose((record) => feed(record.closed.meta));
  const closing = new AbortController();
  const listener = createLedgerApiListener({
    store,
    source: source(network, options.friendbotUrl),
    awaitIngested: (hash, ms) => ingester.awaitIngested(hash, ms),
    onLedger: (listener) => ingester.onLedger(listener),
    closing: closing.signal,
    submitTimeoutMs: options.submitTimeoutMs,
    rateLimit: options.rateLimit,
    maxStreams: options.maxStreams,
    maxStreamsPerClient: options.maxStreamsPerClient,
    validateResponses: options.validateResponses,
    onError,
  });
  return {
    listener,
    ingester,
    idle: () => ingester.idle(),
    endStreams: () => closing.abort(),
    async close() {
      stop();
      ingester.stopReaping();
      await ingester.idle();
      await store.close();
    },
  };
}
