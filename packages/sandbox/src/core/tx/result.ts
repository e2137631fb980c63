/**
 * A transaction result being built (stellar-core MutableTransactionResult and
 * FeeBumpMutableTransactionResult): a success result starts with one opINNER result per
 * operation, each the zero value of its operation's result (what stellar-core's
 * initializeOperationResults leaves); an error code drops them.
 */
import { xdr } from '@stellar/stellar-sdk/base';

/** Transaction result codes by their XDR names (`txBadSeq`, ...). */
export type TxCode = xdr.TransactionResultCodeName;
/** The codes an inner transaction result may carry. */
export type InnerTxCode = Exclude<TxCode, 'txFeeBumpInnerSuccess' | 'txFeeBumpInnerFailed'>;
export type OperationName = xdr.OperationBody['type'];

const zeroResults = new Map<OperationName, xdr.OperationResult>();

/**
 * The zero value of an operation's result: opINNER, the operation's arm, code 0 (success)
 * and zeroed fields. Found by decoding the shortest run of zero bytes after the arm tag,
 * so it is the XDR's own zero value for every arm.
 */
export function zeroOpResult(type: OperationName): xdr.OperationResult {
  const cached = zeroResults.get(type);
  if (cached) return cached;
  const tag = xdr.OperationType.fromName(type).value;
  for (let padding = 0; padding <= 1024; padding += 4) {
    const bytes = new Uint8Array(8 + padding);
    new DataView(bytes.buffer).setInt32(4, tag);
    try {
      const result = xdr.OperationResult.fromXdr(bytes);
      zeroResults.set(type, result);
      return result;
    } catch {
      // too short: try a longer run of zeros
    }
  }
  throw new Error(`no zero value for the ${type} result`);
}

/** A classic (inner) transaction's result. */
export class TxResult {
  feeCharged: bigint;
  code: InnerTxCode;
  /** Present for txSUCCESS / txFAILED. */
  opResults: xdr.OperationResult[] | undefined;

  private constructor(feeCharged: bigint, code: InnerTxCode, opResults?: xdr.OperationResult[]) {
    this.feeCharged = feeCharged;
    this.code = code;
    this.opResults = opResults;
  }

  /** stellar-core MutableTransactionResult::createSuccess. */
  static success(operations: readonly xdr.Operation[], feeCharged: bigint): TxResult {
    return new TxResult(
      feeCharged,
      'txSuccess',
      operations.map((op) => zeroOpResult(op.body.type)),
    );
  }

  /** stellar-core MutableTransactionResult::createTxError (fee charged 0). */
  static error(code: InnerTxCode): TxResult {
    return new TxResult(0n, code);
  }

  get isSuccess(): boolean {
    return this.code === 'txSuccess';
  }

  /** stellar-core setInnermostError: txFAILED keeps the operation results, other codes drop them. */
  setError(code: InnerTxCode): void {
    this.code = code;
    if (code !== 'txFailed' && code !== 'txSuccess') this.opResults = undefined;
  }

  setOpResult(index: number, result: xdr.OperationResult): void {
    if (!this.opResults) throw new Error('this result has no operation results');
    this.opResults[index] = result;
  }

  toInnerXdr(): xdr.InnerTransactionResult {
    return new xdr.InnerTransactionResult({
      feeCharged: this.feeCharged,
      result: innerArm(this.code, this.opResults),
      ext: xdr.InnerTransactionResultExt.v0(),
    });
  }

  toXdr(): xdr.TransactionResult {
    return new xdr.TransactionResult({
      feeCharged: this.feeCharged,
      result: outerArm(this.code, this.opResults),
      ext: xdr.TransactionResultExt.v0(),
    });
  }
}

function innerArm(
  code: InnerTxCode,
  ops: xdr.OperationResult[] | undefined,
): xdr.InnerTransactionResultResult {
  if (code === 'txSuccess') return xdr.InnerTransactionResultResult.txSuccess(ops ?? []);
  if (code === 'txFailed') return xdr.InnerTransactionResultResult.txFailed(ops ?? []);
  return xdr.InnerTransactionResultResult.fromXdrObject({
    code: xdr.TransactionResultCode.fromName(code).value,
  } as never);
}

function outerArm(code: InnerTxCode, ops: xdr.OperationResult[] | undefined): xdr.TransactionResultResult {
  if (code === 'txSuccess') return xdr.TransactionResultResult.txSuccess(ops ?? []);
  if (code === 'txFailed') return xdr.TransactionResultResult.txFailed(ops ?? []);
  return xdr.TransactionResultResult.fromXdrObject({
    code: xdr.TransactionResultCode.fromName(code).value,
  } as never);
}

/** A fee-bump transaction's result: an outer code and fee, and the inner transaction's result. */
export class FeeBumpTxResult {
  feeCharged: bigint;
  /** txFEE_BUMP_INNER_SUCCESS / txFEE_BUMP_INNER_FAILED, or an outer error. */
  code: TxCode;
  readonly innerHash: Uint8Array;
  readonly inner: TxResult;

  constructor(
    feeCharged: bigint,
    innerHash: Uint8Array,
    inner: TxResult,
    code: TxCode = 'txFeeBumpInnerSuccess',
  ) {
    this.feeCharged = feeCharged;
    this.innerHash = innerHash;
    this.inner = inner;
    this.code = code;
  }

  get isSuccess(): boolean {
    return this.code === 'txFeeBumpInnerSuccess';
  }

  /** An error of the fee bump itself (stellar-core setError on the outer result). */
  setOuterError(code: TxCode): void {
    this.code = code;
  }

  /** An error of the inner transaction: the outer result becomes txFEE_BUMP_INNER_FAILED. */
  setInnerError(code: InnerTxCode): void {
    this.inner.setError(code);
    this.code = 'txFeeBumpInnerFailed';
  }

  toXdr(): xdr.TransactionResult {
    const pair = new xdr.InnerTransactionResultPair({
      transactionHash: this.innerHash,
      result: this.inner.toInnerXdr(),
    });
    const result =
      this.code === 'txFeeBumpInnerSuccess'
        ? xdr.TransactionResultResult.txFeeBumpInnerSuccess(pair)
        : this.code === 'txFeeBumpInnerFailed'
          ? xdr.TransactionResultResult.txFeeBumpInnerFailed(pair)
          : outerArm(this.code as InnerTxCode, undefined);
    return new xdr.TransactionResult({
      feeCharged: this.feeCharged,
      result,
      ext: xdr.TransactionResultExt.v0(),
    });
  }
}

/** Either kind of result, as the validation and apply code handles them. */
export type AnyTxResult = TxResult | FeeBumpTxResult;

/** The result of the innermost transaction (the transaction itself, or a fee bump's inner one). */
export function innermost(result: AnyTxResult): TxResult {
  return result instanceof FeeBumpTxResult ? result.inner : result;
}

/** stellar-core setInnermostError. */
export function setInnermostError(result: AnyTxResult, code: InnerTxCode): void {
  if (result instanceof FeeBumpTxResult) result.setInnerError(code);
  else result.setError(code);
}
