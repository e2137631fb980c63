// The ledger every row reads: a `starspec-sandbox` process closing only when asked, with traffic
// sent over its JSON-RPC: accounts funded by the root account, then ledgers of payments, every
// account paying the next one. Its REST face indexes each ledger in its own process.
import { createClient } from '@starspec/ledger-rpc/client';
import { Keypair } from '@stellar/stellar-sdk';
// The sandbox's own benchmark drivers and traffic: this package cannot depend on the sandbox (it
// serves this package's face), so both are read from the sandbox's folder, as its build is.
import { overRpc } from '../../sandbox/bench/drivers.mjs';
import { benchKeys, fundingEnvelopes, paymentRound } from '../../sandbox/bench/envelopes.mjs';

/** Ledgers of payments, and payments (one per account) in each. */
export const TRAFFIC = { ledgers: 200, payments: 10 };

/** Every transaction of every ledger, as the sandbox's REST face counts them. */
async function transactionCount(url) {
  let count = 0;
  for (let next = `${url}/ledgers?limit=200`; ; ) {
    const page = await (await fetch(next)).json();
    const records = page._embedded.records;
    if (records.length === 0) return count;
    for (const r of records) count += r.successful_transaction_count + r.failed_transaction_count;
    next = page._links.next.href;
  }
}

/**
 * Starts the sandbox and runs the traffic: resolves with its `url`, `rpcUrl`, the `accounts`
 * (public keys), its `oldestLedger` and `latestLedger`, the `ledgerCount` and `transactions` between
 * them (what a gateway ingests) and `stop()`.
 */
export async function startLedger({ ledgers, payments } = TRAFFIC) {
  // Answers are not checked against the contract, as in any run outside the tests.
  const sandbox = await overRpc({ NODE_ENV: 'production' });
  const { url, rpcUrl, passphrase } = sandbox;
  // POST /_sandbox/close answers once the REST face holds the ledger.
  const close = async (expected) => {
    const closed = await sandbox.close();
    if (closed.transactionCount !== expected)
      throw new Error(`ledger ${closed.sequence} holds ${closed.transactionCount} of ${expected}`);
    return closed.sequence;
  };

  const root = Keypair.master(passphrase);
  const keys = benchKeys(payments);
  const [rootSeq] = await sandbox.sequences([root.publicKey()]);
  await sandbox.submit(fundingEnvelopes(root, rootSeq, keys, passphrase));
  // An account starts at its creating ledger's sequence number shifted by 32 bits.
  const funded = BigInt(await close(1)) << 32n;
  const seqs = keys.map(() => funded);
  for (let ledger = 0; ledger < ledgers; ledger++) {
    const round = paymentRound(keys, seqs, passphrase);
    await sandbox.submit(round);
    await close(round.length);
  }
  const health = await createClient({ url: rpcUrl }).getHealth();
  return {
    url,
    rpcUrl,
    accounts: keys.map((key) => key.publicKey()),
    oldestLedger: health.oldestLedger,
    latestLedger: health.latestLedger,
    ledgerCount: health.latestLedger - health.oldestLedger + 1,
    transactions: await transactionCount(url),
    stop: () => sandbox.stop(),
  };
}
