/** The gateway's network: a Stellar RPC server, asked for its state and given submissions. */
import { createClient, type RpcClient } from '@starspec/ledger-rpc/client';
import type { LedgerSource, SourceStatus, SubmitAnswer } from '../source.js';
import { SERVER_VERSION } from '../version.js';
import { retryingReset } from './retrying-fetch.js';
import { rpcEntrySource } from './rpc-entries.js';

/** The gateway's client of its RPC server: a read is asked again once when its connection was reset. */
export function rpcClient(url: string): RpcClient {
  return createClient({ url, fetch: retryingReset() });
}

export async function rpcSource(client: RpcClient): Promise<LedgerSource> {
  const network = await client.getNetwork();
  return {
    passphrase: network.passphrase,
    serverVersion: SERVER_VERSION,
    state: rpcEntrySource(client),
    ...(network.friendbotUrl ? { friendbotUrl: network.friendbotUrl } : {}),
    async status(): Promise<SourceStatus> {
      const [version, latest] = await Promise.all([client.getVersionInfo(), client.getLatestLedger()]);
      return {
        coreVersion: version.captiveCoreVersion,
        latestLedger: latest.sequence,
        protocolVersion: version.protocolVersion,
      };
    },
    async submit(envelopeXdr: string): Promise<SubmitAnswer> {
      const sent = await client.sendTransaction({ transaction: envelopeXdr });
      return {
        status: sent.status,
        hash: sent.hash,
        ...(sent.errorResultXdr ? { errorResultXdr: sent.errorResultXdr } : {}),
      };
    },
  };
}
