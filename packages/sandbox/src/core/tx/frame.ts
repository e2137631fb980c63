/**
 * A submitted transaction envelope, parsed once (stellar-core TransactionFrame and
 * FeeBumpTransactionFrame): its hashes, source, fee, sequence number, preconditions,
 * operations and signatures. A V0 envelope is read as the V1 transaction it hashes to.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { muxedToAccountId } from '../keys.js';
import { sha256 } from '../sha256.js';

/** The XDR did not decode to a TransactionEnvelope. */
export class InvalidEnvelopeError extends Error {
  override readonly name = 'InvalidEnvelopeError';
}

const SOROBAN_OPERATIONS = new Set<xdr.OperationBody['type']>([
  'invokeHostFunction',
  'extendFootprintTtl',
  'restoreFootprint',
]);

export function isSorobanOperation(op: xdr.Operation): boolean {
  return SOROBAN_OPERATIONS.has(op.body.type);
}

/** The V1 transaction a V0 one is (identical bytes, so identical hashes). */
function v0ToV1(tx: xdr.TransactionV0): xdr.Transaction {
  return new xdr.Transaction({
    sourceAccount: xdr.MuxedAccount.keyTypeEd25519(tx.sourceAccountEd25519.toBytes()),
    fee: tx.fee,
    seqNum: tx.seqNum,
    cond: tx.timeBounds ? xdr.Preconditions.precondTime(tx.timeBounds) : xdr.Preconditions.precondNone(),
    memo: tx.memo,
    operations: tx.operations,
    ext: xdr.TransactionExt.v0(),
  });
}

function signaturePayloadHash(
  networkId: Uint8Array,
  tagged: xdr.TransactionSignaturePayloadTaggedTransaction,
) {
  return sha256(new xdr.TransactionSignaturePayload({ networkId, taggedTransaction: tagged }).toXdr());
}

export class TransactionFrame {
  readonly kind = 'tx' as const;
  readonly envelope: xdr.TransactionEnvelope;
  /** A pre-protocol-13 envelope (ENVELOPE_TYPE_TX_V0). */
  readonly isV0: boolean;
  readonly tx: xdr.Transaction;
  readonly signatures: readonly xdr.DecoratedSignature[];
  /** The hash signatures sign and results name (stellar-core getContentsHash). */
  readonly contentsHash: Uint8Array;
  /** SHA-256 of the whole envelope (stellar-core getFullHash). */
  readonly fullHash: Uint8Array;

  constructor(networkId: Uint8Array, envelope: xdr.TransactionEnvelope) {
    this.envelope = envelope;
    if (envelope.type === 'envelopeTypeTxV0') {
      this.isV0 = true;
      this.tx = v0ToV1(envelope.v0.tx);
      this.signatures = envelope.v0.signatures;
    } else if (envelope.type === 'envelopeTypeTx') {
      this.isV0 = false;
      this.tx = envelope.v1.tx;
      this.signatures = envelope.v1.signatures;
    } else {
      throw new Error('a fee bump envelope is read by FeeBumpFrame');
    }
    this.contentsHash = signaturePayloadHash(
      networkId,
      xdr.TransactionSignaturePayloadTaggedTransaction.envelopeTypeTx(this.tx),
    );
    this.fullHash = sha256(envelope.toXdr());
  }

  get sourceMuxed(): xdr.MuxedAccount {
    return this.tx.sourceAccount;
  }

  get sourceId(): xdr.PublicKey {
    return muxedToAccountId(this.tx.sourceAccount);
  }

  get feeSourceId(): xdr.PublicKey {
    return this.sourceId;
  }

  get seqNum(): bigint {
    return this.tx.seqNum;
  }

  /** stellar-core getFullFee (a classic transaction's inclusion fee is its full fee). */
  get fullFee(): bigint {
    return BigInt(this.tx.fee);
  }

  /** stellar-core getInclusionFee: the full fee less a Soroban transaction's declared resource fee. */
  get inclusionFee(): bigint {
    return this.fullFee - this.declaredResourceFee;
  }

  /** A Soroban transaction's SorobanTransactionData (the transaction's `ext.v1`). */
  get sorobanData(): xdr.SorobanTransactionData | undefined {
    return this.tx.ext.type === 'sorobanData' ? this.tx.ext.sorobanData : undefined;
  }

  /** stellar-core declaredSorobanResourceFee (0 for a classic transaction). */
  get declaredResourceFee(): bigint {
    return this.isSoroban ? (this.sorobanData?.resourceFee ?? 0n) : 0n;
  }

  /** The envelope's XDR size (stellar-core getSize), what Soroban's bandwidth fee is charged on. */
  get size(): number {
    this.#size ??= this.envelope.toXdr().length;
    return this.#size;
  }

  #size: number | undefined;

  get operations(): readonly xdr.Operation[] {
    return this.tx.operations;
  }

  get numOperations(): number {
    return this.tx.operations.length;
  }

  get memo(): xdr.Memo {
    return this.tx.memo;
  }

  get isSoroban(): boolean {
    this.#isSoroban ??= this.tx.operations.some(isSorobanOperation);
    return this.#isSoroban;
  }

  #isSoroban: boolean | undefined;

  /** The operation's source, or the transaction's. */
  opSourceMuxed(index: number): xdr.MuxedAccount {
    return this.tx.operations[index]?.sourceAccount ?? this.tx.sourceAccount;
  }

  opSourceId(index: number): xdr.PublicKey {
    return muxedToAccountId(this.opSourceMuxed(index));
  }

