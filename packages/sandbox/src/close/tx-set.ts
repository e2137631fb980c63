/**
 * The transaction set of a closing ledger (stellar-core TxSetFrame): which pending
 * transactions fit (classic ones by fee rate, up to maxTxSetSize operations, surge pricing when
 * some do not; Soroban ones up to the network's ledgerMaxTxCount, once the host is loaded), the
 * GeneralizedTransactionSet of protocol 20+ (a classic phase, and a parallel Soroban phase of one
 * stage holding one cluster), its hash, and the order stellar-core applies it in: the classic
 * phase, then the Soroban phase.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { HeaderState } from '../core/header.js';
import { compareBytes } from '../core/keys.js';
import { sha256 } from '../core/sha256.js';
import { compareFeeRate, opsOf } from '../core/tx/fee-rate.js';
import type { TxFrame } from '../core/tx/frame.js';

export interface TxSetPlan {
  /** The transactions in the set. */
  included: TxFrame[];
  /** Pending transactions that did not fit; they stay queued. */
  deferred: TxFrame[];
  /** The base fee the set charges per operation (the ledger's unless surge priced). */
  baseFee: number;
  txSet: xdr.GeneralizedTransactionSet;
  hash: Uint8Array;
  /** The included transactions in stellar-core's apply order. */
  applyOrder: TxFrame[];
}

/** stellar-core computePerOpFee (rounded down from protocol 20). */
function perOpFee(frame: TxFrame): bigint {
  return frame.inclusionFee / BigInt(opsOf(frame));
}

/** Highest fee rate first (stellar-core's surge pricing queue), ties by full hash. */
function byFeeRate(a: TxFrame, b: TxFrame): number {
  return compareFeeRate(b, a) || compareBytes(a.fullHash, b.fullHash);
}

/** stellar-core lessThanXored: order by hash XOR the set's hash. */
function xored(h: Uint8Array, setHash: Uint8Array): Uint8Array {
  return h.map((b, i) => b ^ (setHash[i] as number));
}

/** stellar-core sortedForApplySequential: per-source queues by sequence, batches shuffled by the set hash. */
export function applyOrder(txs: readonly TxFrame[], setHash: Uint8Array): TxFrame[] {
  const queues = new Map<string, TxFrame[]>();
  for (const tx of txs) {
    const key = tx.sourceId.toXdr('base64');
    queues.set(key, [...(queues.get(key) ?? []), tx]);
  }
  const lists = [...queues.values()].map((q) =>
    q.sort((a, b) => (a.seqNum < b.seqNum ? -1 : a.seqNum > b.seqNum ? 1 : 0)),
  );
  const order: TxFrame[] = [];
  for (let round = 0; lists.some((q) => q.length > round); round++) {
    const batch = lists.flatMap((q) => (q.length > round ? [q[round] as TxFrame] : []));
    batch.sort((a, b) => compareBytes(xored(a.fullHash, setHash), xored(b.fullHash, setHash)));
    order.push(...batch);
  }
  return order;
}

export interface SorobanLane {
  /** False while the host loads: Soroban transactions wait in the queue. */
  ready: boolean;
  /** The network's ledgerMaxTxCount. */
  maxTxs: number;
}

/** The Soroban transactions the set takes, highest fee rate first. */
function pickSoroban(pending: readonly TxFrame[], lane: SorobanLane, deferred: TxFrame[]): TxFrame[] {
  const sorted = pending.filter((tx) => tx.isSoroban).sort(byFeeRate);
  const count = lane.ready ? Math.min(lane.maxTxs, sorted.length) : 0;
  deferred.push(...sorted.slice(count));
  return sorted.slice(0, count).sort((a, b) => compareBytes(a.fullHash, b.fullHash));
}

function sorobanPhase(txs: readonly TxFrame[]): xdr.TransactionPhase {
  return xdr.TransactionPhase.parallelTxsComponent(
    new xdr.ParallelTxsComponent({
      baseFee: null,
      executionStages: txs.length === 0 ? [] : [[txs.map((tx) => tx.envelope)]],
    }),
  );
}

export function planTxSet(
  pending: readonly TxFrame[],
  previousLedgerHash: Uint8Array,
  header: HeaderState,
  lane: SorobanLane,
): TxSetPlan {
  const included: TxFrame[] = [];
  const deferred: TxFrame[] = [];
  const soroban = pickSoroban(pending, lane, deferred);
  let ops = 0;
  for (const tx of pending.filter((frame) => !frame.isSoroban).sort(byFeeRate)) {
    if (ops + opsOf(tx) <= header.maxTxSetSize) {
      included.push(tx);
      ops += opsOf(tx);
    } else {
      deferred.push(tx);
    }
  }
  // stellar-core computeLaneBaseFee: when transactions were left out, the lowest included rate.
  let baseFee = header.baseFee;
  if (deferred.length > 0 && included.length > 0) {
    let lowest = perOpFee(included[0] as TxFrame);
    for (const tx of included) if (perOpFee(tx) < lowest) lowest = perOpFee(tx);
    if (lowest > BigInt(baseFee)) baseFee = Number(lowest);
  }
  const sorted = [...included].sort((a, b) => compareBytes(a.fullHash, b.fullHash));
  const classic = xdr.TransactionPhase.v0Components(
    sorted.length === 0
      ? []
      : [
          xdr.TxSetComponent.txsetCompTxsMaybeDiscountedFee(
            new xdr.TxSetComponentTxsMaybeDiscountedFee({
              baseFee: BigInt(baseFee),
              txs: sorted.map((tx) => tx.envelope),
            }),
          ),
        ],
  );
  const txSet = xdr.GeneralizedTransactionSet.v1TxSet(
    new xdr.TransactionSetV1({ previousLedgerHash, phases: [classic, sorobanPhase(soroban)] }),
  );
  const setHash = sha256(txSet.toXdr());
  return {
    included: [...included, ...soroban],
    deferred,
    baseFee,
    txSet,
    hash: setHash,
    applyOrder: [...applyOrder(included, setHash), ...soroban],
  };
}
