import type { components } from './generated/types.gen.js';

export type Quote = components['schemas']['Quote'];

export const DEFAULT_MAX_QUOTES = 10_000;
export const DEFAULT_MAX_QUOTE_BYTES = 32 * 1024 * 1024;
// Map entry, object and string headers beside the JSON text of a quote.
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * The firm quotes the platform returned, in memory, each kept for the client (token `sub`) it
 * was returned to. Bounded in count and in bytes: past either bound the oldest quotes are
 * forgotten. An id the anchor issues twice replaces the earlier quote, as the Anchor Platform's
 * store does.
 */
export class QuoteStore {
  readonly #quotes = new Map<string, { owner: string; quote: Quote; bytes: number }>();
  #bytes = 0;

  constructor(
    readonly maxQuotes = DEFAULT_MAX_QUOTES,
    readonly maxBytes = DEFAULT_MAX_QUOTE_BYTES,
  ) {
    if (!Number.isInteger(maxQuotes) || maxQuotes < 1)
      throw new RangeError('maxQuotes must be a positive integer');
    if (!Number.isInteger(maxBytes) || maxBytes < 1)
      throw new RangeError('maxBytes must be a positive integer');
  }

  get size(): number {
    return this.#quotes.size;
  }

  /** What the kept quotes take, as counted against maxBytes. */
  get bytes(): number {
    return this.#bytes;
  }

  save(owner: string, quote: Quote): void {
    this.#forget(quote.id);
    const bytes = Buffer.byteLength(JSON.stringify(quote)) + Buffer.byteLength(owner) + ENTRY_OVERHEAD_BYTES;
    this.#quotes.set(quote.id, { owner, quote, bytes });
    this.#bytes += bytes;
    while (this.#quotes.size > this.maxQuotes || this.#bytes > this.maxBytes) {
      const oldest = this.#quotes.keys().next();
      if (oldest.done) break;
      this.#forget(oldest.value);
    }
  }

  /** The quote with this id if it was returned to `owner`; undefined otherwise. */
  find(owner: string, id: string): Quote | undefined {
    const entry = this.#quotes.get(id);
    return entry !== undefined && entry.owner === owner ? entry.quote : undefined;
  }

  #forget(id: string): void {
    const entry = this.#quotes.get(id);
    if (entry === undefined) return;
    this.#quotes.delete(id);
    this.#bytes -= entry.bytes;
  }
}
