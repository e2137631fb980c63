/**
 * Closing a ledger into a LedgerCloseMeta v2 (what stellar-core emits from protocol 23), after
 * LedgerManagerImpl::applyLedger: the transaction set, fees and sequence numbers processed
 * first (processFeesSeqNums), then each transaction applied in order with its meta, the result
 * set hashed into the header, the upgrades applied, the state written, and the header hash-chained to the previous one.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { type BucketState, liveBatch } from '../bucket/bucket-state.js';
import { feeEvent } from '../core/events.js';
import { type HeaderState, headerHash, ledgerHeader } from '../core/header.js';
import { LedgerTxn } from '../core/ledger-txn.js';
import { setMaxSeqNumToApply } from '../core/operations/account-merge.js';
import { sha256 } from '../core/sha256.js';
import type { EntryStore } from '../core/store.js';
import { applyTransaction, processFeeSeqNum } from '../core/tx/apply.js';
import type { TxFrame } from '../core/tx/frame.js';
import type { NetworkSettings } from '../soroban/settings.js';
import { transactionMeta } from './meta.js';
import { refundSorobanFee, type SorobanLedgerEnv, sorobanMeta, sorobanTxContext } from './soroban-close.js';
import { planTxSet } from './tx-set.js';
import { applyUpgrades, type ScheduledUpgrade } from './upgrades.js';

/** A closed ledger: its header, hash and meta. */
export interface ClosedLedger {
  sequence: number;
  /** SHA-256 of the header's XDR. */
  hash: Uint8Array;
  header: xdr.LedgerHeader;
  meta: xdr.LedgerCloseMeta;
}

/** A closed ledger as its LedgerCloseMeta (v2) holds it: the header and its hash are in the meta. */
export function closedLedger(meta: xdr.LedgerCloseMeta): ClosedLedger {
  if (meta.type !== 'v2') throw new Error(`expected LedgerCloseMeta v2, got ${meta.type}`);
  const entry = meta.v2.ledgerHeader;
  return { sequence: entry.header.ledgerSeq, hash: entry.hash.toBytes(), header: entry.header, meta };
}

export interface CloseInput {
  store: EntryStore;
  /** The last closed ledger's header. */
  header: HeaderState;
  pending: readonly TxFrame[];
  closeTime: bigint;
  networkId: Uint8Array;
  settings: NetworkSettings;
  /** The loaded host and what it runs with; absent while it loads (Soroban transactions wait). */
  soroban: SorobanLedgerEnv | undefined;
  /** Upgrades to apply once the transactions have (the StellarValue carries them). */
  upgrades?: readonly ScheduledUpgrade[];
  /** The bucket lists the close adds its changes to; the header hashes them. */
  buckets: BucketState;
}

export interface CloseOutput {
  ledger: ClosedLedger;
  header: HeaderState;
  /** The pending transactions the set included (now in the ledger). */
  applied: TxFrame[];
  /** Why a transaction ended txINTERNAL_ERROR, by its hash (hex), for diagnosis. */
  internalErrors: Map<string, unknown>;
}

const SKIPS = [50, 5000, 50000, 500000] as const;

