/**
 * Submission-time validation of an envelope (stellar-core TransactionFrame::checkValidImpl and
 * FeeBumpTransactionFrame::checkValidImpl): a result whose code says whether the transaction
 * may enter the queue. A failed check is never in a ledger; its result is what the RPC returns
 * as errorResultXdr.
 */

import { providesValidFee, sorobanMemoValid } from '../../soroban/validate.js';
import { accountAvailableBalance } from '../balances.js';
import { loadAccount } from '../entries/account.js';
import { FrozenKeys } from '../frozen-keys.js';
import { startsFrom } from '../protocol.js';
import { type FeeBumpFrame, feeFor, minInclusionFee, type TransactionFrame, type TxFrame } from './frame.js';
import { type AnyTxResult, FeeBumpTxResult, setInnermostError, TxResult } from './result.js';
import { enforcesVerifyBudget, SignatureChecker } from './signature-checker.js';
import { checkValidTransaction, signersOf, thresholdOf, type ValidationView, Validity } from './validate.js';
import { parsesAtProtocol } from './xdr-protocol.js';

function checkValidTx(tx: TransactionFrame, view: ValidationView): TxResult {
  // XDR the ledger's protocol can read, then XDRProvidesValidFee: the fee below reads the
  // declared resource fee.
  if (!parsesAtProtocol(tx.envelope, view.ltx.header.ledgerVersion) || !providesValidFee(tx))
    return TxResult.error('txMalformed');
  const result = TxResult.success(tx.operations, feeFor(tx, view.ltx.header.baseFee, false));
  checkValidTransaction(tx, view, true, result, tx.contentsHash);
  return result;
}

/** The smallest fee (ceil) that out-bids the inner transaction's per-operation fee (stellar-core). */
function feeBumpRateShortfall(frame: FeeBumpFrame, baseFee: number): bigint | undefined {
  const innerMin = minInclusionFee(frame.inner, baseFee);
  const outerMin = minInclusionFee(frame, baseFee);
  const v1 = frame.inclusionFee * innerMin;
  const v2 = frame.inner.inclusionFee * outerMin;
  if (v1 >= v2) return undefined;
  return (v2 + innerMin - 1n) / innerMin;
}

/** stellar-core FeeBumpTransactionFrame::commonValid (with commonValidPreSeqNum). */
export function commonValidFeeBump(
  frame: FeeBumpFrame,
  checker: SignatureChecker,
  view: ValidationView,
  result: FeeBumpTxResult,
): Validity {
  const header = view.ltx.header;
  if (frame.inclusionFee < minInclusionFee(frame, header.baseFee)) {
    result.setOuterError('txInsufficientFee');
    return Validity.Invalid;
  }
  const needed = feeBumpRateShortfall(frame, header.baseFee);
  if (needed !== undefined) {
    result.setOuterError('txInsufficientFee');
    result.feeCharged = needed;
    return Validity.Invalid;
  }
  const feeSource = loadAccount(view.ltx, frame.feeSourceId);
  if (!feeSource) {
    result.setOuterError('txNoAccount');
    return Validity.Invalid;
  }
  if (!checker.checkSignature(signersOf(feeSource), thresholdOf(feeSource, 'low'))) {
    result.setOuterError('txBadAuth');
    return Validity.Invalid;
  }
  const feeToPay = view.applying ? 0n : frame.fullFee;
  if (accountAvailableBalance(header, feeSource) < feeToPay) {
    result.setOuterError('txInsufficientBalance');
    return Validity.InvalidPostAuth;
  }
  return Validity.MaybeValid;
}

function checkValidFeeBump(frame: FeeBumpFrame, view: ValidationView): FeeBumpTxResult {
  const baseFee = view.ltx.header.baseFee;
  if (!parsesAtProtocol(frame.envelope, view.ltx.header.ledgerVersion) || !providesValidFee(frame.inner)) {
    const malformed = new FeeBumpTxResult(
      0n,
      frame.inner.contentsHash,
      TxResult.success(frame.inner.operations, 0n),
    );
    malformed.setOuterError('txMalformed');
    return malformed;
  }
  const inner = TxResult.success(frame.inner.operations, 0n);
  const result = new FeeBumpTxResult(feeFor(frame, baseFee, false), frame.inner.contentsHash, inner);
  if (frame.fullFee < 0n) {
    result.setOuterError('txMalformed');
    result.feeCharged = 0n;
    return result;
  }
  const checker = new SignatureChecker(
    frame.contentsHash,
    frame.signatures,
    enforcesVerifyBudget(view.ltx.header.ledgerVersion, view.overlay ?? false),
  );
  if (commonValidFeeBump(frame, checker, view, result) !== Validity.MaybeValid) return result;
  // CAP-77: a frozen fee source refuses the fee bump (FeeBumpTransactionFrame::checkValid).
  const frozen = FrozenKeys.of(view.settings, view.ltx.header.ledgerVersion);
  if (frozen?.account(frame.feeSourceId) && !frozen.bypasses(frame.contentsHash)) {
    result.setOuterError('txFrozenKeyAccessed');
    return result;
  }
  if (!checker.checkAllSignaturesUsed()) {
    result.setOuterError('txBadAuthExtra');
    return result;
  }
  checkValidTransaction(frame.inner, view, false, result, frame.contentsHash);
  return result;
}

/** Validates an envelope as stellar-core does before accepting it. */
export function checkValid(frame: TxFrame, view: ValidationView): AnyTxResult {
  const result = frame.kind === 'feeBump' ? checkValidFeeBump(frame, view) : checkValidTx(frame, view);
  // Before protocol 25 only the queue checks a Soroban transaction's memo, once it is valid
  // (TransactionQueue::canAdd); from 25 validity does, first.
  const tx = frame.kind === 'feeBump' ? frame.inner : frame;
  if (
    !view.applying &&
    result.isSuccess &&
    !startsFrom(view.ltx.header.ledgerVersion, 25) &&
    !sorobanMemoValid(tx)
  )
    setInnermostError(result, 'txSorobanInvalid');
  return result;
}
