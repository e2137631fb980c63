/**
 * What the REST face needs beyond the index: the network it serves and a way to submit. The
 * sandbox provides one in-process; the gateway one over Stellar RPC.
 */
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
}
