/**
 * What the faces read out of one closed ledger's LedgerCloseMeta: its transactions (envelope,
 * result and meta matched by hash, as stellar-rpc's `ingest.LedgerTransactionReader` matches them)
 * and its events with the ids stellar-rpc gives them (`db/event.go` InsertEvents).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { ClosedLedger } from '../close/close-ledger.js';
import { networkId } from '../core/header.js';
import { envelopeSummary } from '../core/tx/frame.js';
import { cursorId, type EventCursor, OP_MASK, TX_MASK } from './cursor.js';

export interface TxRecord {
  /** Hex hash (the outer hash of a fee bump). */
  hash: string;
  ledger: number;
  /** 1-based position in the apply order. */
  applicationOrder: number;
  feeBump: boolean;
  successful: boolean;
  envelope: xdr.TransactionEnvelope;
  result: xdr.TransactionResult;
  meta: xdr.TransactionMeta;
  /** The transaction's operations (the inner transaction's for a fee bump). */
  operationCount: number;
  /** Transaction-level events (the `fee` charge). */
  transactionEvents: xdr.TransactionEvent[];
  /** The events of each operation (none for a failed transaction). */
  operationEvents: xdr.ContractEvent[][];
  /** A Soroban transaction's diagnostic events (when the network records them). */
  diagnosticEvents: xdr.DiagnosticEvent[];
}

export interface EventRecord {
  cursor: EventCursor;
  /** The event id: `%019d-%010d` of the TOID and the event index. */
  id: string;
  event: xdr.ContractEvent;
  tx: TxRecord;
}

export interface LedgerRecord {
  sequence: number;
  /** Hex hash of the header. */
  hash: string;
  /** Unix seconds. */
  closeTime: number;
  closed: ClosedLedger;
  /** The header with its hash, as getLedgers returns it. */
  headerEntry: xdr.LedgerHeaderHistoryEntry;
  transactions: TxRecord[];
  /** Events in id order. */
  events: EventRecord[];
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

interface SetEntry {
  envelope: xdr.TransactionEnvelope;
  operationCount: number;
}

/**
 * Every envelope of the set by its hash (stellar-rpc hashes them with the node's passphrase;
 * the hash is the one submission gave it: a fee bump's own).
 */
function envelopesByHash(meta: xdr.LedgerCloseMetaV2, passphrase: string): Map<string, SetEntry> {
  const byHash = new Map<string, SetEntry>();
  if (meta.txSet.type !== 'v1TxSet') return byHash;
  const id = networkId(passphrase);
  for (const phase of meta.txSet.v1TxSet.phases) {
    // The classic phase's components, or the Soroban phase's stages of clusters (protocol 23).
    const envelopes =
      phase.type === 'v0Components'
        ? phase.v0Components.flatMap((component) => component.txsMaybeDiscountedFee.txs)
        : phase.parallelTxsComponent.executionStages.flat(2);
    for (const envelope of envelopes) {
      const { hash, operationCount } = envelopeSummary(id, envelope);
      byHash.set(hex(hash), { envelope, operationCount });
    }
  }
  return byHash;
}

function isSuccess(result: xdr.TransactionResult): boolean {
  return result.result.type === 'txSuccess' || result.result.type === 'txFeeBumpInnerSuccess';
}

function txRecord(
  processing: xdr.TransactionResultMetaV1,
  index: number,
  ledger: number,
  envelopes: Map<string, SetEntry>,
): TxRecord {
  const pair = processing.result;
  const txHash = pair.transactionHash.toString();
  const entry = envelopes.get(txHash);
  if (!entry) throw new Error(`ledger ${ledger} has no envelope for transaction ${txHash}`);
  const { envelope } = entry;
  const meta = processing.txApplyProcessing;
  const v4 = meta.type === 'v4' ? meta.v4 : undefined;
  return {
    hash: txHash,
    ledger,
    applicationOrder: index + 1,
    feeBump: envelope.type === 'envelopeTypeTxFeeBump',
    successful: isSuccess(pair.result),
    envelope,
    result: pair.result,
    meta,
    operationCount: entry.operationCount,
    transactionEvents: v4?.events ?? [],
    operationEvents: v4?.operations.map((op) => op.events) ?? [],
    diagnosticEvents: v4?.diagnosticEvents ?? [],
  };
}

/** Ids as stellar-rpc stores them: fee events before all transactions at (L, 0, 0), then per operation. */
function eventRecords(ledger: number, transactions: TxRecord[]): EventRecord[] {
  const records: EventRecord[] = [];
  let before = 0;
  let after = 0;
  const add = (cursor: EventCursor, event: xdr.ContractEvent, tx: TxRecord): void => {
    records.push({ cursor, id: cursorId(cursor), event, tx });
  };
  for (const tx of transactions) {
    const txIndex = tx.applicationOrder;
    let afterTx = 0;
    for (const event of tx.transactionEvents) {
      const stage = event.stage.name;
      if (stage === 'transactionEventStageBeforeAllTxs')
        add({ ledger, tx: 0, op: 0, event: before++ }, event.event, tx);
      else if (stage === 'transactionEventStageAfterAllTxs')
        add({ ledger, tx: TX_MASK, op: 0, event: after++ }, event.event, tx);
      else add({ ledger, tx: txIndex, op: OP_MASK, event: afterTx++ }, event.event, tx);
    }
    for (const [op, events] of tx.operationEvents.entries()) {
      for (const [index, event] of events.entries())
        add({ ledger, tx: txIndex, op, event: index }, event, tx);
    }
  }
  return records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function ledgerRecord(closed: ClosedLedger, passphrase: string): LedgerRecord {
  if (closed.meta.type !== 'v2') throw new Error(`ledger ${closed.sequence}: expected LedgerCloseMeta v2`);
  const meta = closed.meta.v2;
  const envelopes = envelopesByHash(meta, passphrase);
  const transactions = meta.txProcessing.map((processing, i) =>
    txRecord(processing, i, closed.sequence, envelopes),
  );
  return {
    sequence: closed.sequence,
    hash: hex(closed.hash),
    closeTime: Number(closed.header.scpValue.closeTime),
    closed,
    headerEntry: meta.ledgerHeader,
    transactions,
    events: eventRecords(closed.sequence, transactions),
  };
}
