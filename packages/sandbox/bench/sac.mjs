// The Stellar Asset Contract of the native asset, deployed with createStellarAssetContract:
// 1. SAC transfers applied per second in this process (submit + closeLedger), the 1,000 accounts
//    each sending the next one a stroop through `transfer`, against the same accounts' classic
//    payments of a stroop, in the same rounds, taking turns going first;
// 2. simulateTransaction of such a transfer against getLedgerEntries of the entries it reads (the
//    SAC's instance, the two accounts), over JSON-RPC to a `starspec-sandbox` process.
// Every transfer has the shape of the first one simulated: its SorobanTransactionData is reused
// with the two accounts in its footprint changed, and its source-account authorization names
// the transfer's own arguments. Envelopes are signed before the clock starts.

import {
  Account,
  Address,
  Asset,
  Keypair,
  nativeToScVal,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { applyRatesRow } from './apply-rates.mjs';
import { inProcess, overRpc } from './drivers.mjs';
import { benchKeys, fundingEnvelopes, LEDGER_SIZE, paymentRound } from './envelopes.mjs';
import { ACCOUNTS } from './payments.mjs';
import { latencyRounds, latencyRow } from './simulate.mjs';
import { buildTransaction, sendOperation, simulate } from './soroban-setup.mjs';

const accountKey = (publicKey) =>
  xdr.LedgerKey.account(
    new xdr.LedgerKeyAccount({ accountId: Keypair.fromPublicKey(publicKey).xdrAccountId() }),
  );

/** `transfer(from, to, 1)` of the SAC, authorized by its source account (from). */
function transfer(sac, from, to) {
  const args = [new Address(from).toScVal(), new Address(to).toScVal(), nativeToScVal(1n, { type: 'i128' })];
  const invocation = new xdr.InvokeContractArgs({
    contractAddress: new Address(sac).toScAddress(),
    functionName: 'transfer',
    args,
  });
  const auth = new xdr.SorobanAuthorizationEntry({
    credentials: xdr.SorobanCredentials.sorobanCredentialsSourceAccount(),
    rootInvocation: new xdr.SorobanAuthorizedInvocation({
      function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(invocation),
      subInvocations: [],
    }),
  });
  return Operation.invokeHostFunction({
    func: xdr.HostFunction.hostFunctionTypeInvokeContract(invocation),
    auth: [auth],
  });
}

/** A network (either driver) with `count` accounts funded and the native SAC deployed. */
async function prepare(target, count) {
  const keys = benchKeys(count);
  const root = Keypair.master(target.passphrase);
  const [rootSeq] = await target.sequences([root.publicKey()]);
  for (const envelope of fundingEnvelopes(root, rootSeq, keys, target.passphrase)) {
    await target.submit([envelope]);
    await target.close();
  }
  await sendOperation(target, keys[0], Operation.createStellarAssetContract({ asset: Asset.native() }));
  const sac = Asset.native().contractId(target.passphrase);
  const [from, to] = [keys[1].publicKey(), keys[2].publicKey()];
  const tx = await buildTransaction(target, keys[1], transfer(sac, from, to));
  const simulated = await simulate(target.rpcUrl, tx);
  return { keys, sac, tx, simulated };
}

/** `data` with the footprint's two accounts made `from` and `to`. */
function withAccounts(data, from, to) {
  const { footprint } = data.resources;
  const readWrite = [accountKey(from), accountKey(to)];
  if (footprint.readWrite.length !== 2 || footprint.readWrite.some((key) => key.type !== 'account'))
    throw new Error('an SAC transfer writes the two accounts and nothing else');
  return new xdr.SorobanTransactionData({
    ext: data.ext,
    resourceFee: data.resourceFee,
    resources: new xdr.SorobanResources({
      footprint: new xdr.LedgerFootprint({ readOnly: footprint.readOnly, readWrite }),
      instructions: data.resources.instructions,
      diskReadBytes: data.resources.diskReadBytes,
      writeBytes: data.resources.writeBytes,
    }),
  });
}

/** One round: every account sends the next one a stroop through the SAC; `seqs` move on by one. */
function transferRound(keys, seqs, passphrase, { sac, data }) {
  return keys.map((key, i) => {
    seqs[i] += 1n;
    const to = (keys[(i + 1) % keys.length] ?? key).publicKey();
    const tx = new TransactionBuilder(new Account(key.publicKey(), String(seqs[i] - 1n)), {
      fee: String(100n + BigInt(data.resourceFee)),
      networkPassphrase: passphrase,
    })
      .setSorobanData(withAccounts(data, key.publicKey(), to))
      .addOperation(transfer(sac, key.publicKey(), to))
      .setTimeout(TimeoutInfinite)
      .build();
    tx.sign(key);
    return tx.toXDR();
  });
}

/** The in-process driver with `sequences` and `submit` awaitable like the RPC one's. */
async function localTarget() {
  const local = await inProcess();
  return { ...local, sequences: async (ids) => local.sequences(ids) };
}

export async function measureSacTransfers(options) {
  const local = await localTarget();
  try {
    const { keys, sac, simulated } = await prepare(local, ACCOUNTS);
    const data = xdr.SorobanTransactionData.fromXdr(simulated.transactionData, 'base64');
    const seqs = await local.sequences(keys.map((k) => k.publicKey()));
    return await applyRatesRow(local, {
      id: 'sac-transfers:in-process',
      title: `SAC transfers of XLM applied, ${ACCOUNTS.toLocaleString('en-US')} accounts, ledgers of ${LEDGER_SIZE}`,
      label: 'SAC transfers',
      rounds: options.rounds,
      subject: {
        name: 'native SAC transfer, submit + closeLedger() in process',
        round: () => transferRound(keys, seqs, local.passphrase, { sac, data }),
      },
      baseline: {
        name: 'classic payments of the same accounts',
        round: () => paymentRound(keys, seqs, local.passphrase),
      },
    });
  } finally {
    await local.stop();
  }
}

export async function measureSacSimulate(options) {
  const remote = await overRpc();
  try {
    const { tx, simulated } = await prepare(remote, 3);
    const { footprint } = xdr.SorobanTransactionData.fromXdr(simulated.transactionData, 'base64').resources;
    const keys = [...footprint.readOnly, ...footprint.readWrite].map((key) => key.toXdr('base64'));
    if (keys.length !== 3) throw new Error(`an SAC transfer's footprint of ${keys.length} keys`);
    const request = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
    const requests = {
      simulate: request('simulateTransaction', { transaction: tx.toXDR() }),
      entries: request('getLedgerEntries', { keys }),
    };
    const rounds = await latencyRounds(remote, requests, options, 'SAC simulate');
    return latencyRow(rounds, {
      id: 'simulateTransaction:sac',
      title: 'simulateTransaction of an SAC transfer of XLM over JSON-RPC, one call at a time',
      subject: 'simulateTransaction (SAC transfer, recorded auth)',
      baseline: 'getLedgerEntries of its 3 entries',
    });
  } finally {
    await remote.stop();
  }
}
