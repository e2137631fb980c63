/**
 * The largest a transaction carrying this operation can be (soroban-simulation resources.rs
 * `estimate_max_transaction_size_for_operation`): the operation in a V1 envelope with every
 * optional part at its largest (muxed source, all preconditions with two signed-payload extra
 * signers, a hash memo, 20 signatures) and the footprint and restored indices it declares.
 */
import { xdr } from '@stellar/stellar-sdk/base';

const zeros = (length: number) => Buffer.alloc(length);

function envelopeSize(
  operation: xdr.OperationBody,
  footprint: xdr.LedgerFootprint,
  restoredRwEntryIndices: readonly number[],
): number {
  const source = xdr.MuxedAccount.keyTypeMuxedEd25519(
    new xdr.MuxedAccountMed25519({ id: 0n, ed25519: zeros(32) }),
  );
  const signerKey = xdr.SignerKey.signerKeyTypeEd25519SignedPayload(
    new xdr.SignerKeyEd25519SignedPayload({ ed25519: zeros(32), payload: zeros(64) }),
  );
  const transaction = new xdr.Transaction({
    sourceAccount: source,
    fee: 0,
    seqNum: 0n,
    cond: xdr.Preconditions.precondV2(
      new xdr.PreconditionsV2({
        timeBounds: new xdr.TimeBounds({ minTime: 0n, maxTime: 0n }),
        ledgerBounds: new xdr.LedgerBounds({ minLedger: 0, maxLedger: 0 }),
        minSeqNum: 0n,
        minSeqAge: 0n,
        minSeqLedgerGap: 0,
        extraSigners: [signerKey, signerKey],
      }),
    ),
    memo: xdr.Memo.memoHash(zeros(32)),
    operations: [new xdr.Operation({ sourceAccount: source, body: operation })],
    ext: xdr.TransactionExt.sorobanData(
      new xdr.SorobanTransactionData({
        ext: xdr.SorobanTransactionDataExt.resourceExt(
          new xdr.SorobanResourcesExtV0({ archivedSorobanEntries: [...restoredRwEntryIndices] }),
        ),
        resources: new xdr.SorobanResources({ footprint, instructions: 0, diskReadBytes: 0, writeBytes: 0 }),
        resourceFee: 0n,
      }),
    ),
  });
  const signatures = Array.from(
    { length: 20 },
    () => new xdr.DecoratedSignature({ hint: zeros(4), signature: zeros(64) }),
  );
  const envelope = xdr.TransactionEnvelope.envelopeTypeTx(
    new xdr.TransactionV1Envelope({ tx: transaction, signatures }),
  );
  // The Rust code sizes the V1 envelope itself, without the envelope's union tag.
  return envelope.toXdr().length - 4;
}

/** Everything but the operation's body, the footprint and the restored indices (built once). */
const EMPTY_BODY = xdr.OperationBody.inflation();
const EMPTY_FOOTPRINT = new xdr.LedgerFootprint({ readOnly: [], readWrite: [] });
let overhead: number | undefined;

/**
 * XDR sizes add up field by field, so the envelope is sized as the constant rest of it plus the
 * parts that vary: the same number as encoding the whole envelope, without encoding it again
 * for every simulation.
 */
export function maxTransactionSize(
  operation: xdr.OperationBody,
  footprint: xdr.LedgerFootprint,
  restoredRwEntryIndices: readonly number[],
): number {
  overhead ??=
    envelopeSize(EMPTY_BODY, EMPTY_FOOTPRINT, []) -
    EMPTY_BODY.toXdr().length -
    EMPTY_FOOTPRINT.toXdr().length;
  return overhead + operation.toXdr().length + footprint.toXdr().length + 4 * restoredRwEntryIndices.length;
}

/** The size by encoding the whole largest envelope (what `maxTransactionSize` adds up to). */
export const encodedMaxTransactionSize = envelopeSize;
