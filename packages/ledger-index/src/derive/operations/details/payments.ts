/**
 * Operations that move funds to another account (stellar-horizon `OperationDetails`): the ones
 * the payments endpoints list. Path payments read what was actually sent or received from the
 * result, and write 0 for it when the transaction failed.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { assetFields, prefixedAssetFields } from '../../assets.js';
import { accountId, amount, muxedParts } from '../../format.js';
import { strictReceiveSendAmount } from '../claim-atoms.js';
import { type DetailTable, detail, muxedFields, type OperationContext } from '../context.js';

/** What both path payments share: the parties, both assets and the path. */
function pathPaymentFields(
  ctx: OperationContext,
  op: xdr.PathPaymentStrictReceiveOp | xdr.PathPaymentStrictSendOp,
) {
  const to = muxedParts(op.destination);
  return {
    to: to.account,
    fields: {
      ...muxedFields('from', ctx.source),
      ...muxedFields('to', to),
      ...assetFields(op.destAsset),
      ...prefixedAssetFields('source', op.sendAsset),
      path: op.path.map((asset) => assetFields(asset)),
    },
  };
}

export const PAYMENT_DETAILS: DetailTable = {
  createAccount: (ctx, op) => {
    const account = accountId(op.destination);
    return detail(
      'create_account',
      { starting_balance: amount(op.startingBalance), ...muxedFields('funder', ctx.source), account },
      { payment: true, accounts: [account] },
    );
  },

  payment: (ctx, op) => {
    const to = muxedParts(op.destination);
    return detail(
      'payment',
      {
        ...assetFields(op.asset),
        ...muxedFields('from', ctx.source),
        ...muxedFields('to', to),
        amount: amount(op.amount),
      },
      { payment: true, accounts: [to.account] },
    );
  },

  pathPaymentStrictReceive: (ctx, op) => {
    const { to, fields } = pathPaymentFields(ctx, op);
    const result =
      ctx.result?.type === 'pathPaymentStrictReceive' ? ctx.result.pathPaymentStrictReceiveResult : undefined;
    const sent =
      result?.type === 'pathPaymentStrictReceiveSuccess' ? strictReceiveSendAmount(result.success) : 0n;
    return detail(
      'path_payment_strict_receive',
      {
        ...fields,
        amount: amount(op.destAmount),
        source_amount: amount(sent),
        source_max: amount(op.sendMax),
      },
      { payment: true, accounts: [to] },
    );
  },

  pathPaymentStrictSend: (ctx, op) => {
    const { to, fields } = pathPaymentFields(ctx, op);
    const result =
      ctx.result?.type === 'pathPaymentStrictSend' ? ctx.result.pathPaymentStrictSendResult : undefined;
    const received = result?.type === 'pathPaymentStrictSendSuccess' ? result.success.last.amount : 0n;
    return detail(
      'path_payment_strict_send',
      {
        ...fields,
        amount: amount(received),
        source_amount: amount(op.sendAmount),
        destination_min: amount(op.destMin),
      },
      { payment: true, accounts: [to] },
    );
  },

  // The merged balance is not in the record: Horizon shows it in the account_credited effect.
  accountMerge: (ctx, destination) => {
    const into = muxedParts(destination);
    return detail(
      'account_merge',
      { ...muxedFields('account', ctx.source), ...muxedFields('into', into) },
      { payment: true, accounts: [into.account] },
    );
  },
};
