/**
 * What an operation's details are made from (the operation, its transaction, its result and
 * entry changes), and the shape of the per-type records that make them.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { ClosedLedger, ClosedTransaction } from '../../meta/closed-ledger.js';
import type { EntryChange } from '../changes.js';
import type { MuxedParts } from '../format.js';
import type { OperationBody } from '../records.js';

export interface OperationContext {
  ledger: ClosedLedger;
  tx: ClosedTransaction;
  /** 0-based index in the transaction. */
  index: number;
  op: xdr.Operation;
  source: MuxedParts;
  /** The operation's entry changes, paired and sorted (empty when the transaction failed). */
  changes: readonly EntryChange[];
  /** The operation's result, when the transaction succeeded (Horizon reads no other). */
  result: xdr.OperationResultTr | undefined;
}

export type HorizonType = OperationBody['type'];

/** The fields every operation record has, written by `operationRows`. */
type BaseKey =
  | 'id'
  | 'paging_token'
  | 'transaction_successful'
  | 'source_account'
  | 'source_account_muxed'
  | 'source_account_muxed_id'
  | 'type'
  | 'type_i'
  | 'created_at'
  | 'transaction_hash'
  | 'transaction'
  | 'sponsor';

/** The fields of one operation type beyond the common ones, as the contract types them. */
export type FieldsOf<T extends HorizonType> = OperationBody extends infer U
  ? U extends { type: infer Names }
    ? T extends Names
      ? Omit<U, BaseKey>
      : never
    : never
  : never;

export interface OperationDetail<T extends HorizonType = HorizonType> {
  type: T;
  fields: FieldsOf<T>;
  /** Listed by the payments endpoints (stellar-horizon `IsPayment`). */
  payment?: boolean;
  /** Accounts other than the source that take part (stellar-horizon `Participants`). */
  accounts?: string[];
}

export type OperationName = xdr.Operation['body']['type'];
export type BodyOf<N extends OperationName> = Extract<xdr.Operation['body'], { type: N }>['value'];

/** One record per XDR operation type: how its details are made. */
export type DetailTable = {
  [N in OperationName]?: (ctx: OperationContext, op: BodyOf<N>) => OperationDetail;
};

/** The record of one type, checked against the contract's fields for it. */
export function detail<T extends HorizonType>(
  type: T,
  fields: FieldsOf<T>,
  extra: Omit<OperationDetail<T>, 'type' | 'fields'> = {},
): OperationDetail {
  return { type, fields, ...extra } as OperationDetail;
}

export type MuxedFields<N extends string> = { [K in N]: string } & {
  [K in `${N}_muxed` | `${N}_muxed_id`]?: string;
};

/** `from`/`to`-style account fields with their muxed forms (stellar-horizon `addAccountAndMuxedAccountDetails`). */
export function muxedFields<N extends string>(name: N, parts: MuxedParts): MuxedFields<N> {
  const fields: Record<string, string | undefined> = {};
  fields[name] = parts.account;
  if (parts.muxed) {
    fields[`${name}_muxed`] = parts.muxed;
    fields[`${name}_muxed_id`] = parts.muxedId;
  }
  return fields as MuxedFields<N>;
}

/** The operation results of a transaction (of the inner one for a fee bump). */
export function operationResults(tx: ClosedTransaction): xdr.OperationResult[] {
  let result = tx.result.result;
  if (result.type === 'txFeeBumpInnerSuccess' || result.type === 'txFeeBumpInnerFailed')
    result = result.innerResultPair.result.result;
  return result.type === 'txSuccess' || result.type === 'txFailed' ? result.results : [];
}

/** The `tr` of an operation's result, when the transaction succeeded. */
export function successfulResult(tx: ClosedTransaction, index: number): xdr.OperationResultTr | undefined {
  if (!tx.successful) return undefined;
  const result = operationResults(tx)[index];
  return result?.type === 'opInner' ? result.tr : undefined;
}
