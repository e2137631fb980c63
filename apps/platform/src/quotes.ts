import type { components } from './generated/types.js';

export type Quote = components['schemas']['Quote'];

/**
 * The firm quotes the platform returned, in memory, each kept for the client (token `sub`) it
 * was returned to. Bounded: past `maxQuotes` the oldest quote is forgotten. An id the anchor
 * issues twice replaces the earlier quote, as the Anchor Platform's store does.
 */
export class QuoteStore {
  readonly #quotes = new Map<string, { owner: string; quote: Quote }>();

  constructor(readonly maxQuotes = 10_000) {
    if (!Number.isInteger(maxQuotes) || maxQuotes < 1)
      throw new RangeError('maxQuotes must be a positive integer');
  }

  get size(): number {
    return this.#quotes.size;
  }

  save(owner: string, quote: Quote): void {
    this.#quotes.delete(quote.id);
    this.#quotes.set(quote.id, { owner, quote });
    while (this.#quotes.size > this.maxQuotes) {
      const oldest = this.#quotes.keys().next();
      if (oldest.done) break;
      this.#quotes.delete(oldest.value);
    }
  }

  /** The quote with this id if it was returned to `owner`; undefined otherwise. */
  find(owner: string, id: string): Quote | undefined {
    const entry = this.#quotes.get(id);
    return entry !== undefined && entry.owner === owner ? entry.quote : undefined;
  }
}
