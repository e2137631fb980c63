/**
 * Transactions the queue refuses for a while (stellar-core TransactionQueue `ban`, `isBanned`,
 * `shift`): one refused for its fee, or evicted by a higher one, is answered TRY_AGAIN_LATER
 * until TRANSACTION_QUEUE_BAN_LEDGERS ledgers have closed.
 */

/** stellar-core HerderImpl TRANSACTION_QUEUE_BAN_LEDGERS. */
export const BAN_LEDGERS = 10;
/**
 * The most hashes banned at once; past it the oldest ban ends first. stellar-core keeps every
 * one; the bound keeps a flood of refused submissions from growing the sandbox without end.
 */
export const MAX_BANNED = 100_000;

export class BannedTransactions {
  /** One set per ledger still to close before its bans end, the newest first. */
  readonly #byLedger: Set<string>[] = [new Set()];
  #count = 0;

  /** Bans a full hash (hex) until BAN_LEDGERS ledgers have closed. */
  ban(fullHash: string): void {
    if (this.isBanned(fullHash)) return;
    (this.#byLedger[0] as Set<string>).add(fullHash);
    this.#count++;
    for (let i = this.#byLedger.length - 1; this.#count > MAX_BANNED && i >= 0; i--) {
      const oldest = this.#byLedger[i] as Set<string>;
      for (const hash of oldest) {
        if (this.#count <= MAX_BANNED) break;
        oldest.delete(hash);
        this.#count--;
      }
    }
  }

  isBanned(fullHash: string): boolean {
    return this.#byLedger.some((set) => set.has(fullHash));
  }

  /** A ledger closed: the bans of BAN_LEDGERS ledgers ago end. */
  shift(): void {
    this.#byLedger.unshift(new Set());
    if (this.#byLedger.length > BAN_LEDGERS) this.#count -= (this.#byLedger.pop() as Set<string>).size;
  }

  get size(): number {
    return this.#count;
  }
}
