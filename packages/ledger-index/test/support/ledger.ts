/**
 * A sandbox ledger closed by hand, and the index fed with every ledger it closes: the tests'
 * source of real LedgerCloseMeta.
 */
import { accountKey, createNetwork, keyId, type Network } from '@starspec/sandbox';
import { Account, Keypair, Operation, TransactionBuilder, type xdr } from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import { deriveBatch } from '../../src/derive/batch.js';
import { type ClosedLedger, readClosedLedger } from '../../src/meta/closed-ledger.js';
import { IndexStore } from '../../src/store/index-store.js';
import { openSqlite } from '../../src/store/sqlite.js';

export interface TestLedger {
  network: Network;
  store: IndexStore;
  root: Keypair;
  /** Signs (by the source and `signers`) and queues a transaction from `source`; answers its hash. */
  send(source: Keypair, operations: xdr.Operation[], options?: { fee?: number; signers?: Keypair[] }): string;
  /** Closes a ledger and ingests it (unless the ledger was made with `ingest: false`). */
  close(): Promise<number>;
  /** The last ledger closed, read. */
  closed(): ClosedLedger;
  /** Creates funded accounts (one ledger). */
  accounts(count: number, startingBalance?: string): Promise<Keypair[]>;
}

export async function testLedger(setup: { ingest?: boolean } = {}): Promise<TestLedger> {
  const network = createNetwork({ closeEvery: 'manual' });
  const store = await IndexStore.open(openSqlite(':memory:'), network.passphrase);
  const root = network.ledger.root;
  const sequences = new Map<string, bigint>();

  function sequence(kp: Keypair): bigint {
    const known = sequences.get(kp.publicKey());
    if (known !== undefined) return known;
    const entry = network.ledger.entry(keyId(accountKey(kp.xdrAccountId())));
    if (entry?.data.type !== 'account') throw new Error(`no account ${kp.publicKey()}`);
    return entry.data.account.seqNum;
  }

  const ledger: TestLedger = {
    network,
    store,
    root,
    send(source, operations, options = {}) {
      const seq = sequence(source);
      const builder = new TransactionBuilder(new Account(source.publicKey(), seq.toString()), {
        fee: String(options.fee ?? 100),
        networkPassphrase: network.passphrase,
      });
      for (const op of operations) builder.addOperation(op);
      const tx = builder.setTimeout(0).build();
      tx.sign(source, ...(options.signers ?? []));
      const answer = network.submit(tx.toEnvelope().toXDR('base64'));
      expect(answer.status, JSON.stringify(answer)).toBe('PENDING');
      sequences.set(source.publicKey(), seq + 1n);
      return Buffer.from(tx.hash()).toString('hex');
    },
    async close() {
      const record = network.closeLedger();
      // Sequence numbers are read again after each ledger (failed transactions consume them too).
      sequences.clear();
      if (setup.ingest !== false) await store.ingest(deriveBatch(ledger.closed()));
      return record.sequence;
    },
    closed() {
      const latest = network.closed.latest();
      if (!latest) throw new Error('nothing closed');
      return readClosedLedger(latest.closed.meta, network.passphrase);
    },
    async accounts(count, startingBalance = '1000') {
      const keys = Array.from({ length: count }, () => Keypair.random());
      ledger.send(
        root,
        keys.map((kp) => Operation.createAccount({ destination: kp.publicKey(), startingBalance })),
      );
      await ledger.close();
      return keys;
    },
  };
  return ledger;
}
