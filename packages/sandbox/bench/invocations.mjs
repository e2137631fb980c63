// Contract invocations applied per second against classic payments, in this process (submit +
// closeLedger): the same accounts each send one `counter.inc` and one payment a round. Every
// invocation has the same footprint (the counter's instance, code and count), so one simulation's
// SorobanTransactionData serves them all; envelopes are signed before the clock starts.

import { median } from '@starspec/bench';
import { Account, TimeoutInfinite, TransactionBuilder } from '@stellar/stellar-sdk';
import { loadContracts } from './contracts.mjs';
import { inProcess } from './drivers.mjs';
import { benchKeys, fundingEnvelopes, LEDGER_SIZE, paymentRound } from './envelopes.mjs';
import { ACCOUNTS, applyInProcess, ownCpuSeconds, rates, successfulHashes } from './payments.mjs';
import { buildTransaction, deploy, invoke, sendOperation, simulate } from './soroban-setup.mjs';

/** A deployed counter whose count exists, and the SorobanTransactionData (base64) of an `inc`. */
async function deployCounter(local, deployer) {
  const { counterWasm } = await loadContracts();
  const counter = await deploy(local, deployer, counterWasm());
  // The first inc creates the count; the ones after only rewrite it, as the simulated one does.
  await sendOperation(local, deployer, invoke(counter, 'inc'));
  const simulated = await simulate(
    local.rpcUrl,
    await buildTransaction(local, deployer, invoke(counter, 'inc')),
  );
  return { counter, sorobanData: simulated.transactionData };
}

/** One round: every account calls `inc` at its next sequence number; `seqs` move on by one. */
function invocationRound(keys, seqs, passphrase, { counter, sorobanData }) {
  return keys.map((key, i) => {
    seqs[i] += 1n;
    const tx = new TransactionBuilder(new Account(key.publicKey(), String(seqs[i] - 1n)), {
      fee: '100',
      networkPassphrase: passphrase,
    })
      .setSorobanData(sorobanData)
      .addOperation(invoke(counter, 'inc'))
      .setTimeout(TimeoutInfinite)
      .build();
    tx.sign(key);
    return tx.toXDR();
  });
}

/** Applies `envelopes` in ledgers of LEDGER_SIZE, timed; throws when one failed or stayed queued. */
async function timedApply(local, envelopes) {
  let records;
  const rate = await rates(envelopes.length, ownCpuSeconds, () => {
    records = applyInProcess(local, envelopes);
  });
  if (successfulHashes(records).length !== envelopes.length)
    throw new Error(`${envelopes.length} sent, ${successfulHashes(records).length} applied`);
  return rate;
}

export async function measureInvocations(options) {
  const local = await inProcess();
  try {
    const { passphrase, root } = local;
    const keys = benchKeys(ACCOUNTS);
    const [rootSeq] = local.sequences([root.publicKey()]);
    for (const envelope of fundingEnvelopes(root, rootSeq, keys, passphrase)) {
      local.submit([envelope]);
      local.close();
    }
    const counter = await deployCounter(local, keys[0]);
    const seqs = local.sequences(keys.map((k) => k.publicKey()));
    const sides = {
      invoke: () => invocationRound(keys, seqs, passphrase, counter),
      pay: () => paymentRound(keys, seqs, passphrase),
    };
    // A round not measured warms both up.
    for (const side of ['invoke', 'pay']) await timedApply(local, sides[side]());
    const rounds = [];
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? ['invoke', 'pay'] : ['pay', 'invoke'];
      // Signed in the order they are applied, each account's sequence numbers in turn.
      const envelopes = Object.fromEntries(order.map((side) => [side, sides[side]()]));
      const result = {};
      for (const side of order) result[side] = await timedApply(local, envelopes[side]);
      rounds.push(result);
      console.error(
        `  invocations round ${round + 1}: counter.inc ${result.invoke.perSecond.toFixed(0)}/s ` +
          `(${result.invoke.perCpuSecond.toFixed(0)} per CPU s), payments ${result.pay.perSecond.toFixed(0)}/s ` +
          `(${result.pay.perCpuSecond.toFixed(0)} per CPU s)`,
      );
    }
    return row(rounds);
  } finally {
    await local.stop();
  }
}

function row(rounds) {
  const side = (key, name) => ({
    name,
    value: Math.round(median(rounds.map((r) => r[key].perSecond))),
    perCpuSecond: Math.round(median(rounds.map((r) => r[key].perCpuSecond))),
  });
  const ratios = rounds.map((r) => r.invoke.perSecond / r.pay.perSecond);
  const cpuRatios = rounds.map((r) => r.invoke.perCpuSecond / r.pay.perCpuSecond);
  return {
    kind: 'rate',
    id: 'invocations:in-process',
    title: `contract invocations applied, ${ACCOUNTS.toLocaleString('en-US')} accounts, ledgers of ${LEDGER_SIZE}`,
    unit: 'transactions/s',
    subject: side('invoke', 'counter.inc, submit + closeLedger() in process'),
    baseline: side('pay', 'payments of the same accounts'),
    ratio: Number(median(ratios).toFixed(3)),
    cpuRatio: Number(median(cpuRatios).toFixed(3)),
    rounds: ratios.map((v) => Number(v.toFixed(3))),
  };
}
