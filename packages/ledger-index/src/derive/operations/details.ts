/**
 * The fields of each operation type, one record per XDR operation body: its Horizon `type`
 * name, its details, whether the payments endpoints list it, and who it involves.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { ClosedLedger, ClosedTransaction } from '../../meta/closed-ledger.js';
import { assetFields } from '../assets.js';
import { accountId, amount, type MuxedParts, muxedParts } from '../format.js';
import type { OperationBody } from '../records.js';

export interface OperationContext {
  ledger: ClosedLedger;
  tx: ClosedTransaction;
  /** 0-based index in the transaction. */
  index: number;
  op: xdr.Operation;
  source: MuxedParts;
}

export interface OperationDetail {
  type: OperationBody['type'];
  fields: Record<string, unknown>;
  payment?: boolean;
  /** Accounts other than the source that take part. */
  accounts?: string[];
  claimableBalances?: string[];
  liquidityPools?: string[];
}

type BodyOf<N extends xdr.Operation['body']['type']> = Extract<xdr.Operation['body'], { type: N }>;
type Details = {
  [N in xdr.Operation['body']['type']]?: (ctx: OperationContext, op: BodyOf<N>['value']) => OperationDetail;
};

/** `from`/`to`-style account fields with their muxed forms. */
export function muxedFields(name: string, parts: MuxedParts): Record<string, string> {
  return {
    [name]: parts.account,
    ...(parts.muxed ? { [`${name}_muxed`]: parts.muxed, [`${name}_muxed_id`]: parts.muxedId ?? '' } : {}),
  };
}

const DETAIL_TABLE: Details = {
  createAccount: (ctx, op) => {
    const account = accountId(op.destination);
    return {
      type: 'create_account',
      payment: true,
      fields: { starting_balance: amount(op.startingBalance), ...muxedFields('funder', ctx.source), account },
      accounts: [account],
    };
  },
  payment: (ctx, op) => {
    const to = muxedParts(op.destination);
    return {
      type: 'payment',
      payment: true,
      fields: {
        ...assetFields(op.asset),
        ...muxedFields('from', ctx.source),
        ...muxedFields('to', to),
        amount: amount(op.amount),
      },
      accounts: [to.account],
    };
  },
};

export function operationDetail(ctx: OperationContext): OperationDetail {
  const body = ctx.op.body;
  const detail = DETAIL_TABLE[body.type] as
    | ((c: OperationContext, op: unknown) => OperationDetail)
    | undefined;
  if (!detail) throw new Error(`operation type ${body.type} is not indexed`);
  return detail(ctx, body.value);
}
