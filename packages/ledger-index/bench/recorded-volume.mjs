// The recorded ledgers served as a longer history, for rates measured at volume rather than over
// 11 ledgers (where a fresh gateway's start and cold code would be most of the time): the
// recordings repeated `copies` times, numbered on, each later copy's transactions made distinct
// by a memo id (their hashes change with it, so each transaction result pair is given its
// envelope's new hash) and each header its own hash. Operations, results and entry changes stay the recorded ones.
import { hash, Networks, TransactionBuilder, xdr } from '@stellar/stellar-sdk';

/** The envelopes of a LedgerCloseMeta's transaction set, every phase and stage. */
function envelopesOf(meta) {
  const body = meta[meta.type];
  if (meta.type === 'v0') return body.txSet.txs;
  const envelopes = [];
  for (const phase of body.txSet.v1TxSet.phases) {
    if (phase.type === 'v0Components')
      for (const component of phase.v0Components) envelopes.push(...component.txsMaybeDiscountedFee.txs);
    else
      for (const stage of phase.parallelTxsComponent.executionStages)
        for (const cluster of stage) envelopes.push(...cluster);
  }
  return envelopes;
}

const hashOf = (envelope) => Buffer.from(TransactionBuilder.fromXDR(envelope, Networks.PUBLIC).hash());

/** The envelope's transaction given memo id `memo`; answers its old and new hash (hex, Buffer). */
function remember(envelope, memo) {
  const before = hashOf(envelope).toString('hex');
  const inner =
    envelope.type === 'envelopeTypeTxFeeBump'
      ? envelope.feeBump.tx.innerTx.v1
      : envelope.type === 'envelopeTypeTx'
        ? envelope.v1
        : envelope.v0;
  inner.tx.memo = xdr.Memo.memoId(BigInt(memo));
  return [before, hashOf(envelope)];
}

/** `ledgers` (recorded-rpc.mjs's items, consecutive) served `copies` times over, numbered on. */
export function repeatLedgers(ledgers, copies) {
  if (copies <= 1) return ledgers;
  const first = ledgers[0].sequence;
  const out = [...ledgers];
  for (let copy = 1; copy < copies; copy++) {
    for (const ledger of ledgers) {
      const sequence = first + out.length;
      const meta = xdr.LedgerCloseMeta.fromXDR(ledger.metadataXdr, 'base64');
      const body = meta[meta.type];
      body.ledgerHeader.header.ledgerSeq = sequence;
      // A header's hash is the sha256 of its XDR (stellar-core's LedgerHeaderHistoryEntry).
      body.ledgerHeader.hash = new xdr.Hash(hash(body.ledgerHeader.header.toXDR()));
      const renamed = new Map(
        envelopesOf(meta).map((envelope, i) => remember(envelope, sequence * 10_000 + i)),
      );
      for (const processing of body.txProcessing)
        processing.result.transactionHash = new xdr.Hash(
          renamed.get(String(processing.result.transactionHash)),
        );
      out.push({
        hash: String(body.ledgerHeader.hash),
        sequence,
        ledgerCloseTime: ledger.ledgerCloseTime,
        headerXdr: body.ledgerHeader.toXDR('base64'),
        metadataXdr: meta.toXDR('base64'),
      });
    }
  }
  return out;
}
