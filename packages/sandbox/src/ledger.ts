/**
 * The sandbox network: genesis, the transaction queue, ledger closes and reads of the state.
 * Everything observable is in the closed ledgers' LedgerCloseMeta and the stored entries. Given
 * a history that already holds ledgers, it resumes after the latest one (its header is in the
 * meta), as stellar-core restarts from its database's last closed ledger.
 */
import { type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { BucketState, type BucketStorage } from './bucket/bucket-state.js';
import { type ClosedLedger, closeLedger } from './close/close-ledger.js';
import { type ScheduledUpgrade, upgradeProblem } from './close/upgrades.js';
import { accountAvailableBalance } from './core/balances.js';
import { accountEntry, loadAccount, newAccount } from './core/entries/account.js';
import {
  closeTime,
  genesisHeader,
  type HeaderState,
  headerHash,
  headerState,
  ledgerHeader,
  networkId as networkIdOf,
  TOTAL_COINS,
} from './core/header.js';
import { keyId, sameBytes } from './core/keys.js';
import { LedgerTxn } from './core/ledger-txn.js';
import { masterKeypair } from './core/openssl-keypair.js';
import { checkProtocol, DEFAULT_PROTOCOL_VERSION, MIN_PROTOCOL_VERSION } from './core/protocol.js';
import { type EntryStore, MemoryEntryStore } from './core/store.js';
import { checkValid } from './core/tx/check-valid.js';
import { parseEnvelope, type TxFrame } from './core/tx/frame.js';
import type { ValidationView } from './core/tx/validate.js';
import { checkRetention, type LedgerHistory, MemoryLedgerHistory } from './history.js';
import { type SubmitResult, TransactionQueue } from './queue.js';
import type { SorobanOpContext } from './soroban/context.js';
import { loadSorobanHost, type SorobanHost } from './soroban/host.js';
import { upgradeConfigEntries } from './soroban/protocol-settings.js';
import { genesisConfigEntries, type NetworkSettings, storedNetworkSettings } from './soroban/settings.js';

/** stellar-core's default network for a standalone node (and quickstart's `local`). */
export const STANDALONE_PASSPHRASE = 'Standalone Network ; February 2017';
/** Half a lumen: the base reserve of the public networks. */
export const DEFAULT_BASE_RESERVE = 5_000_000;
export const DEFAULT_BASE_FEE = 100;
/** stellar-core's expected ledger close time; submission checks time bounds against two of them. */
const EXPECTED_CLOSE_SECONDS = 5n;

export interface LedgerOptions {
  passphrase?: string;
  /**
   * The genesis ledger's protocol (23 to 28; default 27, the public network's). A network resumed
   * from its database keeps its own; `upgrade()` raises it.
   */
  protocol?: number;
  /** Stroops per operation (default 100). */
  baseFee?: number;
  /** Stroops per reserve entry (default 5,000,000 = 0.5 XLM). */
  baseReserve?: number;
  /** Operations per ledger (default 100); more pending operations are surge priced. */
  maxTxSetSize?: number;
  /** The clock ledger close times come from, in Unix seconds (default: the system clock). */
  now?: () => number;
  store?: EntryStore;
  history?: LedgerHistory;
  /** Closed ledgers the history keeps (default: every one); older ones are trimmed as ledgers close. */
  retention?: number;
  /**
   * Runs one close's writes (the entry changes, the closed ledger, the retention trim) as one
   * unit: a persistent storage's transaction, committed before `close()` returns, or none of
   * them when it throws. By default the writes just run.
   */
  atomically?: <T>(write: () => T) => T;
  /**
   * Record Soroban diagnostic events in the meta (stellar-core ENABLE_SOROBAN_DIAGNOSTIC_EVENTS,
   * default false).
   */
  sorobanDiagnostics?: boolean;
  /**
   * The genesis ledger's minimum persistent TTL (default 120,960 ledgers), as stellar-core's
   * TESTING_MINIMUM_PERSISTENT_ENTRY_LIFETIME: entries then expire within a few ledgers, for tests
   * of archival and restoration. A network resumed from its database keeps its own.
   */
  minPersistentTtl?: number;
  /** Where a persistent network keeps its bucket lists (resumed with it); none in memory. */
  bucketStorage?: BucketStorage;
}

export interface CloseOptions {
  /** Unix seconds; must be later than the previous ledger's close time. */
  closeTime?: number;
}

export interface Ledger {
  readonly passphrase: string;
  readonly networkId: Uint8Array;
  /** The account holding every lumen at genesis; its key is derived from the network id. */
  readonly root: Keypair;
  /** Validates an envelope (base64 XDR) and queues it for the next ledger. */
  submit(envelopeXdr: string): SubmitResult;
  /** Closes the next ledger with the pending transactions; returns its meta. */
  close(options?: CloseOptions): xdr.LedgerCloseMeta;
  /** The last closed ledger's number. */
  readonly latestSequence: number;
  /** The network's Soroban settings, read from its ConfigSetting entries (again after an upgrade). */
  readonly sorobanSettings: NetworkSettings;
  /**
   * Schedules upgrades for the next close, as stellar-core's `upgrades?mode=set` does: one of each
   * kind (a later one replaces an earlier one of its kind). Throws an UpgradeError, scheduling
   * none of them, when one cannot apply to the latest ledger.
   */
  upgrade(upgrades: readonly ScheduledUpgrade[]): void;
  /** The upgrades the next close applies. */
  scheduledUpgrades(): ScheduledUpgrade[];
  /**
   * Parsed contracts by code hash: stellar-core's module cache, shared by the ledger's applies and
   * the simulations over it (code already in the ledger is parsed off the transaction's budget);
   * bounded, made on first use with the loaded host.
   */
  sorobanModules(soroban: SorobanHost): SorobanOpContext['modules'];
  /** The last closed ledger's header (genesis included). */
  latestHeader(): xdr.LedgerHeaderHistoryEntry;
  /** The closed ledgers after genesis. */
  readonly history: LedgerHistory;
  /** The live bucket list and the hot archive the headers hash (bucket/bucket-state.ts). */
  readonly buckets: BucketState;
  /** A live entry by its LedgerKey (or the key's base64 XDR). */
  entry(key: xdr.LedgerKey | string): xdr.LedgerEntry | undefined;
  /** Hashes (hex) of the transactions waiting for the next ledger. */
  pending(): string[];
  /** Why a transaction of a closed ledger ended txINTERNAL_ERROR, by hash (hex). */
  internalError(hash: string): unknown;
  /**
   * Loads the Soroban host (once; the first Soroban submission starts it): until it has loaded,
   * closes leave Soroban transactions queued.
   */
  sorobanReady(): Promise<void>;
  /** True when a Soroban transaction is queued (and waits for the host if it has not loaded). */
  sorobanPending(): boolean;
}

/** An upgrade that cannot apply: its message says why. */
export class UpgradeError extends Error {
  override name = 'UpgradeError';
}

export function createLedger(options: LedgerOptions = {}): Ledger {
  const protocol = checkProtocol(options.protocol ?? DEFAULT_PROTOCOL_VERSION);
  const passphrase = options.passphrase ?? STANDALONE_PASSPHRASE;
  const networkId = networkIdOf(passphrase);
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const store = options.store ?? new MemoryEntryStore();
  const history = options.history ?? new MemoryLedgerHistory();
  const retention = options.retention === undefined ? undefined : checkRetention(options.retention);
  const atomically = options.atomically ?? (<T>(write: () => T): T => write());
  const root = masterKeypair(passphrase);
  const queue = new TransactionQueue();
  const internalErrors = new Map<string, unknown>();

  /** Forgets the ledgers that fell out of the retention window once `latest` closed. */
  function trimHistory(latest: number): void {
    if (retention !== undefined) history.trim(latest - retention + 1);
  }

  let header: HeaderState;
  let buckets: BucketState;
  const resumed = history.latest();
  if (resumed) {
    header = headerState(resumed.header);
    // Entries, ledgers and bucket lists are written in one transaction per close, so they agree;
    // a file kept before bucket lists were starts them again from its state (bucket-state.ts).
    const stored = options.bucketStorage?.load();
    if (
      stored &&
      (!sameBytes(stored.hash(header.ledgerVersion), header.bucketListHash) || !stored.holds(store))
    ) {
      throw new Error(`the stored entries are not the state ledger ${resumed.sequence} closed with`);
    }
    buckets = stored ?? BucketState.rebuilt(store, header.ledgerVersion);
    atomically(() => trimHistory(resumed.sequence));
  } else {
    // stellar-core startNewLedger: ledger 1 holds the root account with all the lumens.
    header = genesisHeader({
      protocolVersion: protocol,
      baseFee: options.baseFee ?? DEFAULT_BASE_FEE,
      baseReserve: options.baseReserve ?? DEFAULT_BASE_RESERVE,
      maxTxSetSize: options.maxTxSetSize,
    });
    if (store.size === 0) {
      const rootAccount = newAccount(root.xdrAccountId(), TOTAL_COINS, 0n);
      const genesis = new LedgerTxn(store, header);
      genesis.create(accountEntry(rootAccount));
      // The network's Soroban settings, readable as ledger entries as on quickstart's local network.
      for (const entry of genesisConfigEntries(header.ledgerSeq, options.minPersistentTtl))
        genesis.create(entry);
      // A genesis at a later protocol holds what each upgrade since would have written (core's
      // initializeGenesisLedgerForTesting).
      upgradeConfigEntries(genesis, MIN_PROTOCOL_VERSION, protocol);
      atomically(() => store.write(genesis.writes()));
    }
    // stellar-core startNewLedger: the genesis state is ledger 1's batch, all of it created.
    buckets = new BucketState();
    const genesisEntries = [...store.entries()].map(([, entry]) => entry);
    header.bucketListHash = buckets.close(header.ledgerSeq, 0, header.ledgerVersion, {
      init: genesisEntries,
      live: [],
      dead: [],
    });
    atomically(() => options.bucketStorage?.save(buckets));
  }
  let settings = storedNetworkSettings(store);
  const upgrades = new Map<string, ScheduledUpgrade>();
  // Upgrades::createUpgradesFor's order, which is LedgerUpgradeType's: version first.
  const scheduledInOrder = () =>
    [...upgrades.values()].sort(
      (a, b) =>
        xdr.LedgerUpgradeType.fromName(a.upgrade.type).value -
        xdr.LedgerUpgradeType.fromName(b.upgrade.type).value,
    );
  let moduleCache: SorobanOpContext['modules'] | undefined;
  const sorobanModules = (soroban: SorobanHost) => {
    moduleCache ??= new soroban.ModuleCache();
    return moduleCache;
  };
  // This ledger's view of the host: set once the load it asked for has resolved.
  let host: SorobanHost | undefined;
  function loadHost(): Promise<SorobanHost> {
    return loadSorobanHost().then((loaded) => {
      host = loaded;
      return loaded;
    });
  }

  /** `overlay`: a transaction given to the queue, not one it holds checked again after a close. */
  function submissionView(overlay: boolean): ValidationView {
    const lastClose = closeTime(header);
    const current = BigInt(now());
    const drift = current > lastClose ? current - lastClose : 0n;
    return {
      ltx: new LedgerTxn(store, header),
      ledgerSeq: header.ledgerSeq + 1,
      closeTime: lastClose,
      lowerBoundOffset: 0n,
      upperBoundOffset: EXPECTED_CLOSE_SECONDS * 2n + drift,
      applying: false,
      overlay,
      settings,
    };
  }

  const checks = {
    validate: (frame: TxFrame) => checkValid(frame, submissionView(true)),
    availableBalance(feeSource: xdr.PublicKey): bigint {
      const account = loadAccount(new LedgerTxn(store, header), feeSource);
      return account ? accountAvailableBalance(header, account) : 0n;
    },
    maxTxSetSize: () => header.maxTxSetSize,
  };

  function nextCloseTime(requested: number | undefined): bigint {
    const last = closeTime(header);
    if (requested !== undefined) {
      if (BigInt(requested) <= last) throw new RangeError(`close time ${requested} is not after ${last}`);
      return BigInt(requested);
    }
    const current = BigInt(now());
    return current > last ? current : last + 1n;
  }

  return {
    passphrase,
    networkId,
    root,
    buckets,
    get sorobanSettings(): NetworkSettings {
      return settings;
    },
    sorobanModules,
    history,

    submit(envelopeXdr: string): SubmitResult {
      const frame = parseEnvelope(networkId, envelopeXdr);
      const submitted = queue.add(frame, checks);
      if (frame.isSoroban && submitted.status === 'PENDING' && !host) void loadHost().catch(() => undefined);
      return submitted;
    },

    close(closeOptions: CloseOptions = {}): xdr.LedgerCloseMeta {
      const time = nextCloseTime(closeOptions.closeTime);
      const output = atomically(() => {
        const soroban = host && {
          host,
          settings,
          networkId,
          diagnostics: options.sorobanDiagnostics ?? false,
          modules: sorobanModules(host),
        };
        const closed = closeLedger({
          store,
          header,
          pending: queue.pending(),
          closeTime: time,
          networkId,
          settings,
          soroban,
          upgrades: scheduledInOrder(),
          buckets,
        });
        history.append(closed.ledger);
        options.bucketStorage?.save(buckets);
        trimHistory(closed.ledger.sequence);
        return closed;
      });
      header = output.header;
      if (upgrades.size > 0) {
        upgrades.clear();
        settings = storedNetworkSettings(store);
      }
      for (const [hash, error] of output.internalErrors) internalErrors.set(hash, error);
      queue.remove(output.applied);
      // stellar-core drops queued transactions the new ledger made invalid (HerderImpl
      // updateTransactionQueue: TxSetUtils::getInvalidTxListWithErrors, not an overlay check).
      queue.remove(queue.pending().filter((frame) => !checkValid(frame, submissionView(false)).isSuccess));
      queue.shift();
      return output.ledger.meta;
    },

    upgrade(requested: readonly ScheduledUpgrade[]): void {
      for (const item of requested) {
        const problem = upgradeProblem(item, header);
        if (problem !== undefined) throw new UpgradeError(problem);
      }
      for (const item of requested) upgrades.set(item.upgrade.type, item);
    },

    scheduledUpgrades: scheduledInOrder,

    get latestSequence(): number {
      return header.ledgerSeq;
    },

    latestHeader(): xdr.LedgerHeaderHistoryEntry {
      const closed = ledgerHeader(header);
      return new xdr.LedgerHeaderHistoryEntry({
        hash: headerHash(closed),
        header: closed,
        ext: xdr.LedgerHeaderHistoryEntryExt.v0(),
      });
    },

    entry(key: xdr.LedgerKey | string): xdr.LedgerEntry | undefined {
      return store.get(typeof key === 'string' ? key : keyId(key));
    },

    pending(): string[] {
      return queue.pending().map((frame) => Buffer.from(frame.contentsHash).toString('hex'));
    },

    internalError(hash: string): unknown {
      return internalErrors.get(hash);
    },

    async sorobanReady(): Promise<void> {
      await loadHost();
    },

    sorobanPending(): boolean {
      return queue.pending().some((frame) => frame.isSoroban);
    },
  };
}

export type { ClosedLedger };
