// A ledger in memory: the root account funds an issuer and a trader, the trader trusts the
// issuer's asset, the issuer pays it and offers more for lumens; each close is a real
// LedgerCloseMeta whose transaction results say what happened.
import { accountKey, createLedger } from '@starspec/sandbox';
import {
  Account,
  Asset,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  type xdr,
} from '@stellar/stellar-sdk/base';

const ledger = createLedger();
const issuer = Keypair.random();
const trader = Keypair.random();
const usd = new Asset('USD', issuer.publicKey());

/** The source account as the ledger holds it now (its current sequence number). */
function accountOf(keypair: Keypair): Account {
  const entry = ledger.entry(accountKey(keypair.xdrPublicKey()));
  if (entry?.data.type !== 'account') throw new Error(`${keypair.publicKey()} has no account`);
  return new Account(keypair.publicKey(), entry.data.account.seqNum.toString());
}

function submit(source: Keypair, ...operations: xdr.Operation[]) {
  const builder = new TransactionBuilder(accountOf(source), {
    fee: String(100 * operations.length),
    networkPassphrase: ledger.passphrase,
  });
  for (const operation of operations) builder.addOperation(operation);
  const tx = builder.setTimeout(TimeoutInfinite).build();
  tx.sign(source);
  const answer = ledger.submit(tx.toXDR());
  if (answer.status !== 'PENDING') throw new Error(`${answer.status}: ${answer.errorResultXdr ?? ''}`);
  return answer.hash;
}

submit(
  ledger.root,
  Operation.createAccount({ destination: issuer.publicKey(), startingBalance: '100' }),
  Operation.createAccount({ destination: trader.publicKey(), startingBalance: '100' }),
);
ledger.close();
submit(trader, Operation.changeTrust({ asset: usd }));
ledger.close();
submit(issuer, Operation.payment({ destination: trader.publicKey(), asset: usd, amount: '50' }));
submit(trader, Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '10', price: '2' }));
const meta = ledger.close();
console.log(`ledger ${ledger.latestSequence}: ${meta.toXDR('base64').length} bytes of LedgerCloseMeta`);
