/**
 * Transaction and operation result codes: the names the ledger API uses
 * (`tx_bad_seq`, `op_underfunded`), what they mean, what a client should do, and how
 * to read them out of a `TransactionResult` XDR (the async `error_result_xdr`, or the
 * `result_xdr` of a transaction record).
 *
 * Meanings are the contract's table. Names follow the reference server's own mapping,
 * which is not a mechanical rename of the XDR names (txNO_ACCOUNT is
 * `tx_no_source_account`, manageSellOfferSellNotAuthorized is `sell_not_authorized`).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { components } from '../generated/types.gen.js';
import { stellarBase } from '../stellar-sdk.js';

/** A transaction result code name; the contract's enum, plus any code a newer network may add. */
export type TransactionResultCode = components['schemas']['TransactionResultCode'] | (string & {});

export interface ResultCodeInfo {
  /** The XDR `TransactionResultCode` value. */
  code: number;
  meaning: string;
  /** What the submitter should do about it. */
  hint: string;
}

const REBUILD =
  'Fix the transaction and build a new one (reload the source account for its next sequence number).';

// Keyed by the SDK's XDR name of the code (`TransactionResultResult` arm), in XDR order.
const TABLE: readonly (readonly [string, TransactionResultCode, number, string, string])[] = [
  [
    'txFeeBumpInnerSuccess',
    'tx_fee_bump_inner_success',
    1,
    'The inner transaction of a fee bump succeeded.',
    'Nothing to do.',
  ],
  ['txSuccess', 'tx_success', 0, 'All operations succeeded.', 'Nothing to do.'],
  [
    'txFailed',
    'tx_failed',
    -1,
    'One of the operations failed.',
    'See operationCodes for the operation that failed. The transaction entered a ledger: its fee was charged and its sequence number consumed, so resubmitting it cannot help. ' +
      REBUILD,
  ],
  [
    'txTooEarly',
    'tx_too_early',
    -2,
    "Ledger close time is before the transaction's minimum time.",
    'Wait until its minimum time has passed, then resubmit the identical envelope.',
  ],
  [
    'txTooLate',
    'tx_too_late',
    -3,
    "Ledger close time is after the transaction's maximum time.",
    'Its time bounds have expired: it did not enter a ledger and never will. Rebuild it with new time bounds and submit the new transaction.',
  ],
  [
    'txMissingOperation',
    'tx_missing_operation',
    -4,
    'No operation was specified.',
    'Add at least one operation.',
  ],
  [
    'txBadSeq',
    'tx_bad_seq',
    -5,
    'Sequence number does not match the source account.',
    'Your view of the source account is outdated: reload the account, rebuild the transaction with its current sequence number, and sign it again. Do not blindly resubmit a modified transaction: if the original did go through, its effects would be applied twice (e.g. two payments).',
  ],
  [
    'txBadAuth',
    'tx_bad_auth',
    -6,
    'Too few valid signatures, or wrong network.',
    "Check that the signatures reach the account's threshold and that it was signed for this network's passphrase.",
  ],
  [
    'txInsufficientBalance',
    'tx_insufficient_balance',
    -7,
    'Fee would bring the account below its minimum balance.',
    'Fund the source account, or have another account pay the fee with a fee-bump transaction.',
  ],
  [
    'txNoAccount',
    'tx_no_source_account',
    -8,
    'Source account not found.',
    'Create and fund the source account first.',
  ],
  [
    'txInsufficientFee',
    'tx_insufficient_fee',
    -9,
    'Fee is too small.',
    'Bid a higher fee by wrapping the signed transaction in a fee-bump transaction (TransactionBuilder.buildFeeBumpTransaction) and submit that; the inner transaction and its signatures stay as they are.',
  ],
  [
    'txBadAuthExtra',
    'tx_bad_auth_extra',
    -10,
    'Unused signatures attached to the transaction.',
    'Remove the signatures that are not needed and sign again.',
  ],
  [
    'txInternalError',
    'tx_internal_error',
    -11,
    'An unknown error occurred.',
    'Resubmit the identical envelope later.',
  ],
  [
    'txNotSupported',
    'tx_not_supported',
    -12,
    'The transaction type is not supported.',
    'Use a transaction type the network supports.',
  ],
  [
    'txFeeBumpInnerFailed',
    'tx_fee_bump_inner_failed',
    -13,
    'The inner transaction of a fee-bump transaction failed.',
    'See innerResultCode for why the inner transaction failed.',
  ],
  [
    'txBadSponsorship',
    'tx_bad_sponsorship',
    -14,
    'The sponsorship is not confirmed.',
    'Pair every begin_sponsoring_future_reserves with an end_sponsoring_future_reserves from the sponsored account.',
  ],
  [
    'txBadMinSeqAgeOrGap',
    'tx_bad_minseq_age_or_gap',
    -15,
    'Minimum sequence age or ledger gap precondition not met.',
    'Wait until the precondition holds, then resubmit the identical envelope.',
  ],
  ['txMalformed', 'tx_malformed', -16, 'Preconditions or resources are malformed.', REBUILD],
  [
    'txSorobanInvalid',
    'tx_soroban_invalid',
    -17,
    'A smart-contract transaction failed its resource checks.',
    'Simulate the transaction again and rebuild it with the resources and fee the simulation gives.',
  ],
];

