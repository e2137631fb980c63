/** bump_sequence, after stellar-core BumpSequenceOpFrame. */
import { xdr } from '@stellar/stellar-sdk/base';
import { loadAccount, storeAccount } from '../entries/account.js';
import { recordSeqNumUpdate } from '../tx/seq.js';
import { type OperationHandler, succeeded } from './operation.js';

type Code = xdr.BumpSequenceResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.bumpSequence(xdr.BumpSequenceResult[code]()));
}

export const bumpSequence: OperationHandler<xdr.BumpSequenceOp> = {
  threshold: () => 'low',

  checkValid(op) {
    return op.bumpTo < 0n ? result('bumpSequenceBadSeq') : undefined;
  },

  apply(op, ctx) {
    const source = loadAccount(ctx.ltx, ctx.sourceId);
    if (!source) throw new Error('the source account does not exist');
    // From protocol 19 the account records when its sequence number last moved, even when it does not.
    recordSeqNumUpdate(ctx.ltx.header, source);
    if (op.bumpTo > source.seqNum) source.seqNum = op.bumpTo;
    storeAccount(ctx.ltx, source);
    return succeeded(result('bumpSequenceSuccess'));
  },
};
