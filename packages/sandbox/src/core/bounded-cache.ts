/**
 * A cache of computed values that forgets its oldest entry past a size (stellar-core keeps its
 * signature cache the same way, in a fixed-size RandomEvictionCache).
 */
export class BoundedCache<V> {
  readonly #values = new Map<string, V>();
  readonly #size: number;

  constructor(size: number) {
    this.#size = size;
  }

  /** The cached value of `key`, or `compute()`'s, which is kept. */
  get(key: string, compute: () => V): V {
    const known = this.#values.get(key);
    if (known !== undefined || this.#values.has(key)) return known as V;
    const value = compute();
    if (this.#values.size >= this.#size) this.#values.delete(this.#values.keys().next().value as string);
    this.#values.set(key, value);
    return value;
  }

  get size(): number {
    return this.#values.size;
  }
}