/** Meaning and hint of every known transaction result code, by name. */
export const TRANSACTION_RESULT_CODES: Readonly<Record<string, ResultCodeInfo>> = Object.fromEntries(
  TABLE.map(([, name, code, meaning, hint]) => [name, { code, meaning, hint }]),
);

const BY_XDR_NAME: ReadonlyMap<string, TransactionResultCode> = new Map(
  TABLE.map(([js, name]) => [js, name]),
);

const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/^_/, '');

/** The API name of an XDR transaction result code name (`txBadSeq` → `tx_bad_seq`). */
export function transactionCodeName(xdrName: string): TransactionResultCode {
  // A code newer than this table: the reference server's naming pattern.
  return BY_XDR_NAME.get(xdrName) ?? `tx_${snake(xdrName.replace(/^tx/, ''))}`;
}

// Operation codes whose API name is not `op_` + the snake-cased rest of the XDR name.
const OPERATION_EXCEPTIONS: Readonly<Record<string, string>> = {
  opNoAccount: 'op_no_source_account',
  createAccountAlreadyExist: 'op_already_exists',
  pathPaymentStrictReceiveOfferCrossSelf: 'op_cross_self',
  pathPaymentStrictReceiveOverSendmax: 'op_over_source_max',
  pathPaymentStrictSendOfferCrossSelf: 'op_cross_self',
  pathPaymentStrictSendUnderDestmin: 'op_under_dest_min',
  manageSellOfferSellNotAuthorized: 'sell_not_authorized',
  manageSellOfferBuyNotAuthorized: 'buy_not_authorized',
  manageSellOfferBuyNoIssuer: 'buy_no_issuer',
  manageSellOfferNotFound: 'op_offer_not_found',
  manageBuyOfferSellNotAuthorized: 'sell_not_authorized',
  manageBuyOfferBuyNotAuthorized: 'buy_not_authorized',
  manageBuyOfferBuyNoIssuer: 'buy_no_issuer',
  manageBuyOfferNotFound: 'op_offer_not_found',
  changeTrustNotAuthMaintainLiabilities: 'op_not_aut_maintain_liabilities',
  allowTrustNoTrustLine: 'op_no_trust',
  allowTrustTrustNotRequired: 'op_not_required',
  accountMergeSeqnumTooFar: 'op_seq_num_too_far',
  manageDataNameNotFound: 'op_data_name_not_found',
  manageDataInvalidName: 'op_data_invalid_name',
  clawbackClaimableBalanceNotIssuer: 'op_no_issuer',
  setTrustLineFlagsNoTrustLine: 'op_no_trust',
  invokeHostFunctionTrapped: 'function_trapped',
  invokeHostFunctionResourceLimitExceeded: 'resource_limit_exceeded',
  invokeHostFunctionEntryArchived: 'entry_archived',
  invokeHostFunctionInsufficientRefundableFee: 'insufficient_refundable_fee',
  extendFootprintTtlResourceLimitExceeded: 'resource_limit_exceeded',
  extendFootprintTtlInsufficientRefundableFee: 'insufficient_refundable_fee',
  restoreFootprintResourceLimitExceeded: 'resource_limit_exceeded',
  restoreFootprintInsufficientRefundableFee: 'insufficient_refundable_fee',
};

/** The API name of one operation's result (`paymentUnderfunded` → `op_underfunded`). */
export function operationCodeName(result: xdr.OperationResult): string {
  if (result.type !== 'opInner')
    return OPERATION_EXCEPTIONS[result.type] ?? `op_${snake(result.type.replace(/^op/, ''))}`;
  const { tr } = result;
  // A passive sell offer answers with manage_sell_offer codes.
  const type = tr.type === 'createPassiveSellOffer' ? 'manageSellOffer' : tr.type;
  const inner = tr.value.type;
  const exception = OPERATION_EXCEPTIONS[inner];
  if (exception !== undefined) return exception;
  const rest = inner.startsWith(type) ? inner.slice(type.length) : inner;
  return rest === 'Success' ? 'op_success' : `op_${snake(rest)}`;
}

/** The codes of a `TransactionResult`, named as `extras.result_codes` names them. */
export interface ResultCodes {
  transaction: TransactionResultCode;
  /** For a fee bump: the inner transaction's code. */
  inner_transaction?: TransactionResultCode;
  /** One per operation, when the transaction got as far as applying them. */
  operations?: string[];
}

/** Reads a base64 `TransactionResult` XDR. Throws TypeError when it is not one. */
export function decodeTransactionResult(resultXdr: string): ResultCodes {
  let result: xdr.TransactionResult;
  try {
    result = stellarBase().xdr.TransactionResult.fromXdr(resultXdr, 'base64');
  } catch (cause) {
    throw new TypeError('not a base64 TransactionResult XDR', { cause });
  }
  const outer = result.result;
  const codes: ResultCodes = { transaction: transactionCodeName(outer.type) };
  if (outer.type === 'txFeeBumpInnerSuccess' || outer.type === 'txFeeBumpInnerFailed') {
    const inner = outer.innerResultPair.result.result;
    codes.inner_transaction = transactionCodeName(inner.type);
    if (inner.type === 'txSuccess' || inner.type === 'txFailed') {
      codes.operations = inner.results.map(operationCodeName);
    }
  } else if (outer.type === 'txSuccess' || outer.type === 'txFailed') {
    codes.operations = outer.results.map(operationCodeName);
  }
  return codes;
}