  get timeBounds(): xdr.TimeBounds | null {
    const cond = this.tx.cond;
    if (cond.type === 'precondTime') return cond.timeBounds;
    if (cond.type === 'precondV2') return cond.v2.timeBounds;
    return null;
  }

  #v2(): xdr.PreconditionsV2 | undefined {
    return this.tx.cond.type === 'precondV2' ? this.tx.cond.v2 : undefined;
  }

  get ledgerBounds(): xdr.LedgerBounds | null {
    return this.#v2()?.ledgerBounds ?? null;
  }

  get minSeqNum(): bigint | null {
    return this.#v2()?.minSeqNum ?? null;
  }

  get minSeqAge(): bigint {
    return this.#v2()?.minSeqAge ?? 0n;
  }

  get minSeqLedgerGap(): number {
    return this.#v2()?.minSeqLedgerGap ?? 0;
  }

  get extraSigners(): readonly xdr.SignerKey[] {
    return this.#v2()?.extraSigners ?? [];
  }
}

export class FeeBumpFrame {
  readonly kind = 'feeBump' as const;
  readonly envelope: xdr.TransactionEnvelope;
  readonly feeBump: xdr.FeeBumpTransaction;
  readonly inner: TransactionFrame;
  readonly signatures: readonly xdr.DecoratedSignature[];
  readonly contentsHash: Uint8Array;
  readonly fullHash: Uint8Array;

  constructor(networkId: Uint8Array, envelope: xdr.TransactionEnvelope) {
    if (envelope.type !== 'envelopeTypeTxFeeBump') throw new Error('not a fee bump envelope');
    this.envelope = envelope;
    this.feeBump = envelope.feeBump.tx;
    this.signatures = envelope.feeBump.signatures;
    this.inner = new TransactionFrame(
      networkId,
      xdr.TransactionEnvelope.envelopeTypeTx(this.feeBump.innerTx.v1),
    );
    this.contentsHash = signaturePayloadHash(
      networkId,
      xdr.TransactionSignaturePayloadTaggedTransaction.envelopeTypeTxFeeBump(this.feeBump),
    );
    this.fullHash = sha256(envelope.toXdr());
  }

  get feeSourceId(): xdr.PublicKey {
    return muxedToAccountId(this.feeBump.feeSource);
  }

  get sourceId(): xdr.PublicKey {
    return this.inner.sourceId;
  }

  get seqNum(): bigint {
    return this.inner.seqNum;
  }

  get fullFee(): bigint {
    return this.feeBump.fee;
  }

  /** stellar-core FeeBumpTransactionFrame::getInclusionFee: less the inner declared resource fee. */
  get inclusionFee(): bigint {
    return this.fullFee - this.inner.declaredResourceFee;
  }

  get declaredResourceFee(): bigint {
    return this.inner.declaredResourceFee;
  }

  /** The inner operations plus one for the fee bump (stellar-core getNumOperations). */
  get numOperations(): number {
    return this.inner.numOperations + 1;
  }

  get operations(): readonly xdr.Operation[] {
    return this.inner.operations;
  }

  get isSoroban(): boolean {
    return this.inner.isSoroban;
  }
}

export type TxFrame = TransactionFrame | FeeBumpFrame;

/** Decodes a base64 TransactionEnvelope into its frame; InvalidEnvelopeError when it is not one. */
export function parseEnvelope(networkId: Uint8Array, envelopeXdr: string): TxFrame {
  let envelope: xdr.TransactionEnvelope;
  try {
    envelope = xdr.TransactionEnvelope.fromXdr(envelopeXdr, 'base64');
  } catch (error) {
    throw new InvalidEnvelopeError(`not a TransactionEnvelope: ${(error as Error).message}`);
  }
  return envelope.type === 'envelopeTypeTxFeeBump'
    ? new FeeBumpFrame(networkId, envelope)
    : new TransactionFrame(networkId, envelope);
}

/**
 * An envelope's hash (the frame's `contentsHash`, a fee bump's own) and the operations of its
 * (inner) transaction, without building a frame.
 */
export function envelopeSummary(
  networkId: Uint8Array,
  envelope: xdr.TransactionEnvelope,
): { hash: Uint8Array; operationCount: number } {
  const Tagged = xdr.TransactionSignaturePayloadTaggedTransaction;
  switch (envelope.type) {
    case 'envelopeTypeTxFeeBump': {
      const feeBump = envelope.feeBump.tx;
      return {
        hash: signaturePayloadHash(networkId, Tagged.envelopeTypeTxFeeBump(feeBump)),
        operationCount: feeBump.innerTx.v1.tx.operations.length,
      };
    }
    case 'envelopeTypeTxV0':
      return {
        hash: signaturePayloadHash(networkId, Tagged.envelopeTypeTx(v0ToV1(envelope.v0.tx))),
        operationCount: envelope.v0.tx.operations.length,
      };
    default:
      return {
        hash: signaturePayloadHash(networkId, Tagged.envelopeTypeTx(envelope.v1.tx)),
        operationCount: envelope.v1.tx.operations.length,
      };
  }
}

/** stellar-core getMinInclusionFee: base fee × operations (at least one). */
export function minInclusionFee(frame: TxFrame, baseFee: number): bigint {
  return BigInt(baseFee) * BigInt(Math.max(1, frame.numOperations));
}

/**
 * stellar-core getFee: what fee processing charges (applying) or what validation reports, a
 * Soroban transaction's declared resource fee included.
 */
export function feeFor(frame: TxFrame, baseFee: number, applying: boolean): bigint {
  const adjusted = minInclusionFee(frame, baseFee);
  const inclusion = applying && frame.inclusionFee < adjusted ? frame.inclusionFee : adjusted;
  return frame.declaredResourceFee + inclusion;
}
