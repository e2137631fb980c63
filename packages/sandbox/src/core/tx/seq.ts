/** Sequence number bookkeeping (stellar-core maybeUpdateAccountOnLedgerSeqUpdate, getStartingSequenceNumber). */
import { type AccountState, prepareAccountExt } from '../entries/account.js';
import { closeTime, type HeaderState } from '../header.js';

/** From protocol 19: the ledger and close time at which the account's sequence number last changed. */
export function recordSeqNumUpdate(header: HeaderState, account: AccountState): void {
  prepareAccountExt(account, 3);
  account.seqLedger = header.ledgerSeq;
  account.seqTime = closeTime(header);
}

/** The first sequence number of accounts created in a ledger: the ledger number in the high 32 bits. */
export function startingSequenceNumber(ledgerSeq: number): bigint {
  return BigInt(ledgerSeq) << 32n;
}
