// Following the transfers of one asset through getEvents: the unified asset events (CAP-67) of its
// Stellar Asset Contract, from about an hour ago to the latest ledger, decoded from their XDR.
// One batch first checks that the node is healthy and on the expected network.

import { createClient, decodeScVal, paginateItems } from '@starspec/ledger-rpc';
import { JsonRpcError } from '@starspec/ledger-rpc/client';
import { Asset, Networks, scValToNative, xdr } from '@stellar/stellar-sdk/base';

const rpc = createClient({
  url: process.env.RPC_URL ?? 'https://soroban-testnet.stellar.org',
  validateResults: true,
});
const asset = new Asset('USDC', 'GBBD47IF6LWK7P7MDEVSCWR7DPUWV3NY3DTQEVFL4NAT4AQH3ZLLFLA5');
const contractId = asset.contractId(Networks.TESTNET);
const LEDGERS_PER_HOUR = 720;

const [health, network] = await rpc.batch([{ method: 'getHealth' }, { method: 'getNetwork' }]);
if (!health.ok || health.result.status !== 'healthy') throw new Error('the node is not healthy');
if (!network.ok || network.result.passphrase !== Networks.TESTNET) throw new Error('not a testnet node');

// Topics of a transfer: "transfer", from, to, the asset (SEP-11 string).
const transferTopic = xdr.ScVal.scvSymbol('transfer').toXDR('base64');
const startLedger = Math.max(health.result.oldestLedger, health.result.latestLedger - LEDGERS_PER_HOUR);

try {
  const events = paginateItems(rpc, 'getEvents', {
    startLedger,
    filters: [{ type: 'contract', contractIds: [contractId], topics: [[transferTopic, '*', '*', '*']] }],
    pagination: { limit: 1000 },
  });
  for await (const event of events) {
    const [, from, to] = (event.topic ?? []).map((topic) => scValToNative(decodeScVal(topic)));
    // The amount is an i128, or a map with `amount` when the payment carried a memo.
    const data = event.value === undefined ? undefined : scValToNative(decodeScVal(event.value));
    const amount: bigint = typeof data === 'bigint' ? data : data?.amount;
    console.log(`${event.ledgerClosedAt} ${from} -> ${to}: ${amount} (${event.txHash})`);
  }
} catch (error) {
  // e.g. -32600 when startLedger fell out of the node's retention window meanwhile.
  if (error instanceof JsonRpcError) console.error(`getEvents: ${error.code} ${error.message}`, error.data);
  else throw error;
}
