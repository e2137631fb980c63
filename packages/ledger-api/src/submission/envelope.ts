/**
 * The envelope being submitted, read once: its base64 XDR (sent unchanged on every
 * attempt), its hash (to look it up), and its time bounds (which decide when a
 * missing transaction can be declared `tx_too_late`).
 */
import type { FeeBumpTransaction, Transaction, xdr } from '@stellar/stellar-sdk/base';
import { stellarBase, stellarXdr } from '../stellar-sdk.js';

/** A signed transaction: an SDK Transaction or FeeBumpTransaction, an XDR envelope, or its base64. */
export type EnvelopeInput = Transaction | FeeBumpTransaction | xdr.TransactionEnvelope | string;

export interface Envelope {
  /** The `TransactionEnvelope` as base64; every (re)submission sends exactly this. */
  readonly xdr: string;
  /** Unix seconds after which the transaction can no longer enter a ledger; undefined when unbounded. */
  readonly maxTime: number | undefined;
  /** The hex hash, or undefined when it cannot be computed (a base64 envelope and no network passphrase). */
  hash(): string | undefined;
}

function timeBoundsOf(cond: xdr.Preconditions): xdr.TimeBounds | null {
  switch (cond.type) {
    case 'precondTime':
      return cond.timeBounds;
    case 'precondV2':
      return cond.v2.timeBounds;
    default:
      return null;
  }
}

/** The time bounds that govern the envelope: for a fee bump, those of its inner transaction. */
function maxTimeOf(envelope: xdr.TransactionEnvelope): number | undefined {
  let bounds: xdr.TimeBounds | null;
  switch (envelope.type) {
    case 'envelopeTypeTxV0':
      bounds = envelope.v0.tx.timeBounds;
      break;
    case 'envelopeTypeTx':
      bounds = timeBoundsOf(envelope.v1.tx.cond);
      break;
    case 'envelopeTypeTxFeeBump':
      bounds = timeBoundsOf(envelope.feeBump.tx.innerTx.v1.tx.cond);
      break;
    default:
      throw new TypeError(`not a transaction envelope: ${(envelope as { type: string }).type}`);
  }
  if (bounds === null) return undefined;
  const max = Number(bounds.maxTime);
  // 0 means "no upper bound".
  return max === 0 ? undefined : max;
}

function decode(base64: string): xdr.TransactionEnvelope {
  try {
    return stellarBase().xdr.TransactionEnvelope.fromXdr(base64, 'base64');
  } catch (cause) {
    throw new TypeError('the envelope is not a base64 TransactionEnvelope XDR', { cause });
  }
}

/**
 * Reads the envelope. `networkPassphrase` is needed only to hash an envelope given as
 * XDR (a Transaction object knows its network).
 */
export function readEnvelope(input: EnvelopeInput, networkPassphrase?: string): Envelope {
  const { FeeBumpTransaction, Transaction, TransactionBuilder } = stellarBase();
  const { encodeBytes } = stellarXdr();
  if (input instanceof Transaction || input instanceof FeeBumpTransaction) {
    const envelope = input.toEnvelope();
    return {
      xdr: envelope.toXdr('base64'),
      maxTime: maxTimeOf(envelope),
      hash: () => encodeBytes(input.hash(), 'hex'),
    };
  }
  const envelope = typeof input === 'string' ? decode(input) : input;
  const base64 = typeof input === 'string' ? input : input.toXdr('base64');
  // Checked before anything is sent, so that a bad envelope fails here and not at the server.
  const maxTime = maxTimeOf(envelope);
  let hash: string | undefined;
  return {
    xdr: base64,
    maxTime,
    hash: () => {
      if (hash === undefined && networkPassphrase !== undefined) {
        hash = encodeBytes(TransactionBuilder.fromXdr(envelope, networkPassphrase).hash(), 'hex');
      }
      return hash;
    },
  };
}
