/**
 * A scripted workload on a sandbox in manual mode: accounts funded by the root account, then
 * rounds of transactions, failures included, each round closed as one ledger.
 */
import { accountKey, keyId, type Sandbox } from '@starspec/sandbox';
import { Account, Asset, Keypair, Operation, TransactionBuilder, type xdr } from '@stellar/stellar-sdk';

export interface WorkloadOptions {
  /** Rounds of transactions, one ledger each (default 10). */
  rounds?: number;
  /** Accounts sending in each round (default 10). */
  accounts?: number;
}

export interface Workload {
  accounts: Keypair[];
  /** Hashes of every transaction sent. */
  hashes: string[];
}

/** One transaction of a round: who sends it, and its operations. */
export type Step = (round: number, index: number, accounts: readonly Keypair[]) => xdr.Operation[];

function sequence(sandbox: Sandbox, kp: Keypair): bigint {
  const entry = sandbox.ledger.entry(keyId(accountKey(kp.xdrAccountId())));
  if (entry?.data.type !== 'account') throw new Error(`no account ${kp.publicKey()}`);
  return entry.data.account.seqNum;
}

/** Signs and queues a transaction; answers its hash. */
export function send(sandbox: Sandbox, source: Keypair, operations: xdr.Operation[]): string {
  const builder = new TransactionBuilder(
    new Account(source.publicKey(), sequence(sandbox, source).toString()),
    {
      fee: '100',
      networkPassphrase: sandbox.passphrase,
    },
  );
  for (const op of operations) builder.addOperation(op);
  const tx = builder.setTimeout(0).build();
  tx.sign(source);
  const answer = sandbox.network.submit(tx.toEnvelope().toXDR('base64'));
  if (answer.status !== 'PENDING') throw new Error(`not queued: ${JSON.stringify(answer)}`);
  return answer.hash;
}

/** Payments around the ring, every seventh one more than the sender has, every eleventh to nobody. */
export const payments: Step = (round, index, accounts) => {
  const to = accounts[(index + 1) % accounts.length] as Keypair;
  const n = round * accounts.length + index;
  if (n % 11 === 10)
    return [
      Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: '1' }),
    ];
  return [
    Operation.payment({
      destination: to.publicKey(),
      asset: Asset.native(),
      amount: n % 7 === 6 ? '100000' : `${1 + (n % 5)}.25`,
    }),
  ];
};

export async function runWorkload(
  sandbox: Sandbox,
  options: WorkloadOptions = {},
  steps: Step[] = [payments],
): Promise<Workload> {
  const accounts = Array.from({ length: options.accounts ?? 10 }, () => Keypair.random());
  const hashes = [
    send(
      sandbox,
      sandbox.ledger.root,
      accounts.map((kp) =>
        Operation.createAccount({ destination: kp.publicKey(), startingBalance: '10000' }),
      ),
    ),
  ];
  sandbox.closeLedger();
  for (let round = 0; round < (options.rounds ?? 10); round++) {
    const step = steps[round % steps.length] as Step;
    accounts.forEach((source, index) => {
      hashes.push(send(sandbox, source, step(round, index, accounts)));
    });
    sandbox.closeLedger();
  }
  return { accounts, hashes };
}
