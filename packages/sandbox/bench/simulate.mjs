// simulateTransaction of a token transfer against getLedgerEntries of the entries it reads (the
// contract's instance and code, the two balances), over JSON-RPC to a `starspec-sandbox` process,
// one call at a time: the two interleaved, each round starting with the other one.

import { median, percentile } from '@starspec/bench';
import { Keypair, xdr } from '@stellar/stellar-sdk';
import { loadContracts } from './contracts.mjs';
import { overRpc } from './drivers.mjs';
import { benchKeys, fundingEnvelopes } from './envelopes.mjs';
import { postJson } from './rpc-client.mjs';
import { buildTransaction, deploy, invoke, sendOperation, simulate } from './soroban-setup.mjs';

/** Calls of each method per round (and as a warm-up before the first). */
export const SIMULATE_CALLS = 200;
const SIMULATE_GOAL = { atMost: 3, at: ['p50'] };

/** Milliseconds `body` (a JSON-RPC request) takes to answer; throws on an error answer. */
async function timedCall(rpcUrl, body) {
  const started = performance.now();
  const answer = await postJson(rpcUrl, body);
  const ms = performance.now() - started;
  if (answer.error || answer.result.error)
    throw new Error(`${body.slice(0, 60)}…: ${JSON.stringify(answer)}`);
  return ms;
}

/** A network with the token deployed and both holders minted; the two requests compared. */
async function prepare(remote) {
  const { tokenWasm } = await loadContracts();
  const root = Keypair.master(remote.passphrase);
  const [alice, bob] = benchKeys(2);
  const [rootSeq] = await remote.sequences([root.publicKey()]);
  for (const envelope of fundingEnvelopes(root, rootSeq, [alice, bob], remote.passphrase)) {
    await remote.submit([envelope]);
    await remote.close();
  }
  const token = await deploy(remote, alice, tokenWasm());
  for (const holder of [alice, bob])
    await sendOperation(
      remote,
      alice,
      invoke(token, 'mint', [
        ['address', holder.publicKey()],
        ['i128', 1_000_000n],
      ]),
    );
  const transfer = await buildTransaction(
    remote,
    alice,
    invoke(token, 'transfer', [
      ['address', alice.publicKey()],
      ['address', bob.publicKey()],
      ['i128', 1n],
    ]),
  );
  const simulated = await simulate(remote.rpcUrl, transfer);
  const { footprint } = xdr.SorobanTransactionData.fromXdr(simulated.transactionData, 'base64').resources;
  const keys = [...footprint.readOnly, ...footprint.readWrite].map((key) => key.toXdr('base64'));
  const request = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  const entries = request('getLedgerEntries', { keys });
  const answer = await postJson(remote.rpcUrl, entries);
  if (keys.length !== 4 || answer.result?.entries?.length !== 4)
    throw new Error(
      `the transfer's footprint: ${keys.length} keys, ${answer.result?.entries?.length} entries`,
    );
  return { simulate: request('simulateTransaction', { transaction: transfer.toXDR() }), entries };
}

/**
 * Rounds of `requests.simulate` and `requests.entries` (JSON-RPC bodies) interleaved one call
 * at a time, after a warm-up of as many; each round starts with the other one.
 */
export async function latencyRounds(remote, requests, options, label) {
  const call = (side) => timedCall(remote.rpcUrl, requests[side]);
  for (let i = 0; i < SIMULATE_CALLS; i++) for (const side of ['simulate', 'entries']) await call(side);
  const rounds = [];
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? ['simulate', 'entries'] : ['entries', 'simulate'];
    const result = { simulate: [], entries: [] };
    for (let i = 0; i < SIMULATE_CALLS; i++) for (const side of order) result[side].push(await call(side));
    rounds.push(result);
    const p = (side, q) => percentile(result[side], q).toFixed(2);
    console.error(
      `  ${label} round ${round + 1}: simulateTransaction p50 ${p('simulate', 50)} ms, p99 ${p('simulate', 99)} ms; ` +
        `getLedgerEntries p50 ${p('entries', 50)} ms, p99 ${p('entries', 99)} ms`,
    );
  }
  return rounds;
}

export async function measureSimulate(options) {
  const remote = await overRpc();
  try {
    const rounds = await latencyRounds(remote, await prepare(remote), options, 'simulate');
    return latencyRow(rounds, {
      id: 'simulateTransaction',
      title: 'simulateTransaction of a token transfer over JSON-RPC, one call at a time',
      subject: 'simulateTransaction (transfer, recorded auth)',
      baseline: 'getLedgerEntries of its 4 entries',
      goal: SIMULATE_GOAL,
    });
  } finally {
    await remote.stop();
  }
}

/** The row of `latencyRounds`: p50 and p99 of each side, the ratios of the rounds' p99 (and p50). */
export function latencyRow(rounds, { id, title, subject, baseline, goal }) {
  const at = (side, q) => rounds.map((r) => percentile(r[side], q));
  const ratios = (q) => rounds.map((r) => percentile(r.simulate, q) / percentile(r.entries, q));
  const latency = (side, name) => ({
    name,
    p50Ms: Number(median(at(side, 50)).toFixed(2)),
    p99Ms: Number(median(at(side, 99)).toFixed(2)),
  });
  const fixed = (values) => values.map((v) => Number(v.toFixed(3)));
  return {
    kind: 'latency',
    id,
    title,
    subject: latency('simulate', subject),
    baseline: latency('entries', baseline),
    p50Ratio: Number(median(ratios(50)).toFixed(3)),
    ratio: Number(median(ratios(99)).toFixed(3)),
    rounds: fixed(ratios(99)),
    p50Rounds: fixed(ratios(50)),
    ...(goal ? { goal } : {}),
  };
}
