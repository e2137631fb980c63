/**
 * What the REST face needs beyond the index: the network it serves and a way to submit. The
 * sandbox provides one in-process; the gateway one over Stellar RPC.
 */
import type { xdr } from '@stellar/stellar-sdk/base';

export interface SourceStatus {
  coreVersion: string;
  latestLedger: number;
  protocolVersion: number;
}

/** A submission's first answer, as stellar-core's queue (and RPC's sendTransaction) gives it. */
export interface SubmitAnswer {
  status: 'PENDING' | 'DUPLICATE' | 'TRY_AGAIN_LATER' | 'ERROR';
  hash: string;
  /** The TransactionResult (base64) of an ERROR. */
  errorResultXdr?: string;
}

export interface LedgerSource {
  readonly passphrase: string;
  /** The face's `horizon_version`. */
  readonly serverVersion: string;
  readonly friendbotUrl?: string;
  status(): Promise<SourceStatus>;
  submit(envelopeXdr: string): Promise<SubmitAnswer>;
  /** Where single entries the index has not seen are read (the gateway's RPC server). */
  readonly state?: EntrySource;
}

/** Live ledger entries read at one ledger, by base64 LedgerKey (a key with no live entry is absent). */
export interface LiveEntries {
  ledger: number;
  entries: Map<string, xdr.LedgerEntry>;
}

/**
 * The network's current state read by key, for entries the index has not seen (the gateway's
 * getLedgerEntries). A face without one (the sandbox's) holds the whole state in its index.
 */
export interface EntrySource {
  /** The entries under these keys, all read at the same ledger. */
  entries(keys: readonly string[]): Promise<LiveEntries>;
  /** The close time (RFC 3339) of a ledger the index does not hold; null when it is not known. */
  closeTime(sequence: number): Promise<string | null>;
}
