/**
 * One closed ledger read out of its LedgerCloseMeta (v0, v1 or v2): the header and the
 * transactions in application order, each with its envelope (matched by hash from the
 * transaction set, as stellar/go's `ingest.LedgerTransactionReader` does), result and meta, and
 * the bytes of each as the ledger held them (ledger-bytes.ts).
 */
import { FeeBumpTransaction, type Transaction, TransactionBuilder, xdr } from '@stellar/stellar-sdk/base';
import { readLedgerCloseMeta } from '../generated/xdr-reader.gen.js';
import { writeLedgerCloseMeta } from '../generated/xdr-writer.gen.js';
import { type EnvelopeBytes, ledgerBytes, type ProcessingBytes } from './ledger-bytes.js';
import { readXdr } from './xdr-reader.js';
import { writeXdr } from './xdr-writer.js';

export interface ClosedTransaction {
  /** Hex hash (the outer hash of a fee bump). */
  hash: string;
  /** Hex hash of the transaction a fee bump wraps. */
  innerHash?: string;
  /** 1-based application order. */
  order: number;
  envelope: xdr.TransactionEnvelope;
  /** The envelope, read (for a fee bump, `inner` is the wrapped transaction); built when first asked for. */
  readonly outer: Transaction | FeeBumpTransaction;
  readonly inner: Transaction;
  /** The (inner) transaction's source and operations, straight from its XDR. */
  source: xdr.MuxedAccount;
  operations: xdr.Operation[];
  /** The (inner) envelope: a v0 or v1 one. */
  innerEnvelope: xdr.TransactionV1Envelope | xdr.TransactionV0Envelope;
  result: xdr.TransactionResult;
  successful: boolean;
  /** Fee charged before apply (`fee_meta_xdr`). */
  feeChanges: xdr.LedgerEntryChange[];
  meta: xdr.TransactionMeta;
  /** Fee refunds after apply (LedgerCloseMeta v2). */
  postApplyFeeChanges: xdr.LedgerEntryChange[];
  /** Base64 of the envelope, result, meta and fee changes, as the ledger held them. */
  xdr: { envelope: string } & ProcessingBytes;
}

export interface ClosedLedger {
  /** The network's passphrase (Stellar Asset Contract ids depend on it). */
  passphrase: string;
  sequence: number;
  /** Hex hash of the header. */
  hash: string;
  header: xdr.LedgerHeader;
  /** Base64 of the header, as the ledger held it. */
  headerXdr: string;
  /** Unix seconds. */
  closeTime: number;
  transactions: ClosedTransaction[];
  /** Entry changes made by protocol upgrades after the transactions. */
  upgradeChanges: xdr.LedgerEntryChange[];
  meta: xdr.LedgerCloseMeta;
}

function setEnvelopes(meta: xdr.LedgerCloseMeta): xdr.TransactionEnvelope[] {
  if (meta.type === 'v0') return meta.v0.txSet.txs;
  const set = meta.type === 'v1' ? meta.v1.txSet : meta.v2.txSet;
  const envelopes: xdr.TransactionEnvelope[] = [];
  for (const phase of set.v1TxSet.phases) {
    if (phase.type === 'v0Components') {
      for (const component of phase.v0Components) envelopes.push(...component.txsMaybeDiscountedFee.txs);
    } else {
      for (const stage of phase.parallelTxsComponent.executionStages)
        for (const cluster of stage) envelopes.push(...cluster);
    }
  }
  return envelopes;
}

interface Processing {
  result: xdr.TransactionResultPair;
  feeProcessing: xdr.LedgerEntryChange[];
  txApplyProcessing: xdr.TransactionMeta;
  postFee: xdr.LedgerEntryChange[];
}

function processings(meta: xdr.LedgerCloseMeta): Processing[] {
  if (meta.type === 'v2') {
    return meta.v2.txProcessing.map((p) => ({
      result: p.result,
      feeProcessing: p.feeProcessing,
      txApplyProcessing: p.txApplyProcessing,
      postFee: p.postTxApplyFeeProcessing,
    }));
  }
  const list = meta.type === 'v0' ? meta.v0.txProcessing : meta.v1.txProcessing;
  return list.map((p) => ({
    result: p.result,
    feeProcessing: p.feeProcessing,
    txApplyProcessing: p.txApplyProcessing,
    postFee: [],
  }));
}

function body(
  meta: xdr.LedgerCloseMeta,
): xdr.LedgerCloseMetaV0 | xdr.LedgerCloseMetaV1 | xdr.LedgerCloseMetaV2 {
  return meta.type === 'v0' ? meta.v0 : meta.type === 'v1' ? meta.v1 : meta.v2;
}

