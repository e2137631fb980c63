/**
 * A sandbox ledger for the derive tests: transactions signed by any set of keys, and every
 * closed ledger derived again in order with one map of trade asset ids (as a Horizon ingesting
 * from the start numbers assets), so a test reads the batches the index would write.
 */
import { validate } from '@starspec/ledger-api';
import { accountKey, keyId } from '@starspec/sandbox';
import { Account, Keypair, type xdr as SdkXdr, TransactionBuilder } from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import { deriveBatch } from '../../src/derive/batch.js';
import type { IndexBatch, OperationRow, TradeRow } from '../../src/derive/records.js';
import type { TradeAssetIds } from '../../src/derive/trades.js';
import { readClosedLedger } from '../../src/meta/closed-ledger.js';
import { type TestLedger, testLedger } from '../support/ledger.js';

export interface Sent {
  hash: string;
  /** The source's sequence number the transaction used. */
  sequence: bigint;
}

export interface DeriveLedger {
  t: TestLedger;
  /**
   * Signs with the source and `also`, and queues; the transaction must be accepted (it may fail
   * when applied). A source with a transaction already queued gets a ledger closed first, as
   * stellar-core takes one transaction per source and ledger.
   */
  send(source: Keypair, operations: SdkXdr.Operation[], also?: Keypair[]): Promise<Sent>;
  close(): Promise<number>;
  /** Funded accounts (one ledger). */
  accounts(count: number, startingBalance?: string): Promise<Keypair[]>;
  /** Every ledger closed so far, derived in order. */
  batches(): IndexBatch[];
}

/** A derive ledger on `t` (default: a new test ledger). */
export async function deriveLedger(given?: TestLedger): Promise<DeriveLedger> {
  const t = given ?? (await testLedger());
  const sequences = new Map<string, bigint>();
  const queued = new Set<string>();

  function nextSequence(kp: Keypair): bigint {
    const known = sequences.get(kp.publicKey());
    if (known !== undefined) return known;
    const entry = t.network.ledger.entry(keyId(accountKey(kp.xdrAccountId())));
    if (entry?.data.type !== 'account') throw new Error(`no account ${kp.publicKey()}`);
    return entry.data.account.seqNum;
  }

  const ledger: DeriveLedger = {
    t,
    async send(source, operations, also = []) {
      if (queued.has(source.publicKey())) await ledger.close();
      queued.add(source.publicKey());
      const seq = nextSequence(source);
      const builder = new TransactionBuilder(new Account(source.publicKey(), seq.toString()), {
        fee: '100',
        networkPassphrase: t.network.passphrase,
      });
      for (const op of operations) builder.addOperation(op);
      const tx = builder.setTimeout(0).build();
      tx.sign(source, ...also);
      const answer = t.network.submit(tx.toEnvelope().toXDR('base64'));
      expect(answer.status, JSON.stringify(answer)).toBe('PENDING');
      sequences.set(source.publicKey(), seq + 1n);
      return { hash: Buffer.from(tx.hash()).toString('hex'), sequence: seq + 1n };
    },
    async close() {
      sequences.clear();
      queued.clear();
      return t.close();
    },
    async accounts(count, startingBalance = '10000') {
      sequences.clear();
      queued.clear();
      return t.accounts(count, startingBalance);
    },
    batches() {
      const ids: TradeAssetIds = new Map();
      const oldest = t.network.closed.oldest()?.sequence ?? 0;
      const latest = t.network.closed.latest()?.sequence ?? 0;
      return t.network.closed
        .range(oldest, latest)
        .map((record) => deriveBatch(readClosedLedger(record.closed.meta, t.network.passphrase), ids));
    },
  };
  return ledger;
}

const link = (href: string) => ({ href });

/** An operation record as the REST face serves it: with its links. */
export function withLinks(row: OperationRow): Record<string, unknown> {
  const self = `/operations/${row.id}`;
  return {
    ...row.body,
    _links: {
      self: link(self),
      transaction: link(`/transactions/${row.body.transaction_hash}`),
      effects: link(`${self}/effects`),
      succeeds: link(`/effects?order=desc&cursor=${row.id}`),
      precedes: link(`/effects?order=asc&cursor=${row.id}`),
    },
  };
}

export function tradeWithLinks(row: TradeRow): Record<string, unknown> {
  return {
    ...row.body,
    _links: {
      self: link(''),
      base: link(''),
      counter: link(''),
      operation: link(`/operations/${row.operationId}`),
    },
  };
}

/** The contract's errors for an operation record (pointer and keyword), none when it validates. */
export function operationErrors(row: OperationRow): string[] {
  const result = validate.schema('Operation', withLinks(row));
  return result.errors.map((e) => `${e.path} ${e.keyword}`);
}

/** The operation records of a transaction, in order. */
export function operationsOf(batches: readonly IndexBatch[], sent: Sent): OperationRow[] {
  return batches.flatMap((b) => b.operations).filter((op) => op.body.transaction_hash === sent.hash);
}

/** The trades of a transaction's operations, in order. */
export function tradesOf(batches: readonly IndexBatch[], sent: Sent): TradeRow[] {
  const ids = new Set(operationsOf(batches, sent).map((op) => op.id));
  return batches.flatMap((b) => b.trades).filter((trade) => ids.has(trade.operationId));
}

export { Keypair };
