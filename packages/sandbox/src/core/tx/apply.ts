/**
 * Applying a transaction of a closing ledger, after stellar-core: fee and sequence processing
 * (processFeeSeqNum), then commonPreApply (validation again, the sequence number consumed,
 * signatures checked, one-time signers removed), then applyOperations, each operation in its
 * own ledger view. A transaction that fails here is still in the ledger: fee charged,
 * sequence number consumed, result txFAILED (or the validation code).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { SorobanOpContext } from '../../soroban/context.js';
import { withRestoreChanges } from '../../soroban/restore-meta.js';
import type { NetworkSettings } from '../../soroban/settings.js';
import { loadAccount, storeAccount } from '../entries/account.js';
import { OpEvents } from '../events.js';
import { FrozenKeys } from '../frozen-keys.js';
import { closeTime } from '../header.js';
import { accountIdBytes, sameBytes } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { bodyOf, handlerFor } from '../operations/index.js';
import { startsFrom } from '../protocol.js';
import { hasOpenSponsorship, removeSignerWithPossibleSponsorship } from '../sponsorship.js';
import { feeFor, type TransactionFrame, type TxFrame } from './frame.js';
import { type AnyTxResult, FeeBumpTxResult, innermost, setInnermostError, TxResult } from './result.js';
import { recordSeqNumUpdate } from './seq.js';
import { enforcesVerifyBudget, SignatureChecker } from './signature-checker.js';
import {
  checkOperationSignature,
  checkOperationValid,
  commonValid,
  type ValidationView,
  Validity,
} from './validate.js';

/** What applying one operation changed, recorded while the transaction still succeeds. */
export interface OpRecord {
  changes: xdr.LedgerEntryChange[];
  events: xdr.ContractEvent[];
}

/** What applying a transaction changed, for its TransactionMeta. */
export interface ApplyRecord {
  changesBefore: xdr.LedgerEntryChange[];
  operations: OpRecord[];
  changesAfter: xdr.LedgerEntryChange[];
  /** Why the transaction ended txINTERNAL_ERROR, for diagnosis (never in the meta). */
  internalError?: unknown;
}

/** What applying reads besides the ledger: the network and, for a Soroban transaction, its host context. */
export interface ApplyEnv {
  networkId: Uint8Array;
  settings: NetworkSettings;
  soroban?: SorobanOpContext;
}

export interface FeeProcessing {
  result: AnyTxResult;
  changes: xdr.LedgerEntryChange[];
}

/**
 * stellar-core processFeeSeqNum: charges min(inclusion fee, base fee × operations), never more
 * than the balance, into the fee pool.
 */
export function processFeeSeqNum(frame: TxFrame, ledger: LedgerTxn, baseFee: number): FeeProcessing {
  const ltx = ledger.child();
  const feeSource = loadAccount(ltx, frame.feeSourceId);
  if (!feeSource) throw new Error('Unexpected database state');
  let fee = feeFor(frame, baseFee, true);
  if (fee > 0n) {
    if (fee > feeSource.balance) fee = feeSource.balance;
    feeSource.balance -= fee;
    ltx.header.feePool += fee;
    storeAccount(ltx, feeSource);
  }
  const changes = ltx.changes();
  ltx.commit();
  const result =
    frame.kind === 'feeBump'
      ? new FeeBumpTxResult(
          fee,
          frame.inner.contentsHash,
          // From protocol 25 the inner result charges nothing (FeeBumpTransactionFrame::processFeeSeqNum).
          TxResult.success(
            frame.inner.operations,
            startsFrom(ltx.header.ledgerVersion, 25) ? 0n : feeFor(frame.inner, baseFee, true),
          ),
        )
      : TxResult.success(frame.operations, fee);
  return { result, changes };
}

function applyView(ltx: LedgerTxn, settings: NetworkSettings): ValidationView {
  return {
    settings,
    ltx,
    ledgerSeq: ltx.header.ledgerSeq,
    closeTime: closeTime(ltx.header),
    lowerBoundOffset: 0n,
    upperBoundOffset: 0n,
    applying: true,
  };
}

