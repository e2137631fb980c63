/** What the entry points take and give, shared by apply and simulation. */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Budget, NetworkSettings } from '../budget/index.js';
import type { LedgerInfo, SnapshotSource } from '../storage/index.js';
import type { ModuleStore } from '../vm/index.js';
import type { AuthorizationLayer } from './auth.js';

/** The ledger an operation runs against: its header facts, its state and its Soroban settings. */
export interface LedgerContext {
  ledger: LedgerInfo;
  /** Entries with their live-until ledgers; archived and expired ones included (the caller's ledger). */
  snapshot: SnapshotSource;
  settings: NetworkSettings;
  /** Parsed modules by code hash, shared between runs (stellar-core's and the host's module cache). */
  modules?: ModuleStore;
}

/** An entry's state: what a write leaves behind (entry null: deleted). */
export interface LedgerWrite {
  key: xdr.LedgerKey;
  /** The entry after; unchanged for a TTL-only extension; null when deleted. */
  entry: xdr.LedgerEntry | null;
  /** Its live-until ledger after, for contract data and code. */
  liveUntil: number | undefined;
}

export interface HostRunOptions {
  /** Record diagnostic events (stellar-core's ENABLE_SOROBAN_DIAGNOSTIC_EVENTS; simulation always may). */
  diagnostics?: boolean;
  /** The authorization layer (default: the host's own, `HOST_AUTHORIZATION`). */
  authorization?: AuthorizationLayer;
  /** A budget to run on instead of the one the settings give (the host's own tests use Budget.default()). */
  budget?: Budget;
  /**
   * The 32 bytes the host's base PRNG is seeded with (stellar-core derives them per transaction;
   * simulation may pick any). Without them, a contract's `prng_*` calls fail as the host's do.
   */
  prngSeed?: Uint8Array;
  /**
   * Charge what the Rust host's test build adds (`HostConfig.testutils`): for comparing with the
   * numbers of the Rust host's own tests, not for a network's.
   */
  testutils?: boolean;
}