/** stellar-core BucketManager::calculateSkipValues. */
function updateSkipList(header: HeaderState): void {
  const [s1, s2, s3, s4] = SKIPS;
  const seq = header.ledgerSeq;
  if (seq % s1 !== 0) return;
  let v = seq - s1;
  if (v > 0 && v % s2 === 0) {
    v = seq - s2 - s1;
    if (v > 0 && v % s3 === 0) {
      v = seq - s3 - s2 - s1;
      if (v > 0 && v % s4 === 0) header.skipList[3] = header.skipList[2] as Uint8Array;
      header.skipList[2] = header.skipList[1] as Uint8Array;
    }
    header.skipList[1] = header.skipList[0] as Uint8Array;
  }
  header.skipList[0] = header.bucketListHash;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

export function closeLedger(input: CloseInput): CloseOutput {
  const previous = ledgerHeader(input.header);
  const previousHash = headerHash(previous);
  const plan = planTxSet(input.pending, previousHash, input.header, {
    ready: input.soroban !== undefined,
    maxTxs: input.settings.executionLanes.ledgerMaxTxCount,
  });

  const ledger = new LedgerTxn(input.store, {
    ...input.header,
    ledgerSeq: input.header.ledgerSeq + 1,
    previousLedgerHash: previousHash,
    scpValue: new xdr.StellarValue({
      txSetHash: plan.hash,
      closeTime: input.closeTime,
      upgrades: (input.upgrades ?? []).map(({ upgrade }) => upgrade.toXdr()),
      ext: xdr.StellarValueExt.stellarValueBasic(),
    }),
  });

  // stellar-core processFeesSeqNums: every fee first, in apply order.
  // The Soroban phase is never surge priced here: its transactions pay the ledger's base fee.
  const fees = plan.applyOrder.map((frame) =>
    processFeeSeqNum(frame, ledger, frame.isSoroban ? input.header.baseFee : plan.baseFee),
  );
  if (plan.applyOrder.some((frame) => frame.operations.some((op) => op.body.type === 'accountMerge'))) {
    const maxSeq = new Map<string, [xdr.PublicKey, bigint]>();
    for (const frame of plan.applyOrder) {
      const key = frame.sourceId.toXdr('base64');
      const seen = maxSeq.get(key);
      if (!seen || seen[1] < frame.seqNum) maxSeq.set(key, [frame.sourceId, frame.seqNum]);
    }
    for (const [id, seq] of maxSeq.values()) setMaxSeqNumToApply(ledger, id, seq);
  }

  const internalErrors = new Map<string, unknown>();
  const applied = plan.applyOrder.map((frame, i) => {
    const { result, changes } = fees[i] as (typeof fees)[number];
    const event = feeEvent(
      input.networkId,
      frame.feeSourceId,
      result.feeCharged,
      xdr.TransactionEventStage.transactionEventStageBeforeAllTxs,
    );
    const soroban = input.soroban && sorobanTxContext(frame, input.soroban, plan.hash, i);
    const env = { networkId: input.networkId, settings: input.settings, soroban: soroban?.context };
    const { success, record } = applyTransaction(frame, ledger, result, env);
    if (record.internalError !== undefined) internalErrors.set(hex(frame.contentsHash), record.internalError);
    return { frame, result, changes, events: event ? [event] : [], soroban, success, record };
  });
  // processPostTxSetApply: Soroban refunds once every transaction applied, then the meta.
  const txProcessing = applied.map(({ frame, result, changes, events, soroban, success, record }) => {
    let postTxApplyFeeProcessing: xdr.LedgerEntryChange[] = [];
    if (soroban) {
      const refund = refundSorobanFee(frame, ledger, soroban.context.fee, result, input.networkId);
      postTxApplyFeeProcessing = refund.changes;
      if (refund.event) events.push(refund.event);
    }
    const sorobanParts = soroban && {
      meta: sorobanMeta(soroban.context, soroban.nonRefundableFee, success),
      diagnosticEvents: soroban.context.diagnosticEvents,
    };
    return new xdr.TransactionResultMetaV1({
      ext: xdr.ExtensionPoint.v0(),
      result: new xdr.TransactionResultPair({ transactionHash: frame.contentsHash, result: result.toXdr() }),
      feeProcessing: changes,
      txApplyProcessing: transactionMeta(record, success, events, sorobanParts),
      postTxApplyFeeProcessing,
    });
  });

  // applyLedger: the upgrades after every transaction, each its own LedgerTxn.
  const upgradesProcessing = applyUpgrades(ledger, input.upgrades ?? []);
  const header = ledger.header;
  header.txSetResultHash = sha256(
    new xdr.TransactionResultSet({ results: txProcessing.map((t) => t.result) }).toXdr(),
  );
  const writes = ledger.writes();
  const batch = liveBatch(input.store, writes);
  input.store.write(writes);
  header.bucketListHash = input.buckets.close(
    header.ledgerSeq,
    input.header.ledgerVersion,
    header.ledgerVersion,
    batch,
  );
  updateSkipList(header);

  const closed = ledgerHeader(header);
  const closedHash = headerHash(closed);
  const meta = xdr.LedgerCloseMeta.v2(
    new xdr.LedgerCloseMetaV2({
      ext: xdr.LedgerCloseMetaExt.v0(),
      ledgerHeader: new xdr.LedgerHeaderHistoryEntry({
        hash: closedHash,
        header: closed,
        ext: xdr.LedgerHeaderHistoryEntryExt.v0(),
      }),
      txSet: plan.txSet,
      txProcessing,
      upgradesProcessing,
      scpInfo: [],
      totalByteSizeOfLiveSorobanState: 0n,
      evictedKeys: [],
    }),
  );
  return {
    ledger: closedLedger(meta),
    header,
    applied: plan.included,
    internalErrors,
  };
}
