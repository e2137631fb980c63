/**
 * The pending transactions, as stellar-core's TransactionQueue (tryAdd / canAdd) takes them:
 * at most one per source account; the same envelope again is DUPLICATE, another from a source
 * with one pending is TRY_AGAIN_LATER (unless it is a fee bump of the same transaction paying
 * ten times the rate); a transaction that fails validation, or whose fee source cannot pay all
 * its pending fees, is an ERROR with the TransactionResult stellar-core returns.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { accountIdBytes, sameBytes } from './core/keys.js';
import type { TxFrame } from './core/tx/frame.js';
import { type AnyTxResult, TxResult } from './core/tx/result.js';

export type SubmitStatus = 'PENDING' | 'DUPLICATE' | 'TRY_AGAIN_LATER' | 'ERROR';

export interface SubmitResult {
  status: SubmitStatus;
  /** The transaction's hash (hex): what results and the RPC name it by. */
  hash: string;
  /** For ERROR: the TransactionResult. */
  errorResult?: xdr.TransactionResult;
  /** For ERROR: the TransactionResult as base64 XDR (sendTransaction's errorResultXdr). */
  errorResultXdr?: string;
}

/** stellar-core TransactionQueue::FEE_MULTIPLIER. */
const FEE_MULTIPLIER = 10n;

export interface QueueChecks {
  /** Submission-time validation against the last closed ledger. */
  validate(frame: TxFrame): AnyTxResult;
  /** The fee source's available balance in the last closed ledger (0 when it does not exist). */
  availableBalance(feeSource: xdr.PublicKey): bigint;
}

function hexOf(frame: TxFrame): string {
  return Buffer.from(frame.contentsHash).toString('hex');
}

/** The queue's map key of an account: its raw ed25519 key. */
function accountKey(id: xdr.PublicKey): string {
  return Buffer.from(accountIdBytes(id)).toString('base64');
}

function error(frame: TxFrame, result: xdr.TransactionResult): SubmitResult {
  return { status: 'ERROR', hash: hexOf(frame), errorResult: result, errorResultXdr: result.toXdr('base64') };
}

/** stellar-core isDuplicateTx: the same envelope, or a fee bump of the pending one's envelope. */
function isDuplicate(pending: TxFrame, next: TxFrame): boolean {
  if (pending.kind === next.kind) return sameBytes(pending.fullHash, next.fullHash);
  return pending.kind === 'feeBump' && sameBytes(pending.inner.fullHash, next.fullHash);
}

/** stellar-core canReplaceByFee: undefined when it may, else the fee it would need. */
function replaceByFeeShortfall(next: TxFrame, pending: TxFrame): bigint | undefined {
  const newOps = BigInt(Math.max(1, next.numOperations));
  const oldOps = BigInt(Math.max(1, pending.numOperations));
  const minFeeN = pending.inclusionFee * newOps * FEE_MULTIPLIER;
  if (next.inclusionFee >= 0n && next.inclusionFee * oldOps >= minFeeN) return undefined;
  return (minFeeN + oldOps - 1n) / oldOps;
}

export class TransactionQueue {
  readonly #bySource = new Map<string, TxFrame>();
  readonly #feeTotals = new Map<string, bigint>();

  /** stellar-core TransactionQueue::tryAdd. */
  add(frame: TxFrame, checks: QueueChecks): SubmitResult {
    const hash = hexOf(frame);
    if (frame.fullFee < 0n) return error(frame, TxResult.error('txMalformed').toXdr());
    const sourceKey = accountKey(frame.sourceId);
    const pending = this.#bySource.get(sourceKey);
    let newFullFee = frame.fullFee;
    if (pending) {
      if (isDuplicate(pending, frame)) return { status: 'DUPLICATE', hash };
      if (frame.seqNum < pending.seqNum) return error(frame, TxResult.error('txBadSeq').toXdr());
      if (frame.kind !== 'feeBump' || frame.seqNum !== pending.seqNum)
        return { status: 'TRY_AGAIN_LATER', hash };
      const needed = replaceByFeeShortfall(frame, pending);
      if (needed !== undefined) {
        const result = TxResult.error('txInsufficientFee');
        result.feeCharged = needed;
        return error(frame, result.toXdr());
      }
      if (sameBytes(pending.feeSourceId.toXdr(), frame.feeSourceId.toXdr())) newFullFee -= pending.fullFee;
    }

    const validation = checks.validate(frame);
    if (!validation.isSuccess) return error(frame, validation.toXdr());
    const feeKey = accountKey(frame.feeSourceId);
    const totalFees = this.#feeTotals.get(feeKey) ?? 0n;
    if (checks.availableBalance(frame.feeSourceId) - newFullFee < totalFees) {
      return error(frame, TxResult.error('txInsufficientBalance').toXdr());
    }

    if (pending) this.#release(pending);
    this.#bySource.set(sourceKey, frame);
    this.#feeTotals.set(feeKey, (this.#feeTotals.get(feeKey) ?? 0n) + frame.fullFee);
    return { status: 'PENDING', hash };
  }

  /** The pending transactions, in the order they arrived. */
  pending(): TxFrame[] {
    return [...this.#bySource.values()];
  }

  /** Removes transactions (applied, or no longer valid). */
  remove(frames: readonly TxFrame[]): void {
    for (const frame of frames) {
      const key = accountKey(frame.sourceId);
      if (this.#bySource.get(key) === frame) {
        this.#bySource.delete(key);
        this.#release(frame);
      }
    }
  }

  get size(): number {
    return this.#bySource.size;
  }

  #release(frame: TxFrame): void {
    const key = accountKey(frame.feeSourceId);
    const left = (this.#feeTotals.get(key) ?? 0n) - frame.fullFee;
    if (left > 0n) this.#feeTotals.set(key, left);
    else this.#feeTotals.delete(key);
  }
}
