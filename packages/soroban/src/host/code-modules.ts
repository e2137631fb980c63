/**
 * The parsed module of a contract's code (`instantiate_vm`, host/frame.rs), and whether it was
 * parsed for one VM alone (which then links its own imports). A module cache hit is parsed off the
 * budget (stellar-core built its cache before the transaction); in recording mode, code in the
 * snapshot would be a hit when the transaction is applied, so it is parsed on the shadow budget;
 * a miss is parsed and charged with the cost inputs stored beside the code
 * (`Vm::new_with_cost_inputs`), each time, as the host's throwaway module is.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Budget } from '../budget/index.js';
import { HostError } from '../errors/host-error.js';
import { chargeContractKey, contractCodeKey, type LedgerInfo, type Storage } from '../storage/index.js';
import { costInputsFromXdr, type ModuleStore, type ParsedContract, parseContract } from '../vm/index.js';
import { type Meter, UNMETERED } from './meter.js';

/** Declared sizes (host/declared_size.rs): a BytesM, a ContractCodeCostInputs. */
const BYTES_M_SIZE = 24n;
const COST_INPUTS_SIZE = 40n;

interface CodeHost {
  readonly budget: Budget;
  readonly storage: Storage;
  readonly ledger: LedgerInfo;
  readonly envProtocol: number;
}

/**
 * The cost inputs a module cache parsed its modules with, which its instantiations charge:
 * stellar-core's cache parses each code with its length alone (`parse_and_cache_module_simple`,
 * `VersionedContractCodeCostInputs::V0`); a cache built from a host's storage
 * (`ModuleCache::add_stored_contracts`, as the Rust tests build theirs) with the entry's own.
 */
export type CachedCodeCosts = 'length' | 'entry';

export class CodeModules {
  constructor(
    private readonly host: CodeHost,
    private readonly store: ModuleStore,
    /** Whether the module cache holds a code hash; `undefined`: there is no module cache. */
    private readonly codeCached: ((wasmHash: Uint8Array) => boolean | undefined) | undefined,
    private readonly cachedCosts: CachedCodeCosts = 'length',
  ) {}

  load(wasmHash: Uint8Array): { parsed: ParsedContract; fresh: boolean } {
    const { budget, storage } = this.host;
    const key = contractCodeKey(wasmHash);
    const inCache = this.codeCached?.(wasmHash);
    if (inCache !== undefined) {
      // `contract_code_ledger_key`: the hash copied into a new key, each time one is made.
      chargeContractKey(budget);
      if (storage.has(key, budget) && inCache)
        return { parsed: this.cached(wasmHash, key, UNMETERED, this.cachedCosts), fresh: false };
    }
    // A cache miss, or no cache: recording mode treats code live in the snapshot as cached (it will
    // be when the transaction is applied), parsed on the shadow budget with the cost inputs of its
    // length alone (`is_key_live_in_snapshot`, then `VersionedContractCodeCostInputs::V0`).
    if (storage.isRecording) {
      const cached = budget.withObservableShadowMode(() => {
        chargeContractKey(budget);
        return this.liveInSnapshot(key) ? this.cached(wasmHash, key, budget, 'length') : undefined;
      });
      if (cached) return { parsed: cached, fresh: false };
    }
    chargeContractKey(budget);
    return { parsed: this.parse(storage.get(key, budget), budget), fresh: true };
  }

  /** Whether the snapshot holds the code and its TTL has not run out. */
  private liveInSnapshot(key: xdr.LedgerKey): boolean {
    const found = this.host.storage.snapshotValue(key);
    if (!found) return false;
    return found.liveUntil === undefined || found.liveUntil >= this.host.ledger.sequenceNumber;
  }

  /**
   * The cached module of the code: parsed once with the entry's cost inputs, or (`length`) with
   * those of the code's length alone, which recording mode's stand-in for the cache uses.
   */
  private cached(
    wasmHash: Uint8Array,
    key: xdr.LedgerKey,
    meter: Meter,
    costs: CachedCodeCosts,
  ): ParsedContract {
    // Read even when cached: in recording mode the read puts the code in the footprint.
    const entry = this.host.storage.get(key, meter);
    const hex = Buffer.from(wasmHash).toString('hex');
    const id = costs === 'entry' ? hex : `${hex}:v0`;
    const cached = this.store.get(id);
    if (cached) return cached;
    const parsed = this.parse(entry, meter, costs);
    this.store.set(id, parsed);
    return parsed;
  }

  /** `retrieve_wasm_from_storage` (the code and its cost inputs cloned out of the entry), then the parse. */
  private parse(entry: xdr.LedgerEntry, meter: Meter, costs: CachedCodeCosts = 'entry'): ParsedContract {
    if (entry.data.type !== 'contractCode')
      throw new HostError('Storage', 'InternalError', 'expected a code entry');
    const { code, ext } = entry.data.contractCode;
    meter.charge('MemCpy', BYTES_M_SIZE);
    meter.charge('MemAlloc', BigInt(code.length));
    meter.charge('MemCpy', BigInt(code.length));
    if (ext.type === 'v1') meter.charge('MemCpy', COST_INPUTS_SIZE);
    return parseContract(code, {
      ledgerProtocol: this.host.ledger.protocolVersion,
      envProtocol: this.host.envProtocol,
      meter,
      costInputs:
        ext.type === 'v1' && costs === 'entry'
          ? { v1: costInputsFromXdr(ext.v1.costInputs) }
          : { v0: { wasmBytes: code.length } },
    });
  }
}
