// Contract invocations applied per second against classic payments, in this process (submit +
// closeLedger): the same accounts each send one `counter.inc` and one payment a round. Every
// invocation has the same footprint (the counter's instance, code and count), so one simulation's
// SorobanTransactionData serves them all; envelopes are signed before the clock starts.

import { Account, TimeoutInfinite, TransactionBuilder } from '@stellar/stellar-sdk';
import { applyRatesRow } from './apply-rates.mjs';
import { loadContracts } from './contracts.mjs';
import { inProcess } from './drivers.mjs';
import { benchKeys, fundingEnvelopes, LEDGER_SIZE, paymentRound } from './envelopes.mjs';
import { ACCOUNTS } from './payments.mjs';
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
    return await applyRatesRow(local, {
      id: 'invocations:in-process',
      title: `contract invocations applied, ${ACCOUNTS.toLocaleString('en-US')} accounts, ledgers of ${LEDGER_SIZE}`,
      label: 'invocations',
      rounds: options.rounds,
      subject: {
        name: 'counter.inc, submit + closeLedger() in process',
        round: () => invocationRound(keys, seqs, passphrase, counter),
      },
      baseline: { name: 'payments of the same accounts', round: () => paymentRound(keys, seqs, passphrase) },
    });
  } finally {
    await local.stop();
  }
}
