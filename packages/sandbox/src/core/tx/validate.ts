/**
 * Transaction validation in stellar-core's order and with its result codes:
 * TransactionFrame::commonValidPreSeqNum, commonValid, checkValidWithOptionallyChargedFee and
 * OperationFrame::checkValid / checkSignature. The same checks run when a transaction is
 * submitted (against the last closed ledger) and again when it is applied.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { footprintMalformed } from '../../soroban/footprint-operations.js';
import type { NetworkSettings } from '../../soroban/settings.js';
import { sorobanMemoValid, sorobanTransactionValid } from '../../soroban/validate.js';
import { accountAvailableBalance } from '../balances.js';
import {
  type AccountState,
  loadAccount,
  THRESHOLD_HIGH,
  THRESHOLD_LOW,
  THRESHOLD_MED,
} from '../entries/account.js';
import { FrozenKeys, transactionTouchesFrozenKey } from '../frozen-keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { bodyOf, handlerFor } from '../operations/index.js';
import type { ThresholdLevel } from '../operations/operation.js';
import { startsFrom } from '../protocol.js';
import { feeFor, isSorobanOperation, minInclusionFee, type TransactionFrame } from './frame.js';
import { type AnyTxResult, innermost, setInnermostError } from './result.js';
import { startingSequenceNumber } from './seq.js';
import { enforcesVerifyBudget, SignatureChecker, type WeightedSigner } from './signature-checker.js';

/** stellar-core TransactionFrame::ValidationType, in increasing order of progress. */
export enum Validity {
  Invalid = 0,
  InvalidUpdateSeqNum = 1,
  InvalidPostAuth = 2,
  MaybeValid = 3,
}

/** The ledger a validation reads, and the time and ledger number it checks bounds against. */
export interface ValidationView {
  ltx: LedgerTxn;
  /** The ledger the transaction would be in (the next one, when submitting). */
  ledgerSeq: number;
  closeTime: bigint;
  /** stellar-core lower/upperBoundCloseTimeOffset (0 when applying). */
  lowerBoundOffset: bigint;
  upperBoundOffset: bigint;
  applying: boolean;
  /**
   * The queue's own check of a transaction it is given (stellar-core checkValidForOverlay), as
   * against the check of what it holds after each close: only the first holds the ed25519
   * verification budget before protocol 28.
   */
  overlay?: boolean;
  /** The network's Soroban settings (its ConfigSetting entries). */
  settings: NetworkSettings;
}

/** An account's signers with their weights: the master key first when its weight is not 0. */
export function signersOf(account: AccountState): WeightedSigner[] {
  const signers: WeightedSigner[] = [];
  const masterWeight = account.thresholds[0] ?? 0;
  if (masterWeight > 0) {
    signers.push({
      key: xdr.SignerKey.signerKeyTypeEd25519(account.accountId.ed25519.toBytes()),
      weight: masterWeight,
    });
  }
  for (const s of account.signers) signers.push({ key: s.key, weight: s.weight });
  return signers;
}

export function thresholdOf(account: AccountState, level: ThresholdLevel): number {
  const index = level === 'low' ? THRESHOLD_LOW : level === 'medium' ? THRESHOLD_MED : THRESHOLD_HIGH;
  return account.thresholds[index] ?? 0;
}

/** stellar-core isTooEarly (time bounds, then ledger bounds). */
function isTooEarly(tx: TransactionFrame, view: ValidationView): boolean {
  const tb = tx.timeBounds;
  if (tb && tb.minTime !== 0n && tb.minTime > view.closeTime + view.lowerBoundOffset) return true;
  const lb = tx.ledgerBounds;
  return lb !== null && lb.minLedger > view.ledgerSeq;
}

/** stellar-core isTooLate. */
function isTooLate(tx: TransactionFrame, view: ValidationView): boolean {
  const tb = tx.timeBounds;
  if (tb && tb.maxTime !== 0n && tb.maxTime < view.closeTime + view.upperBoundOffset) return true;
  const lb = tx.ledgerBounds;
  return lb !== null && lb.maxLedger !== 0 && lb.maxLedger <= view.ledgerSeq;
}

/** stellar-core isTooEarlyForAccount: minSeqAge and minSeqLedgerGap against the account. */
function isTooEarlyForAccount(tx: TransactionFrame, view: ValidationView, account: AccountState): boolean {
  const lowerBoundCloseTime = view.closeTime + view.lowerBoundOffset;
  if (tx.minSeqAge > lowerBoundCloseTime || lowerBoundCloseTime - tx.minSeqAge < account.seqTime) return true;
  const gap = tx.minSeqLedgerGap;
  return gap > view.ledgerSeq || view.ledgerSeq - gap < account.seqLedger;
}

