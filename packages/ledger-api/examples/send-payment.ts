// Paying out from a service account: build and sign the payment with the Stellar SDK, bid a fee
// from the recent fee statistics, submit asynchronously and wait for the ledger. A stale sequence
// number is the one failure worth rebuilding for; anything unresolved keeps its envelope, since
// the network may still apply it.

import { createClient, SubmissionError, submitTransactionAsync } from '@starspec/ledger-api';
import { Account, Asset, Keypair, Networks, Operation, TransactionBuilder } from '@stellar/stellar-sdk/base';

const horizon = createClient({ baseUrl: process.env.HORIZON_URL ?? 'https://horizon-testnet.stellar.org' });
const networkPassphrase = Networks.TESTNET;
const secret = process.env.PAYOUT_SECRET;
if (secret === undefined) throw new Error('set PAYOUT_SECRET to the paying account secret key (S...)');
const payer = Keypair.fromSecret(secret);

async function buildPayment(destination: string, amount: string): Promise<string> {
  const [account, feeStats] = await Promise.all([
    horizon.GET('/accounts/{account_id}', { params: { path: { account_id: payer.publicKey() } } }),
    horizon.GET('/fee_stats'),
  ]);
  if (!account.data) throw new Error(`cannot load ${payer.publicKey()}: ${account.response.status}`);
  // Bid what 90% of recent transactions paid per operation: enough outside a fee surge.
  const fee = feeStats.data?.fee_charged.p90 ?? '100';
  const transaction = new TransactionBuilder(new Account(payer.publicKey(), account.data.sequence), {
    fee,
    networkPassphrase,
  })
    .addOperation(Operation.payment({ destination, asset: Asset.native(), amount }))
    .setTimeout(60) // time bounds: after them the outcome is final either way
    .build();
  transaction.sign(payer);
  return transaction.toEnvelope().toXDR('base64');
}

async function pay(destination: string, amount: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const envelope = await buildPayment(destination, amount);
    try {
      const submission = await submitTransactionAsync(horizon, envelope, { networkPassphrase });
      const record = await submission.wait({ maxPolls: 30 });
      return `${record.hash} in ledger ${record.ledger}`;
    } catch (error) {
      if (!(error instanceof SubmissionError)) throw error;
      // Another transaction of the same account went first: reload its sequence and rebuild.
      if (error.resultCode === 'tx_bad_seq' && attempt < 3) continue;
      if (error.kind === 'unresolved' || error.kind === 'unavailable') {
        // Never build a second payment while this one may still land: keep the envelope to resubmit.
        console.error(
          `payment ${error.hash} unresolved; resubmit this envelope later:\n${error.envelopeXdr}`,
        );
      }
      throw new Error(`payment failed (${error.resultCode ?? error.kind}): ${error.hint}`, { cause: error });
    }
  }
}

const [destination = 'GAOHQTLLVK7FU7RC76PE6U5IYBKNKB5B2S45U2OUPQMRCAKNOKTO3JVF', amount = '10'] =
  process.argv.slice(2);
console.log(await pay(destination, amount));
