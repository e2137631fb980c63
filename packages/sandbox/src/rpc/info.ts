/**
 * The methods about the node and the latest ledger: getHealth, getNetwork, getVersionInfo and
 * getLatestLedger (stellar-rpc `methods/get_health.go`, `get_network.go`,
 * `get_version_info.go`, `get_latest_ledger.go`).
 */
import { createRequire } from 'node:module';
import type {
  GetHealthResult,
  GetLatestLedgerResult,
  GetNetworkResult,
  GetVersionInfoResult,
} from '@starspec/ledger-rpc';
import { base64Once } from './base64-once.js';
import { internalError, ledgerRange, type RpcContext } from './common.js';

const manifest = createRequire(import.meta.url)('../../package.json') as { version: string };

/** The sandbox's version, as getVersionInfo reports it. */
export const SANDBOX_VERSION = manifest.version;
/** What the sandbox reports in place of a stellar-core version. */
export const CORE_VERSION = `starspec-sandbox ${SANDBOX_VERSION} (no stellar-core: transactions apply in-process)`;

/** Whole seconds as Go's time.Duration prints them: `45s`, `1m30s`, `2h0m5s`. */
function goDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${seconds % 60}s`;
}

export function getHealth(context: RpcContext): GetHealthResult {
  const oldest = context.network.closed.oldest();
  const latest = context.network.closed.latest();
  if (!oldest || !latest) throw internalError('data stores are not initialized');
  const limit = context.maxHealthyLatencySeconds;
  if (limit !== undefined) {
    const now = context.now?.() ?? Math.floor(Date.now() / 1000);
    const latency = now - latest.closeTime;
    if (latency > limit) {
      throw internalError(
        `latency (${goDuration(latency)}) since last known ledger closed is too high (>${goDuration(limit)})`,
      );
    }
  }
  return {
    status: 'healthy',
    latestLedger: latest.sequence,
    latestLedgerCloseTime: String(latest.closeTime),
    oldestLedger: oldest.sequence,
    oldestLedgerCloseTime: String(oldest.closeTime),
    ledgerRetentionWindow: context.network.closed.retention,
  };
}

function protocolVersion(context: RpcContext): number {
  return ledgerRange(context).latest.closed.header.ledgerVersion;
}

export function getNetwork(context: RpcContext): GetNetworkResult {
  return {
    ...(context.friendbotUrl ? { friendbotUrl: context.friendbotUrl } : {}),
    passphrase: context.network.passphrase,
    protocolVersion: protocolVersion(context),
  };
}

export function getVersionInfo(context: RpcContext): GetVersionInfoResult {
  return {
    version: SANDBOX_VERSION,
    commitHash: '',
    buildTimestamp: '',
    captiveCoreVersion: CORE_VERSION,
    protocolVersion: protocolVersion(context),
  };
}

export function getLatestLedger(context: RpcContext): GetLatestLedgerResult {
  const { latest } = ledgerRange(context);
  return {
    id: latest.hash,
    protocolVersion: latest.closed.header.ledgerVersion,
    sequence: latest.sequence,
    closeTime: String(latest.closeTime),
    headerXdr: base64Once(latest.closed.header),
    metadataXdr: base64Once(latest.closed.meta),
  };
}