/** The sequence a LedgerCloseMeta's header names. */
export const ledgerSequenceOf = (meta: xdr.LedgerCloseMeta): number =>
  body(meta).ledgerHeader.header.ledgerSeq;

function innerEnvelope(
  envelope: xdr.TransactionEnvelope,
): xdr.TransactionV1Envelope | xdr.TransactionV0Envelope {
  if (envelope.type === 'envelopeTypeTxFeeBump') return envelope.feeBump.tx.innerTx.v1;
  return envelope.type === 'envelopeTypeTx' ? envelope.v1 : envelope.v0;
}

const SUCCESS = new Set(['txSuccess', 'txFeeBumpInnerSuccess']);

/**
 * A base64 value's bytes, in a buffer of their own (a pooled Buffer could not be transferred to
 * another thread), or undefined when the text is not base64: Node's decoder skips what is not
 * base64 where the SDK's refuses it, so a length that does not add up says so.
 */
export function base64Bytes(text: string): Uint8Array | undefined {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const length = (text.length / 4) * 3 - padding;
  if (text.length % 4 !== 0) return undefined;
  const bytes = Buffer.allocUnsafeSlow(length);
  return bytes.write(text, 'base64') === length ? bytes : undefined;
}

/** A LedgerCloseMeta as the index reads one: decoded, its base64, or its XDR bytes. */
export type LedgerCloseMetaInput = xdr.LedgerCloseMeta | string | Uint8Array;

/** A LedgerCloseMeta's bytes, and the SDK's value of them. */
function decoded(input: LedgerCloseMetaInput): { bytes: Uint8Array; meta: xdr.LedgerCloseMeta } {
  if (input instanceof Uint8Array)
    return { bytes: input, meta: readXdr('LedgerCloseMeta', readLedgerCloseMeta, input) };
  if (typeof input !== 'string') return { bytes: writeXdr(writeLedgerCloseMeta, input), meta: input };
  const bytes = base64Bytes(input);
  if (!bytes) throw new xdr.XdrError('LedgerCloseMeta: invalid base64 input');
  return { bytes, meta: readXdr('LedgerCloseMeta', readLedgerCloseMeta, bytes) };
}

/** Reads a LedgerCloseMeta (an XDR value, its base64 or its bytes) with the network's passphrase. */
export function readClosedLedger(input: LedgerCloseMetaInput, passphrase: string): ClosedLedger {
  const { bytes, meta } = decoded(input);
  const raw = ledgerBytes(bytes, passphrase);
  const entry = body(meta).ledgerHeader;
  const header = entry.header;
  const sequence = header.ledgerSeq;
  const byHash = new Map<string, { envelope: xdr.TransactionEnvelope; raw: EnvelopeBytes }>();
  setEnvelopes(meta).forEach((envelope, i) => {
    const found = raw.envelopes[i] as EnvelopeBytes;
    byHash.set(found.hash, { envelope, raw: found });
  });
  const transactions = processings(meta).map((p, index): ClosedTransaction => {
    const hash = p.result.transactionHash.toString();
    const found = byHash.get(hash);
    if (!found)
      throw new Error(`ledger ${sequence} has no envelope for transaction ${hash} (wrong passphrase?)`);
    const result = p.result.result;
    const inner = innerEnvelope(found.envelope);
    // The SDK's reading of the envelope, which derive does not need: made once, if asked for.
    let read: Transaction | FeeBumpTransaction | undefined;
    const outer = () => {
      read ??= TransactionBuilder.fromXDR(found.envelope, passphrase);
      return read;
    };
    return {
      source:
        'sourceAccount' in inner.tx
          ? inner.tx.sourceAccount
          : xdr.MuxedAccount.keyTypeEd25519(inner.tx.sourceAccountEd25519.value),
      operations: inner.tx.operations,
      innerEnvelope: inner,
      hash,
      innerHash: found.raw.innerHash,
      order: index + 1,
      envelope: found.envelope,
      get outer() {
        return outer();
      },
      get inner() {
        const tx = outer();
        return tx instanceof FeeBumpTransaction ? tx.innerTransaction : tx;
      },
      result,
      successful: SUCCESS.has(result.result.type),
      feeChanges: p.feeProcessing,
      meta: p.txApplyProcessing,
      postApplyFeeChanges: p.postFee,
      xdr: { envelope: found.raw.envelope, ...(raw.processings[index] as ProcessingBytes) },
    };
  });
  return {
    passphrase,
    sequence,
    hash: entry.hash.toString(),
    header,
    headerXdr: raw.header,
    closeTime: Number(header.scpValue.closeTime),
    transactions,
    upgradeChanges: body(meta).upgradesProcessing.flatMap((upgrade) => upgrade.changes),
    meta,
  };
}
