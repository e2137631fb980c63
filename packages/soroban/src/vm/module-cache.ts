/**
 * Parsed contracts by code hash, so that a second instantiation skips parsing and compilation
 * (the host's ModuleCache, vm/module_cache.rs). The Rust cache holds every contract of the ledger
 * snapshot it was built from; this one is bounded (least recently used out first) because it
 * outlives transactions here.
 */
import type { VersionedCostInputs } from './charges.js';
import type { VmMeter } from './meter.js';
import { type ParsedContract, parseContract } from './parse.js';

export interface ModuleCacheLimits {
  /** Most contracts kept (default 1024). */
  maxEntries?: number;
  /** Most WASM bytes kept, summed over contracts (default 64 MiB). */
  maxBytes?: number;
}

export const DEFAULT_MODULE_CACHE_LIMITS = { maxEntries: 1024, maxBytes: 64 * 1024 * 1024 } as const;

/** Where a host keeps parsed contracts by code hash (hex): a Map, or a bounded ModuleCache. */
export interface ModuleStore {
  get(hash: string): ParsedContract | undefined;
  set(hash: string, parsed: ParsedContract): unknown;
}

const keyOf = (hash: Uint8Array | string): string =>
  typeof hash === 'string' ? hash : Buffer.from(hash).toString('hex');

export class ModuleCache {
  private readonly entries = new Map<string, ParsedContract>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(limits: ModuleCacheLimits = {}) {
    this.maxEntries = limits.maxEntries ?? DEFAULT_MODULE_CACHE_LIMITS.maxEntries;
    this.maxBytes = limits.maxBytes ?? DEFAULT_MODULE_CACHE_LIMITS.maxBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * `parse_and_cache_module`: parses (charging `meter` as `ParsedModule::new` does) unless the
   * hash is already cached, in which case nothing is charged.
   */
  parseAndCache(
    hash: Uint8Array | string,
    wasm: Uint8Array,
    options: { ledgerProtocol: number; meter: VmMeter; costInputs?: VersionedCostInputs },
  ): ParsedContract {
    const key = keyOf(hash);
    const cached = this.get(key);
    if (cached) return cached;
    const parsed = parseContract(wasm, options);
    this.entries.set(key, parsed);
    this.bytes += wasm.length;
    this.evict();
    return parsed;
  }

  /** The cached contract, marked as recently used. */
  get(hash: Uint8Array | string): ParsedContract | undefined {
    const key = keyOf(hash);
    const parsed = this.entries.get(key);
    if (parsed) {
      this.entries.delete(key);
      this.entries.set(key, parsed);
    }
    return parsed;
  }

  /** Keeps a contract parsed elsewhere (off the budget, as a cache built ahead is). */
  set(hash: Uint8Array | string, parsed: ParsedContract): this {
    const key = keyOf(hash);
    this.remove(key);
    this.entries.set(key, parsed);
    this.bytes += parsed.module.bytes.length;
    this.evict();
    return this;
  }

  contains(hash: Uint8Array | string): boolean {
    return this.entries.has(keyOf(hash));
  }

  remove(hash: Uint8Array | string): ParsedContract | undefined {
    const key = keyOf(hash);
    const parsed = this.entries.get(key);
    if (parsed) {
      this.entries.delete(key);
      this.bytes -= parsed.module.bytes.length;
    }
    return parsed;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      this.remove(key);
    }
  }
}