/** Removes the pre-authorized-transaction signer `hash` from an account, if it has it. */
function removePreAuthSigner(ltx: LedgerTxn, accountId: xdr.PublicKey, hash: Uint8Array): void {
  const account = loadAccount(ltx, accountId);
  if (!account) return; // merged away
  const index = account.signers.findIndex(
    (s) => s.key.type === 'signerKeyTypePreAuthTx' && sameBytes(s.key.preAuthTx.toBytes(), hash),
  );
  if (index === -1) return;
  removeSignerWithPossibleSponsorship(ltx, index, account);
  storeAccount(ltx, account);
}

/** stellar-core removeOneTimeSignerFromAllSourceAccounts. */
function removeOneTimeSigners(tx: TransactionFrame, ltx: LedgerTxn): void {
  const seen = new Set<string>();
  const sources = [tx.sourceId, ...tx.operations.map((_, i) => tx.opSourceId(i))];
  for (const id of sources) {
    const key = Buffer.from(accountIdBytes(id)).toString('base64');
    if (seen.has(key)) continue;
    seen.add(key);
    removePreAuthSigner(ltx, id, tx.contentsHash);
  }
}

/** stellar-core processSignatures. */
function processSignatures(
  tx: TransactionFrame,
  validity: Validity,
  checker: SignatureChecker,
  ltx: LedgerTxn,
  result: AnyTxResult,
  settings: NetworkSettings,
): boolean {
  if (validity !== Validity.MaybeValid) {
    removeOneTimeSigners(tx, ltx);
    return false;
  }
  let allOpsValid = true;
  const inner = innermost(result);
  if (inner.code === 'txSuccess' || inner.code === 'txFailed') {
    for (let i = 0; i < tx.numOperations; i++) {
      const failure = checkOperationSignature(tx, i, checker, ltx, false, settings);
      if (failure) {
        inner.setOpResult(i, failure);
        allOpsValid = false;
      }
    }
  }
  removeOneTimeSigners(tx, ltx);
  if (!allOpsValid) {
    setInnermostError(result, 'txFailed');
    return false;
  }
  if (!checker.checkAllSignaturesUsed()) {
    setInnermostError(result, 'txBadAuthExtra');
    return false;
  }
  return true;
}

/**
 * stellar-core commonPreApply: the checker to apply the operations with, or undefined.
 * `envelopeHash` is the envelope's contents hash (the fee bump's, for its inner transaction).
 */
function commonPreApply(
  tx: TransactionFrame,
  ledger: LedgerTxn,
  chargeFee: boolean,
  result: AnyTxResult,
  record: ApplyRecord,
  settings: NetworkSettings,
  envelopeHash: Uint8Array,
): SignatureChecker | undefined {
  const checker = new SignatureChecker(
    tx.contentsHash,
    tx.signatures,
    enforcesVerifyBudget(ledger.header.ledgerVersion, false),
  );
  const ltx = ledger.child();
  const validity = commonValid(tx, checker, applyView(ltx, settings), chargeFee, result, envelopeHash);
  if (validity >= Validity.InvalidUpdateSeqNum) {
    const source = loadAccount(ltx, tx.sourceId);
    if (!source || source.seqNum > tx.seqNum) throw new Error('unexpected sequence number');
    source.seqNum = tx.seqNum;
    recordSeqNumUpdate(ltx.header, source);
    storeAccount(ltx, source);
  }
  const signaturesValid = processSignatures(tx, validity, checker, ltx, result, settings);
  record.changesBefore.push(...ltx.changes());
  ltx.commit();
  return signaturesValid && validity === Validity.MaybeValid ? checker : undefined;
}

