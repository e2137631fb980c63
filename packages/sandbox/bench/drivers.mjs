// The two ways the benchmark drives a sandbox, with the same calls: in this process
// (`startSandbox`, `network.submit`, `closeLedger()`), and over HTTP to a `starspec-sandbox`
// process (`sendTransaction`, `POST /_sandbox/close`, `getLedgerEntries`, `getTransaction`).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { accountKey, startSandbox } from '../dist/index.js';
import { IN_FLIGHT, postJson, rpcCall } from './rpc-client.mjs';

// The command as installed: the bin shim, which loads the bundled dist/cli.js.
export const cliPath = fileURLToPath(new URL('../bin/starspec-sandbox.js', import.meta.url));

const keyOf = (publicKey) => accountKey(Keypair.fromPublicKey(publicKey).xdrAccountId());

function expectPending(result, envelope) {
  if (result.status !== 'PENDING')
    throw new Error(
      `submitted ${result.status}: ${result.errorResultXdr ?? ''} for ${envelope.slice(0, 40)}…`,
    );
}

/** A sandbox in this process, closing only when asked. */
export async function inProcess() {
  const sandbox = await startSandbox({ port: 0, closeEvery: 'manual' });
  const { network } = sandbox;
  return {
    passphrase: sandbox.passphrase,
    url: sandbox.url,
    rpcUrl: sandbox.rpcUrl,
    root: network.ledger.root,
    networkId: network.ledger.networkId,
    submit(envelopes) {
      for (const envelope of envelopes) expectPending(network.submit(envelope), envelope);
    },
    close: () => network.closeLedger(),
    sequences: (publicKeys) =>
      publicKeys.map((key) => {
        const entry = network.ledger.entry(keyOf(key));
        if (!entry) throw new Error(`no account ${key}`);
        return entry.data.account.seqNum;
      }),
    stop: () => sandbox.stop(),
  };
}

/**
 * Starts `starspec-sandbox --port 0 --json` with more flags (and environment); resolves with the
 * child and its ready line. `launch` runs another entry (`script`, with node's `nodeFlags`).
 */
export function startCli(flags = [], env = {}, { script = cliPath, nodeFlags = [] } = {}) {
  const child = spawn(process.execPath, [...nodeFlags, script, '--port', '0', '--json', ...flags], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  // Not left running when the benchmark ends early.
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

/** Runs `task` on every item with at most `limit` at once. */
async function eachLimited(items, limit, task) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * A `starspec-sandbox` process closing only when asked (with more `flags`, and startCli's
 * `launch`), driven over HTTP.
 */
export async function overRpc(env = {}, flags = [], launch = {}) {
  const { child, ready } = await startCli(['--close-every', 'manual', ...flags], env, launch);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const { rpcUrl, url, passphrase } = ready;
  return {
    child,
    pid: child.pid,
    url,
    rpcUrl,
    passphrase,
    async submit(envelopes) {
      await eachLimited(envelopes, IN_FLIGHT, async (envelope) => {
        expectPending(await rpcCall(rpcUrl, 'sendTransaction', { transaction: envelope }), envelope);
      });
    },
    close: () => postJson(`${url}/_sandbox/close`),
    async sequences(publicKeys) {
      const seqs = [];
      for (let i = 0; i < publicKeys.length; i += 200) {
        const keys = publicKeys.slice(i, i + 200).map((key) => keyOf(key).toXdr('base64'));
        const { entries } = await rpcCall(rpcUrl, 'getLedgerEntries', { keys });
        const byKey = new Map(entries.map((e) => [e.key, e.xdr]));
        for (const key of keys) {
          const data = byKey.get(key);
          if (!data) throw new Error(`no account for key ${key}`);
          seqs.push(xdr.LedgerEntryData.fromXdr(data, 'base64').account.seqNum);
        }
      }
      return seqs;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
