// The ledger every row reads: a `starspec-sandbox` process (the sandbox's build, which cannot be a
// dependency of this package since it serves this package's face) closing only when asked, with
// traffic sent over its JSON-RPC: accounts funded by the root account, then ledgers of payments,
// every account paying the next one. Its REST face indexes each ledger in its own process.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from '@starspec/ledger-rpc/client';
import {
  Account,
  Asset,
  hash,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
} from '@stellar/stellar-sdk';

const sandboxCli = fileURLToPath(new URL('../../sandbox/dist/cli.js', import.meta.url));

/** Ledgers of payments, and payments (one per account) in each. */
export const TRAFFIC = { ledgers: 200, payments: 10 };

/** Starts `starspec-sandbox --port 0 --json --close-every manual`; resolves with the child and its ready line. */
function startSandboxProcess() {
  const child = spawn(process.execPath, [sandboxCli, '--port', '0', '--json', '--close-every', 'manual'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // Answers are not checked against the contract, as in any run outside the tests.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const stop = () => child.kill();
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`starspec-sandbox exited with ${code} before ready`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const event = JSON.parse(line);
      if (event.ready) resolve({ child, ready: event });
    });
  });
}

/** A signed envelope (base64) from `source` at sequence number `seq`. */
function envelope(source, seq, operations, passphrase) {
  const builder = new TransactionBuilder(new Account(source.publicKey(), String(seq - 1n)), {
    fee: String(100 * operations.length),
    networkPassphrase: passphrase,
  });
  for (const operation of operations) builder.addOperation(operation);
  const tx = builder.setTimeout(TimeoutInfinite).build();
  tx.sign(source);
  return tx.toXDR();
}

/** Waits until the sandbox's REST face holds ledger `sequence`. */
async function indexed(url, sequence) {
  for (let tries = 0; (await fetch(`${url}/ledgers/${sequence}`)).status !== 200; tries++) {
    if (tries === 600) throw new Error(`the sandbox's REST face did not index ledger ${sequence}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
  const { child, ready } = await startSandboxProcess();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const { url, rpcUrl, passphrase } = ready;
  const rpc = createClient({ url: rpcUrl });
  const close = async (expected) => {
    const closed = await (await fetch(`${url}/_sandbox/close`, { method: 'POST' })).json();
    if (closed.transactionCount !== expected)
      throw new Error(`ledger ${closed.sequence} holds ${closed.transactionCount} of ${expected}`);
    return closed.sequence;
  };
  const submit = async (envelopes) => {
    const sent = await Promise.all(envelopes.map((transaction) => rpc.sendTransaction({ transaction })));
    const refused = sent.find((answer) => answer.status !== 'PENDING');
    if (refused) throw new Error(`sendTransaction answered ${JSON.stringify(refused)}`);
  };

  const root = Keypair.master(passphrase);
  const keys = Array.from({ length: payments }, (_, i) =>
    Keypair.fromRawEd25519Seed(hash(Buffer.from(`starspec ledger-index bench ${i}`))),
  );
  const rootAccount = await (await fetch(`${url}/accounts/${root.publicKey()}`)).json();
  const funding = keys.map((key) =>
    Operation.createAccount({ destination: key.publicKey(), startingBalance: '1000' }),
  );
  await submit([envelope(root, BigInt(rootAccount.sequence) + 1n, funding, passphrase)]);
  // An account starts at its creating ledger's sequence number shifted by 32 bits.
  const funded = BigInt(await close(1)) << 32n;
  const seqs = keys.map(() => funded);
  for (let ledger = 0; ledger < ledgers; ledger++) {
    const round = keys.map((key, i) => {
      seqs[i] += 1n;
      const payment = Operation.payment({
        destination: keys[(i + 1) % keys.length].publicKey(),
        asset: Asset.native(),
        amount: '0.0000001',
      });
      return envelope(key, seqs[i], [payment], passphrase);
    });
    await submit(round);
    await close(round.length);
  }
  const health = await rpc.getHealth();
  await indexed(url, health.latestLedger);
  return {
    url,
    rpcUrl,
    accounts: keys.map((key) => key.publicKey()),
    oldestLedger: health.oldestLedger,
    latestLedger: health.latestLedger,
    ledgerCount: health.latestLedger - health.oldestLedger + 1,
    transactions: await transactionCount(url),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