/** An operation's ledger changes, restores reclassified (and forgotten once read). */
function operationChanges(op: xdr.Operation, ltxOp: LedgerTxn, env: ApplyEnv): xdr.LedgerEntryChange[] {
  const changes = ltxOp.changes();
  const restores = env.soroban?.liveRestores;
  if (!restores || !env.soroban) return changes;
  env.soroban.liveRestores = undefined;
  const type = op.body.type;
  if (type !== 'invokeHostFunction' && type !== 'restoreFootprint') return changes;
  return withRestoreChanges(changes, restores, type, ltxOp.header.ledgerSeq);
}

/** stellar-core applyOperations. */
function applyOperations(
  tx: TransactionFrame,
  checker: SignatureChecker,
  ledger: LedgerTxn,
  result: AnyTxResult,
  record: ApplyRecord,
  env: ApplyEnv,
): boolean {
  const inner = innermost(result);
  try {
    const ltxTx = ledger.child();
    let success = true;
    for (let i = 0; i < tx.numOperations; i++) {
      const op = tx.operations[i] as xdr.Operation;
      const ltxOp = ltxTx.child();
      const events = new OpEvents(env.networkId, tx.memo);
      let opResult = checkOperationValid(tx, i, checker, ltxOp, true, env.settings);
      let opOk = opResult === undefined;
      if (!opResult) {
        const handler = handlerFor(op.body.type);
        if (!handler) throw new Error(`no handler for ${op.body.type}`);
        const outcome = handler.apply(bodyOf(op), {
          ltx: ltxOp,
          tx,
          index: i,
          sourceId: tx.opSourceId(i),
          sourceMuxed: tx.opSourceMuxed(i),
          events,
          soroban: env.soroban,
          frozen: FrozenKeys.of(env.settings, ltxOp.header.ledgerVersion),
        });
        opResult = outcome.result;
        opOk = outcome.success;
      }
      inner.setOpResult(i, opResult);
      if (!opOk) success = false;
      if (success)
        record.operations.push({ changes: operationChanges(op, ltxOp, env), events: [...events.events] });
      if (opOk) ltxOp.commit();
    }
    if (!success) {
      setInnermostError(result, 'txFailed');
      return false;
    }
    if (hasOpenSponsorship(ltxTx)) {
      setInnermostError(result, 'txBadSponsorship');
      return false;
    }
    ltxTx.commit();
    return true;
  } catch (error) {
    // stellar-core: an exception while applying operations is txINTERNAL_ERROR.
    record.internalError = error;
    setInnermostError(result, 'txInternalError');
    return false;
  }
}

function applyInner(
  tx: TransactionFrame,
  ledger: LedgerTxn,
  chargeFee: boolean,
  result: AnyTxResult,
  record: ApplyRecord,
  env: ApplyEnv,
  envelopeHash: Uint8Array,
): boolean {
  const checker = commonPreApply(tx, ledger, chargeFee, result, record, env.settings, envelopeHash);
  const success = checker ? applyOperations(tx, checker, ledger, result, record, env) : false;
  // A failed Soroban transaction spends none of its refundable fee (resetConsumedFee).
  if (!success) env.soroban?.fee.reset();
  return success;
}

/**
 * Applies a transaction whose fee was processed; `result` is the one processFeeSeqNum
 * returned and ends with the transaction's final code. The record says what changed.
 */
export function applyTransaction(
  frame: TxFrame,
  ledger: LedgerTxn,
  result: AnyTxResult,
  env: ApplyEnv,
): { success: boolean; record: ApplyRecord } {
  const record: ApplyRecord = { changesBefore: [], operations: [], changesAfter: [] };
  if (frame.kind === 'tx') {
    return { success: applyInner(frame, ledger, true, result, record, env, frame.contentsHash), record };
  }
  // stellar-core FeeBumpTransactionFrame::apply: the fee source's one-time signer goes first.
  const ltx = ledger.child();
  removePreAuthSigner(ltx, frame.feeSourceId, frame.contentsHash);
  record.changesBefore.push(...ltx.changes());
  ltx.commit();
  return {
    success: applyInner(frame.inner, ledger, false, result, record, env, frame.contentsHash),
    record,
  };
}
