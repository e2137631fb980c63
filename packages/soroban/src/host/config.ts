/** What a host is made with: its budget, storage and ledger, and the options of its callers. */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Budget } from '../budget/index.js';
import type { LedgerInfo, Storage } from '../storage/index.js';
import type { ModuleStore } from '../vm/index.js';
import type { CachedCodeCosts } from './code-modules.js';
import type { Prng } from './prng/prng.js';

export interface HostConfig {
  budget: Budget;
  storage: Storage;
  ledger: LedgerInfo;
  /** Record diagnostic events (simulation does; apply only when asked). */
  diagnostics?: boolean;
  /** Parsed modules by code hash, shared between hosts (the host's module cache). */
  modules?: ModuleStore;
  /**
   * Whether the module cache holds a code hash: stellar-core's holds every contract code in the
   * ledger before the transaction, so only code uploaded by the transaction itself is parsed on
   * its budget. `undefined` (or no function) means the host has no module cache, as a simulating
   * host has none: recording mode then treats the code of its snapshot as cached (as the
   * `recording_mode` host does) and enforcing mode parses every module on the budget.
   */
  codeCached?: (wasmHash: Uint8Array) => boolean | undefined;
  /** How that cache parsed its modules (see `CachedCodeCosts`); stellar-core's: `length`. */
  cachedCodeCosts?: CachedCodeCosts;
  /**
   * The newest ledger protocol this host serves (default MAX_PROTOCOL); a ledger past it cannot
   * instantiate a VM. Tests of an older Rust host pin that host's.
   */
  envProtocol?: number;
  /** Charge what the Rust host's test build adds (test-build.ts), as its own tests' numbers do. */
  testutils?: boolean;
  /** The transaction's source account (its `require_auth` needs no signature). */
  sourceAccount?: xdr.AccountId;
  /**
   * The base PRNG frames derive theirs from (shared, so draws continue across hosts), made by
   * `seedBasePrng`; or seed this host's with `setBasePrngSeed`. Without one, the `prng` functions
   * fail as the Rust host's do when unseeded.
   */
  basePrng?: Prng;
}
