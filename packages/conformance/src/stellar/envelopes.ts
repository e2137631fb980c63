/**
 * Transaction envelopes the submission checks send. None can ever be applied: one is not XDR
 * at all, the other is a well-formed, unsigned transaction from a fresh account that does not
 * exist on any network (the core rejects it with tx_no_source_account or tx_bad_auth).
 */
import { randomBytes } from 'node:crypto';
import { xdr } from '@stellar/stellar-sdk/base';

/** Base64 that does not decode to a TransactionEnvelope. */
export const MALFORMED_ENVELOPE = 'AAAAAgAAAABub3QtYW4tZW52ZWxvcGU=';

/**
 * XDR of a TransactionEnvelope (ENVELOPE_TYPE_TX): source = a random ed25519 key, fee 100,
 * sequence 1, no preconditions, no memo, one BUMP_SEQUENCE operation, no signatures.
 */
export function unfundedEnvelope(key: Uint8Array = randomBytes(32)): string {
  if (key.length !== 32) throw new RangeError('an ed25519 key has 32 bytes');
  const tx = new xdr.Transaction({
    sourceAccount: xdr.MuxedAccount.keyTypeEd25519(key),
    fee: 100,
    seqNum: 1n,
    cond: xdr.Preconditions.precondNone(),
    memo: xdr.Memo.memoNone(),
    operations: [
      new xdr.Operation({
        sourceAccount: null,
        body: xdr.OperationBody.bumpSequence(new xdr.BumpSequenceOp({ bumpTo: 2n })),
      }),
    ],
    ext: xdr.TransactionExt.v0(),
  });
  return xdr.TransactionEnvelope.envelopeTypeTx(new xdr.TransactionV1Envelope({ tx, signatures: [] })).toXdr(
    'base64',
  );
}
