/**
 * Transaction envelopes the submission checks send. None can ever be applied: one is not XDR
 * at all, the other is a well-formed, unsigned transaction from a fresh account that does not
 * exist on any network (the core rejects it with tx_no_source_account or tx_bad_auth).
 */
import { randomBytes } from 'node:crypto';

/** Base64 that does not decode to a TransactionEnvelope. */
export const MALFORMED_ENVELOPE = 'AAAAAgAAAABub3QtYW4tZW52ZWxvcGU=';

/**
 * XDR of a TransactionEnvelope (ENVELOPE_TYPE_TX): source = a random ed25519 key, fee 100,
 * sequence 1, no preconditions, no memo, one BUMP_SEQUENCE operation, no signatures.
 */
export function unfundedEnvelope(key: Uint8Array = randomBytes(32)): string {
  if (key.length !== 32) throw new RangeError('an ed25519 key has 32 bytes');
  const out = Buffer.alloc(4 + 4 + 32 + 4 + 8 + 4 + 4 + 4 + 4 + 4 + 8 + 4 + 4);
  let at = 0;
  const int = (value: number) => {
    out.writeInt32BE(value, at);
    at += 4;
  };
  const hyper = (value: bigint) => {
    out.writeBigInt64BE(value, at);
    at += 8;
  };
  int(2); // EnvelopeType ENVELOPE_TYPE_TX
  int(0); // MuxedAccount: KEY_TYPE_ED25519
  Buffer.from(key).copy(out, at);
  at += 32;
  int(100); // fee
  hyper(1n); // seqNum
  int(0); // Preconditions: PRECOND_NONE
  int(0); // Memo: MEMO_NONE
  int(1); // one operation
  int(0); // no operation source account
  int(11); // OperationType BUMP_SEQUENCE
  hyper(2n); // bumpTo
  int(0); // Transaction ext v0
  int(0); // no signatures
  return out.toString('base64');
}