/** stellar-core isBadSeq. */
function isBadSeq(tx: TransactionFrame, view: ValidationView, current: bigint): boolean {
  if (tx.seqNum === startingSequenceNumber(view.ltx.header.ledgerSeq)) return true;
  const minSeqNum = tx.minSeqNum;
  if (minSeqNum !== null) return current < minSeqNum || current >= tx.seqNum;
  return current === 0x7fffffffffffffffn || current + 1n !== tx.seqNum;
}

/** stellar-core checkExtraSigners: each extra signer must have signed. */
function checkExtraSigners(tx: TransactionFrame, checker: SignatureChecker): boolean {
  const extra = tx.extraSigners;
  if (extra.length === 0) return true;
  return checker.checkSignature(
    extra.map((key) => ({ key, weight: 1 })),
    extra.length,
  );
}

/**
 * stellar-core commonValidPreSeqNum: the checks that do not depend on the account, then the
 * source account's existence, then (protocol 26, CAP-77) no frozen key touched unless the
 * envelope's contents hash (the fee bump's, for its inner transaction) is a bypass one.
 */
function commonValidPreSeqNum(
  tx: TransactionFrame,
  view: ValidationView,
  chargeFee: boolean,
  result: AnyTxResult,
  envelopeHash: Uint8Array,
): AccountState | undefined {
  // From protocol 13 a V0 envelope is not supported.
  if (tx.isV0) return fail(result, 'txNotSupported');
  const extra = tx.extraSigners;
  if (extra.length === 2 && (extra[0] as xdr.SignerKey).equals(extra[1] as xdr.SignerKey))
    return fail(result, 'txMalformed');
  for (const signer of extra) {
    if (
      signer.type === 'signerKeyTypeEd25519SignedPayload' &&
      signer.ed25519SignedPayload.payload.length === 0
    ) {
      return fail(result, 'txMalformed');
    }
  }
  if (tx.numOperations === 0) return fail(result, 'txMissingOperation');
  const sorobanOps = tx.operations.filter(isSorobanOperation).length;
  if (sorobanOps > 0 && (sorobanOps !== tx.numOperations || tx.numOperations !== 1))
    return fail(result, 'txMalformed');
  if (sorobanOps > 0) {
    if (startsFrom(view.ltx.header.ledgerVersion, 25) && !sorobanMemoValid(tx))
      return fail(result, 'txSorobanInvalid');
    if (!sorobanTransactionValid(tx, view.settings, chargeFee)) return fail(result, 'txSorobanInvalid');
  } else if (tx.tx.ext.type !== 'v0') {
    return fail(result, 'txMalformed');
  }

  if (isTooEarly(tx, view)) return fail(result, 'txTooEarly');
  if (isTooLate(tx, view)) return fail(result, 'txTooLate');
  if (chargeFee && tx.inclusionFee < minInclusionFee(tx, view.ltx.header.baseFee)) {
    return fail(result, 'txInsufficientFee');
  }
  const source = loadAccount(view.ltx, tx.sourceId);
  if (!source) return fail(result, 'txNoAccount');
  const frozen = FrozenKeys.of(view.settings, view.ltx.header.ledgerVersion);
  if (frozen && transactionTouchesFrozenKey(tx, frozen) && !frozen.bypasses(envelopeHash))
    return fail(result, 'txFrozenKeyAccessed');
  return source;
}

function fail(result: AnyTxResult, code: Parameters<typeof setInnermostError>[1]): undefined {
  setInnermostError(result, code);
  return undefined;
}

