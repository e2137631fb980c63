/**
 * A sandbox ledger closed by hand, and the index fed with every ledger it closes: the tests'
 * source of real LedgerCloseMeta.
 */
import { accountKey, createNetwork, keyId, type Network } from '@starspec/sandbox';
import { Account, Keypair, type Memo, Operation, TransactionBuilder, type xdr } from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import { deriveBatch } from '../../src/derive/batch.js';
import { ledgerBody } from '../../src/derive/ledger.js';
import type { IndexBatch } from '../../src/derive/records.js';
import { stateChanges } from '../../src/derive/state/ledger-state.js';
import { type ClosedLedger, readClosedLedger } from '../../src/meta/closed-ledger.js';
import { ledgerChanges } from '../../src/meta/entry-changes.js';
import type { SqlDriver } from '../../src/store/driver.js';
import { IndexStore } from '../../src/store/index-store.js';
import { openSqlite } from '../../src/store/sqlite.js';

export interface TestLedger {
  network: Network;
  store: IndexStore;
  root: Keypair;
  /**
   * Signs (by `source` and any other `signers`) and queues a transaction, wrapped in a fee bump
   * paid by `feeSource` when given; answers its hash (the fee bump's own for a fee bump).
   */
  send(source: Keypair, operations: xdr.Operation[], options?: SendOptions): string;
  /** Closes a ledger and ingests it. */
  close(): Promise<number>;
  /** Close times (unix seconds) of the ledgers closed so far, by sequence. */
  closeTimes: Map<number, number>;
  /** Creates funded accounts (one ledger). */
  accounts(count: number, startingBalance?: string): Promise<Keypair[]>;
  /** The last ledger closed, read. */
  closed(): ClosedLedger;
}

export interface SendOptions {
  fee?: number;
  signers?: Keypair[];
  memo?: Memo;
  /** Preconditions (time bounds replace the default of none). */
  conditions?: Pick<
    NonNullable<ConstructorParameters<typeof TransactionBuilder>[1]>,
    | 'timebounds'
    | 'ledgerbounds'
    | 'minAccountSequence'
    | 'minAccountSequenceAge'
    | 'minAccountSequenceLedgerGap'
  >;
  feeSource?: Keypair;
}

export interface TestLedgerOptions {
  /**
   * false: ingest only each ledger and its entry changes (the current-state records), not its
   * transactions and operations, so any operation type can be used.
   */
  history?: boolean;
  /** Where the index is kept (default: an in-memory SQLite database). */
  driver?: SqlDriver;
  /** The network to send to and close (default: a new one, closed by hand). */
  network?: Network;
}

/** The part of a ledger's batch the current-state records come from. */
function stateBatch(closed: ClosedLedger): IndexBatch {
  return {
    ledger: { sequence: closed.sequence, body: ledgerBody(closed) },
    transactions: [],
    operations: [],
    effects: [],
    trades: [],
    state: stateChanges(ledgerChanges(closed), closed.sequence, closed.passphrase),
  };
}

export async function testLedger(options: TestLedgerOptions = {}): Promise<TestLedger> {
  const network = options.network ?? createNetwork({ closeEvery: 'manual' });
  const store = await IndexStore.open(options.driver ?? openSqlite(':memory:'), network.passphrase);
  const root = network.ledger.root;
  const sequences = new Map<string, bigint>();
  // Horizon's asset ids for trades, kept across ledgers as the Ingester keeps them.
  const tradeAssets = new Map<string, number>();

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
    closeTimes: new Map(),
    send(source, operations, sendOptions = {}) {
      const seq = sequence(source);
      const { conditions = {}, memo, feeSource } = sendOptions;
      const builder = new TransactionBuilder(new Account(source.publicKey(), seq.toString()), {
        fee: String(sendOptions.fee ?? 100),
        networkPassphrase: network.passphrase,
        ...conditions,
        ...(memo ? { memo } : {}),
      });
      for (const op of operations) builder.addOperation(op);
      if (!conditions.timebounds) builder.setTimeout(0);
      const tx = builder.build();
      tx.sign(source, ...(sendOptions.signers ?? []));
      const sent = feeSource
        ? TransactionBuilder.buildFeeBumpTransaction(feeSource, '200', tx, network.passphrase)
        : tx;
      if (feeSource) sent.sign(feeSource);
      const answer = network.submit(sent.toEnvelope().toXDR('base64'));
      expect(answer.status, JSON.stringify(answer)).toBe('PENDING');
      sequences.set(source.publicKey(), seq + 1n);
      return Buffer.from(sent.hash()).toString('hex');
    },
    async close() {
      const record = network.closeLedger();
      // Sequence numbers are read again after each ledger (failed transactions consume them too).
      sequences.clear();
      ledger.closeTimes.set(record.sequence, record.closeTime);
      const closed = readClosedLedger(record.closed.meta, network.passphrase);
      await store.ingest(options.history === false ? stateBatch(closed) : deriveBatch(closed, tradeAssets));
      return record.sequence;
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
    closed() {
      const latest = network.closed.latest();
      if (!latest) throw new Error('nothing closed');
      return readClosedLedger(latest.closed.meta, network.passphrase);
    },
  };
  return ledger;
}
