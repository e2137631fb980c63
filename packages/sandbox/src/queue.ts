/**
 * The pending transactions, as stellar-core's TransactionQueue (tryAdd / canAdd) takes them:
 * at most one per source account; the same envelope again is DUPLICATE, another from a source
 * with one pending is TRY_AGAIN_LATER (unless it is a fee bump of the same transaction paying
 * ten times the rate); at most twice a ledger's operations, a newcomer evicting cheaper ones or
 * refused (queue-limiter.ts), refused and evicted ones banned for ten ledgers (queue-bans.ts);
 * a transaction that fails validation, or whose fee source cannot pay all its pending fees, is
 * an ERROR with the TransactionResult stellar-core returns.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { accountIdBytes, sameBytes } from './core/keys.js';
import { opsOf } from './core/tx/fee-rate.js';
import type { TxFrame } from './core/tx/frame.js';
import { type AnyTxResult, TxResult } from './core/tx/result.js';
import { BannedTransactions } from './queue-bans.js';
import { TxQueueLimiter } from './queue-limiter.js';

export type SubmitStatus = 'PENDING' | 'DUPLICATE' | 'TRY_AGAIN_LATER' | 'ERROR';

export interface SubmitResult {
  status: SubmitStatus;
  /** The transaction's hash (hex): what results and the RPC name it by. */
  hash: string;
  /** For ERROR: the TransactionResult. */
  errorResult?: xdr.TransactionResult;
  /** For ERROR: the TransactionResult as base64 XDR (sendTransaction's errorResultXdr). */
  errorResultXdr?: string;
  /**
   * For PENDING: the hashes of pending transactions this one evicted (a lower fee rate, the
   * queue full); they will not be applied, and stay banned for ten ledgers.
   */
  evicted?: string[];
}

/** stellar-core TransactionQueue::FEE_MULTIPLIER. */
const FEE_MULTIPLIER = 10n;

export interface QueueChecks {
  /** Submission-time validation against the last closed ledger. */
  validate(frame: TxFrame): AnyTxResult;
  /** The fee source's available balance in the last closed ledger (0 when it does not exist). */
  availableBalance(feeSource: xdr.PublicKey): bigint;
  /** The last closed ledger's maxTxSetSize (operations): the queue holds twice that. */
  maxTxSetSize(): number;
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
  const newOps = BigInt(opsOf(next));
  const oldOps = BigInt(opsOf(pending));
  const minFeeN = pending.inclusionFee * newOps * FEE_MULTIPLIER;
  if (next.inclusionFee >= 0n && next.inclusionFee * oldOps >= minFeeN) return undefined;
  return (minFeeN + oldOps - 1n) / oldOps;
}

/** An ERROR txINSUFFICIENT_FEE naming the fee that would do (setInsufficientFeeErrorWithFeeCharged). */
function insufficientFee(frame: TxFrame, feeNeeded: bigint): SubmitResult {
  const result = TxResult.error('txInsufficientFee');
  result.feeCharged = feeNeeded;
  return error(frame, result.toXdr());
}

export class TransactionQueue {
  readonly #bySource = new Map<string, TxFrame>();
  readonly #feeTotals = new Map<string, bigint>();
  readonly #limiter = new TxQueueLimiter();
  readonly #banned = new BannedTransactions();
  /** The operations of the pending transactions. */
  #ops = 0;

  /** stellar-core TransactionQueue::tryAdd. */
  add(frame: TxFrame, checks: QueueChecks): SubmitResult {
    const hash = hexOf(frame);
    const fullHash = Buffer.from(frame.fullHash).toString('hex');
    if (this.#banned.isBanned(fullHash)) return { status: 'TRY_AGAIN_LATER', hash };
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
      if (needed !== undefined) return insufficientFee(frame, needed);
      if (sameBytes(pending.feeSourceId.toXdr(), frame.feeSourceId.toXdr())) newFullFee -= pending.fullFee;
    }

    // Before validation, as stellar-core's canAdd: a refusal for room bans the transaction.
    const fit = this.#limiter.canAdd(
      frame,
      pending,
      this.#bySource.values(),
      this.#ops,
      checks.maxTxSetSize(),
    );
    if (!fit.fits) {
      this.#banned.ban(fullHash);
      return fit.minFee > 0n ? insufficientFee(frame, fit.minFee) : { status: 'TRY_AGAIN_LATER', hash };
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
    this.#ops += opsOf(frame);
    this.#feeTotals.set(feeKey, (this.#feeTotals.get(feeKey) ?? 0n) + frame.fullFee);
    if (fit.evict.length === 0) return { status: 'PENDING', hash };
    for (const evicted of fit.evict) {
      this.#limiter.evicted(evicted);
      this.#banned.ban(Buffer.from(evicted.fullHash).toString('hex'));
      this.remove([evicted]);
    }
    return { status: 'PENDING', hash, evicted: fit.evict.map(hexOf) };
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

  /** A ledger closed (stellar-core shift): bans age, and the bid to beat is forgotten. */
  shift(): void {
    this.#banned.shift();
    this.#limiter.reset();
  }

  get size(): number {
    return this.#bySource.size;
  }

  /** The operations pending. */
  get operations(): number {
    return this.#ops;
  }

  #release(frame: TxFrame): void {
    this.#ops -= opsOf(frame);
    const key = accountKey(frame.feeSourceId);
    const left = (this.#feeTotals.get(key) ?? 0n) - frame.fullFee;
    if (left > 0n) this.#feeTotals.set(key, left);
    else this.#feeTotals.delete(key);
  }
}
