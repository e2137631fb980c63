/**
 * The parts of a LedgerCloseMeta's bytes the index stores as they are (each transaction's
 * envelope, result, meta and fee changes, and the header), found by the skipper generated from
 * the SDK's schemas, and the transactions' hashes taken over the same bytes: what the SDK's
 * objects would encode to, without encoding them again.
 */
import { createHash } from 'node:crypto';
import { hash, xdr } from '@stellar/stellar-sdk/base';
import { MARK, skipLedgerCloseMeta } from '../generated/xdr-skipper.gen.js';
import { XdrCursor } from './xdr-cursor.js';

export interface EnvelopeBytes {
  /** Base64 of the TransactionEnvelope. */
  envelope: string;
  /** Hex hash (the outer hash of a fee bump). */
  hash: string;
  /** Hex hash of the transaction a fee bump wraps. */
  innerHash?: string;
}

export interface ProcessingBytes {
  /** Base64 of the TransactionResult, the TransactionMeta and the fee processing's LedgerEntryChanges. */
  result: string;
  meta: string;
  feeChanges: string;
}

export interface LedgerBytes {
  /** Base64 of the LedgerHeader. */
  header: string;
  /** In transaction set order. */
  envelopes: EnvelopeBytes[];
  /** In application order. */
  processings: ProcessingBytes[];
}

type Range = [start: number, end: number];

/**
 * What a transaction's hash is taken over before its bytes: the network id and the envelope type
 * (TransactionSignaturePayload); a v0 transaction is hashed as the v1 one it reads as, its source
 * key behind the ed25519 key type (the SDK's `Transaction.signatureBase`, stellar-core
 * `TransactionFrame::getContentsHash`).
 */
function payloadPrefixes(passphrase: string) {
  const networkId = hash(Buffer.from(passphrase));
  const prefix = (...parts: Uint8Array[]) => Buffer.concat([networkId, ...parts]);
  return {
    [MARK.TransactionV0]: prefix(
      xdr.EnvelopeType.envelopeTypeTx.toXdr(),
      xdr.PublicKeyType.publicKeyTypeEd25519.toXdr(),
    ),
    [MARK.Transaction]: prefix(xdr.EnvelopeType.envelopeTypeTx.toXdr()),
    [MARK.FeeBumpTransaction]: prefix(xdr.EnvelopeType.envelopeTypeTxFeeBump.toXdr()),
  } as Record<number, Buffer>;
}

const prefixesByPassphrase = new Map<string, Record<number, Buffer>>();

function prefixesOf(passphrase: string): Record<number, Buffer> {
  let prefixes = prefixesByPassphrase.get(passphrase);
  if (!prefixes) {
    prefixes = payloadPrefixes(passphrase);
    prefixesByPassphrase.set(passphrase, prefixes);
  }
  return prefixes;
}

/** The byte ranges and hashes of a LedgerCloseMeta the SDK decoded from `bytes`. */
export function ledgerBytes(bytes: Uint8Array, passphrase: string): LedgerBytes {
  const cursor = new XdrCursor(bytes);
  skipLedgerCloseMeta(cursor);
  if (cursor.pos !== bytes.length)
    throw new Error(`LedgerCloseMeta: the skipper stopped at byte ${cursor.pos} of ${bytes.length}`);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const base64 = ([start, end]: Range) => buffer.toString('base64', start, end);
  const prefixes = prefixesOf(passphrase);
  const hashOf = (kind: number, [start, end]: Range) =>
    createHash('sha256')
      .update(prefixes[kind] as Buffer)
      .update(buffer.subarray(start, end))
      .digest('hex');

  const result: LedgerBytes = { header: '', envelopes: [], processings: [] };
  let envelopeEnd = -1;
  let envelope: EnvelopeBytes | undefined;
  let processing: Partial<ProcessingBytes> = {};
  const marks = cursor.marks;
  for (let i = 0; i < marks.length; i += 3) {
    const kind = marks[i] as number;
    const range: Range = [marks[i + 1] as number, marks[i + 2] as number];
    switch (kind) {
      case MARK.TransactionEnvelope:
        envelope = { envelope: base64(range), hash: '' };
        envelopeEnd = range[1];
        result.envelopes.push(envelope);
        break;
      case MARK.TransactionV0:
      case MARK.Transaction:
      case MARK.FeeBumpTransaction:
        // The first one in an envelope is what it signs; a fee bump's next one, the wrapped transaction.
        if (!envelope || range[0] >= envelopeEnd) break;
        if (envelope.hash === '') envelope.hash = hashOf(kind, range);
        else envelope.innerHash = hashOf(kind, range);
        break;
      case MARK.TransactionResult:
        processing = { result: base64(range) };
        break;
      case MARK.FeeProcessing:
        processing.feeChanges = base64(range);
        break;
      case MARK.TransactionMeta:
        processing.meta = base64(range);
        result.processings.push(processing as ProcessingBytes);
        break;
      case MARK.LedgerHeader:
        if (result.header === '') result.header = base64(range);
        break;
    }
  }
  return result;
}
