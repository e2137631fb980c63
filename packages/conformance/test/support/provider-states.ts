/**
 * Providers in the states a real one can be in when a suite runs against it: @starspec/sandbox
 * (both faces) and the starspec-horizon gateway over its RPC. Ledgers close by the test's own
 * ticker (the sandbox is started with manual closes), so how many ledgers a provider holds when
 * the suite starts is decided by the state, not by how busy the machine is; afterwards they close
 * on their own, as a real provider's do.
 */
import { type Gateway, type RateLimit, startGateway } from '@starspec/ledger-index';
import { type Sandbox, startSandbox } from '@starspec/sandbox';

/** Milliseconds between the ticker's closes: the sandbox's default, as a provider's CI runs it. */
export const TICK_MS = 1000;

export interface Provider {
  /** The Stellar RPC endpoint (ledger-rpc). */
  rpcUrl: string;
  /** The Horizon-compatible face (ledger-api). */
  restUrl: string;
  /** Starts closing a ledger every TICK_MS; the first close comes one tick later. */
  tick(): void;
  stop(): Promise<void>;
}

export interface StateOptions {
  /** Ledgers closed by hand before the suite starts, after ledger 2 (the friendbot's). */
  closedBefore?: number;
  retention?: number;
  rateLimit?: RateLimit;
  /**
   * Serve the REST face from a starspec-horizon gateway started once `closedBefore` ledgers
   * closed, ingesting from the latest: its elder ledger is recent, far after the network's first.
   */
  lateGateway?: boolean;
  onError: (error: unknown) => void;
}

/** Resolves once the gateway has ingested up to the latest ledger it knows of. */
async function caughtUpGateway(rpcUrl: string, from: number, options: StateOptions): Promise<Gateway> {
  let caughtUp: () => void = () => undefined;
  const ingested = new Promise<void>((resolve) => {
    caughtUp = resolve;
  });
  const gateway = await startGateway({
    rpcUrl,
    from,
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    pollMs: TICK_MS,
    onProgress: (ledger, latest) => {
      if (ledger >= latest) caughtUp();
    },
    onError: options.onError,
  });
  await ingested;
  return gateway;
}

export async function startProvider(options: StateOptions): Promise<Provider> {
  const net: Sandbox = await startSandbox({
    port: 0,
    closeEvery: 'manual',
    ...(options.retention ? { retention: options.retention } : {}),
    ...(options.rateLimit && !options.lateGateway ? { rateLimit: options.rateLimit } : {}),
    onError: options.onError,
  });
  for (let i = 0; i < (options.closedBefore ?? 0); i++) net.closeLedger();
  const gateway = options.lateGateway
    ? await caughtUpGateway(net.rpcUrl, net.ledger.latestSequence, options)
    : undefined;
  let ticker: NodeJS.Timeout | undefined;
  return {
    rpcUrl: net.rpcUrl,
    restUrl: gateway?.url ?? net.url,
    tick() {
      ticker ??= setInterval(() => net.closeLedger(), TICK_MS);
    },
    async stop() {
      clearInterval(ticker);
      await gateway?.stop();
      await net.stop();
    },
  };
}
