/**
 * Submissions waiting for their transaction to reach the index, by hash: settled by whoever learns
 * of it (the ingester as it writes a ledger, or a node watching another node's ingestion).
 */
export class HashWaiters {
  readonly #waiting = new Map<string, Set<() => void>>();

  /** The hashes (lower case) waited for. */
  hashes(): string[] {
    return [...this.#waiting.keys()];
  }

  /**
   * Resolves true once `settle(hash)` is called, false after `timeoutMs`; `isIn` (does the index
   * hold it already?) is asked after registering, so a ledger written in between is not missed.
   */
  async wait(hash: string, timeoutMs: number, isIn: (hash: string) => Promise<boolean>): Promise<boolean> {
    const key = hash.toLowerCase();
    const landed = new Promise<boolean>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiting.get(key)?.delete(done);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#waiting.get(key)?.delete(done);
        resolve(false);
      }, timeoutMs);
      const set = this.#waiting.get(key) ?? new Set();
      set.add(done);
      this.#waiting.set(key, set);
    });
    if (await isIn(key)) this.settle(key);
    return landed;
  }

  settle(hash: string): void {
    const waiting = this.#waiting.get(hash);
    if (!waiting) return;
    this.#waiting.delete(hash);
    for (const done of waiting) done();
  }
}
