/**
 * The refundable part of a Soroban transaction's resource fee, as stellar-core's
 * RefundableFeeTracker keeps it (MutableTransactionResult.cpp): the declared resource fee less
 * the non-refundable fee is the most the transaction may spend on rent and events; what it did
 * not spend is refunded after the ledger's transactions, all of it when the transaction failed.
 */
export class RefundableFee {
  readonly maximum: bigint;
  rentConsumed = 0n;
  /** Rent plus the events fee. */
  consumed = 0n;

  constructor(maximum: bigint) {
    this.maximum = maximum;
  }

  /** Records what a successful operation spent (its checks against the maximum were the host's). */
  spend(rentFee: bigint, refundableFee: bigint): void {
    this.rentConsumed += rentFee;
    this.consumed += refundableFee;
  }

  /** A failed transaction spends nothing of it (resetConsumedFee). */
  reset(): void {
    this.rentConsumed = 0n;
    this.consumed = 0n;
  }

  get refund(): bigint {
    return this.maximum - this.consumed;
  }
}
