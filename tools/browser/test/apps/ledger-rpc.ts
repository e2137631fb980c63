// A browser app on the JSON-RPC client: one getLatestLedger call, its result read as `mode` says.
import { createClient, JsonRpcError } from '@starspec/ledger-rpc/client';
import { type Mode, outcomeOf } from './outcome.js';

export function call(url: string, mode: Mode) {
  const client = createClient({ url, validateResults: mode === 'tolerant', strict: mode === 'strict' });
  return outcomeOf(() => client.getLatestLedger(), JsonRpcError);
}