/** stellar-core TransactionFrame::commonValid; `envelopeHash` is the envelope's contents hash. */
export function commonValid(
  tx: TransactionFrame,
  checker: SignatureChecker,
  view: ValidationView,
  chargeFee: boolean,
  result: AnyTxResult,
  envelopeHash: Uint8Array,
): Validity {
  const source = commonValidPreSeqNum(tx, view, chargeFee, result, envelopeHash);
  if (!source) return Validity.Invalid;
  if (isBadSeq(tx, view, source.seqNum)) {
    setInnermostError(result, 'txBadSeq');
    return Validity.Invalid;
  }
  if (isTooEarlyForAccount(tx, view, source)) {
    setInnermostError(result, 'txBadMinSeqAgeOrGap');
    return Validity.InvalidUpdateSeqNum;
  }
  if (
    !checker.checkSignature(signersOf(source), thresholdOf(source, 'low')) ||
    !checkExtraSigners(tx, checker)
  ) {
    setInnermostError(result, 'txBadAuth');
    return Validity.InvalidUpdateSeqNum;
  }
  // When applying, the fee was already taken.
  const feeToPay = view.applying ? 0n : tx.fullFee;
  if (chargeFee && accountAvailableBalance(view.ltx.header, source) < feeToPay) {
    setInnermostError(result, 'txInsufficientBalance');
    return Validity.InvalidPostAuth;
  }
  return Validity.MaybeValid;
}

/** What an operation check reads: the operation (by index), the signatures and the state. */
type OperationCheck = [
  tx: TransactionFrame,
  index: number,
  checker: SignatureChecker,
  ltx: LedgerTxn,
  forApply: boolean,
  settings: NetworkSettings,
];

/** stellar-core OperationFrame::checkSignature: the failing result, or undefined. */
export function checkOperationSignature(
  ...[tx, index, checker, ltx, forApply]: OperationCheck
): xdr.OperationResult | undefined {
  const op = tx.operations[index] as xdr.Operation;
  const sourceId = tx.opSourceId(index);
  const account = loadAccount(ltx, sourceId);
  if (account) {
    const level = handlerFor(op.body.type)?.threshold?.(bodyOf(op)) ?? 'medium';
    return checker.checkSignature(signersOf(account), thresholdOf(account, level))
      ? undefined
      : xdr.OperationResult.opBadAuth();
  }
  if (forApply || !op.sourceAccount) return xdr.OperationResult.opNoAccount();
  // stellar-core checkSignatureNoAccount: the missing account's own key must have signed.
  const signer = { key: xdr.SignerKey.signerKeyTypeEd25519(sourceId.ed25519.toBytes()), weight: 1 };
  return checker.checkSignature([signer], 0) ? undefined : xdr.OperationResult.opBadAuth();
}

/** stellar-core OperationFrame::checkValid: the failing result, or undefined. */
export function checkOperationValid(
  ...[tx, index, checker, ltx, forApply, settings]: OperationCheck
): xdr.OperationResult | undefined {
  const op = tx.operations[index] as xdr.Operation;
  const handler = handlerFor(op.body.type);
  if (!handler || (handler.isSupported && !handler.isSupported(ltx.header)))
    return xdr.OperationResult.opNotSupported();
  const sourceId = tx.opSourceId(index);
  if (!forApply) {
    const failure = checkOperationSignature(tx, index, checker, ltx, false, settings);
    if (failure) return failure;
  } else if (!loadAccount(ltx, sourceId)) {
    return xdr.OperationResult.opNoAccount();
  }
  const data = tx.sorobanData;
  const malformed = data && footprintMalformed(op.body.type, data.resources.footprint);
  return malformed || handler.checkValid(bodyOf(op), sourceId, ltx.header, settings);
}

/**
 * stellar-core checkValidWithOptionallyChargedFee: the checks a submitted transaction passes;
 * `envelopeHash` is the contents hash of the envelope it came in (a fee bump's for its inner one).
 */
export function checkValidTransaction(
  tx: TransactionFrame,
  view: ValidationView,
  chargeFee: boolean,
  result: AnyTxResult,
  envelopeHash: Uint8Array,
): void {
  const checker = new SignatureChecker(
    tx.contentsHash,
    tx.signatures,
    enforcesVerifyBudget(view.ltx.header.ledgerVersion, view.overlay ?? false),
  );
  if (commonValid(tx, checker, view, chargeFee, result, envelopeHash) !== Validity.MaybeValid) return;
  for (let i = 0; i < tx.numOperations; i++) {
    const failure = checkOperationValid(tx, i, checker, view.ltx, false, view.settings);
    if (failure) {
      innermost(result).setOpResult(i, failure);
      setInnermostError(result, 'txFailed');
      return;
    }
  }
  if (!checker.checkAllSignaturesUsed()) setInnermostError(result, 'txBadAuthExtra');
}

/** What stellar-core reports as fee charged when a transaction is validated (base fee × operations). */
export function validationFee(tx: TransactionFrame, baseFee: number): bigint {
  return feeFor(tx, baseFee, false);
}
