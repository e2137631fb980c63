/**
 * The host a drive script's setup asks for, made as the Rust tests make theirs (testutils.rs):
 * `Host::test_host()` is a default budget over empty enforcing storage with the test ledger info;
 * `test_host_with_recording_footprint()` adds recording storage over an empty snapshot and the test
 * PRNG seed, whose unbiasing the budget pays for before the trace begins.
 */
import { Budget } from '../../src/budget/budget.js';
import { DEFAULT_COST_PARAMS } from '../../src/budget/default-params.js';
import { HOST_AUTHORIZATION } from '../../src/host/auth/layer.js';
import { Host } from '../../src/host/host.js';
import { UNMETERED } from '../../src/host/meter.js';
import type { ChaCha20Rng } from '../../src/host/prng/chacha20.js';
import {
  DECLARED_SIZE,
  Footprint,
  InMemorySnapshot,
  type LedgerInfo,
  newStorageMap,
  Storage,
} from '../../src/storage/index.js';
import { costInputsFromXdr, type ParsedContract, parseContract } from '../../src/vm/index.js';
import { Unsupported } from './adapter-values.js';
import type { HostAction, ScriptSetup } from './script-types.js';
import { draw32, drawNonce, testPrng } from './test-prng.js';

export const U64_MAX = (1n << 64n) - 1n;
const DEFAULT_CPU = 100_000_000n;
const DEFAULT_MEM = 40n * 1024n * 1024n;

/** The protocol the traces' test hosts run (`Host::current_test_protocol()` at v23.0.0). */
export const TEST_PROTOCOL = 23;

/** `set_test_ledger_info_with_current_test_protocol`. */
export function testLedger(): LedgerInfo {
  return {
    protocolVersion: TEST_PROTOCOL,
    sequenceNumber: 0,
    timestamp: 0n,
    networkId: new Uint8Array(32),
    baseReserve: 0,
    minPersistentEntryTtl: 4096,
    minTempEntryTtl: 16,
    maxEntryTtl: 6_312_000,
  };
}

/** `Budget::default()`, `test_budget(cpu, mem)` and the `reset_unlimited*` variants. */
export function budgetFor(setup: ScriptSetup): Budget {
  if (!setup.budget && !setup.unlimited) return Budget.default();
  let cpu = setup.budget?.cpu ?? DEFAULT_CPU;
  let mem = setup.budget?.mem ?? DEFAULT_MEM;
  if (setup.unlimited === 'both' || setup.unlimited === 'cpu') cpu = U64_MAX;
  if (setup.unlimited === 'both' || setup.unlimited === 'mem') mem = U64_MAX;
  return new Budget(DEFAULT_COST_PARAMS, { cpu, mem });
}

/**
 * The Rust test hosts have no module cache until a test asks for one
 * (`ensure_module_cache_contains_host_storage_contracts`): every VM parses its module again, and
 * is charged for it. This map keeps nothing, and the host is told of no cached code, until then.
 */
class TestModuleCache extends Map<string, ParsedContract> {
  keeping = false;
  override set(key: string, parsed: ParsedContract): this {
    return this.keeping ? super.set(key, parsed) : this;
  }
}

const CACHES = new WeakMap<Host, TestModuleCache>();
const TEST_PRNGS = new WeakMap<Host, ChaCha20Rng>();

/** `generate_bytes_array` (testutils.rs) on a recording test host: 32 bytes of its test PRNG. */
export function generateBytesArray(host: Host): Buffer {
  const prng = TEST_PRNGS.get(host);
  if (!prng) throw new Error('missing test PRNG: not a recording test host');
  return draw32(prng);
}

/** An auth entry's nonce from the test PRNG (`drawNonce`). */
export function testNonce(host: Host): bigint {
  const prng = TEST_PRNGS.get(host);
  if (!prng) throw new Error('missing test PRNG: not a recording test host');
  return drawNonce(prng);
}

/**
 * `ensure_module_cache_contains_host_storage_contracts` (host.rs, `ModuleCache::add_stored_contracts`):
 * from now on the host keeps its parsed modules, starting with every non-empty contract code in
 * its storage, each parsed (and charged) with the cost inputs stored beside it.
 */
export function ensureModuleCache(host: Host): void {
  const cache = CACHES.get(host);
  if (!cache) throw new Error('not a test host');
  cache.keeping = true;
  for (const [key, slot] of host.storage.map.entries(host.budget)) {
    if (key.type !== 'contractCode' || !slot || slot.entry.data.type !== 'contractCode') continue;
    const { code, ext, hash } = slot.entry.data.contractCode;
    const id = Buffer.from(hash.value).toString('hex');
    if (code.length === 0 || cache.has(id)) continue;
    const costInputs =
      ext.type === 'v1' ? { v1: costInputsFromXdr(ext.v1.costInputs) } : { v0: { wasmBytes: code.length } };
    cache.set(
      id,
      parseContract(code, {
        ledgerProtocol: host.ledger.protocolVersion,
        envProtocol: host.envProtocol,
        meter: host.budget,
        costInputs,
      }),
    );
  }
}

/**
 * `is_test_contract_executable` (data_helper.rs), which a host built with `testutils` runs on every
 * contract call: the instance key made, the instance read and cloned, the empty input hashed.
 */
export function hostFor(setup: ScriptSetup): Host {
  const ledger = testLedger();
  if (setup.ledger) {
    const { sequenceNumber, timestamp, networkId, baseReserve } = setup.ledger;
    Object.assign(ledger, {
      sequenceNumber,
      timestamp,
      baseReserve,
      networkId: Buffer.from(networkId, 'hex'),
    });
  }
  const recording = setup.host === 'test_host_with_recording_footprint';
  const storage = recording
    ? Storage.recording(new InMemorySnapshot(), () => ledger)
    : Storage.enforcing(new Footprint(), newStorageMap(), () => ledger);
  const budget = budgetFor(setup);
  const modules = new TestModuleCache();
  const host = new Host({
    budget,
    storage,
    ledger,
    diagnostics: setup.diagnostics ?? false,
    // The v23 host's env protocol is its test protocol: a later ledger instantiates no VM.
    envProtocol: TEST_PROTOCOL,
    modules,
    // No module cache until the test asks for one (`ensure_module_cache_contains_host_storage_contracts`).
    codeCached: (wasmHash) =>
      modules.keeping ? modules.has(Buffer.from(wasmHash).toString('hex')) : undefined,
    // `ensure_module_cache_contains_host_storage_contracts` parses with the entries' cost inputs.
    cachedCodeCosts: 'entry',
    // The traces come from the host's test build.
    testutils: true,
  });
  CACHES.set(host, modules);
  // `set_test_prng`: the seed's unbiasing is charged before the trace begins.
  // A preflight's second run registers with the first run's draws, seeded untraced and uncharged.
  if (setup.preflight && !recording) TEST_PRNGS.set(host, testPrng());
  if (recording || setup.host === 'test_host_with_prng') {
    const prng = testPrng(budget);
    for (let i = 0; i < (setup.signingKeys ?? 0); i++) draw32(prng);
    TEST_PRNGS.set(host, prng);
  }
  return host;
}

/** Hosts whose test enabled invocation metering (`enable_invocation_metering`). */
const METERED_INVOCATIONS = new WeakSet<Host>();
/** The entries invocation metering starts at, of those the scripts call (host.rs `call`, `try_call`). */
const METERED_ENTRIES = new Set(['call', 'try_call']);

/**
 * `maybe_meter_invocation` (invocation_metering.rs): an entry with no frame under way is one
 * invocation. The footprint, the events and the budget's counts start again from nothing (the
 * entries stay, as the ledger before the call); its end, in shadow mode, measures the resources,
 * which asks the env for the ledger sequence (`askSequence`, traced), and the module cache takes
 * the contracts the storage now holds.
 */
export function meteredInvocation<T>(host: Host, entry: string, body: () => T, askSequence: () => void): T {
  if (!METERED_INVOCATIONS.has(host) || !METERED_ENTRIES.has(entry) || host.frames.depth > 0) return body();
  host.storage.resetFootprint();
  host.events.clear();
  host.budget.reset();
  try {
    return body();
  } finally {
    host.budget.withShadowMode(() => {
      askSequence();
      ensureModuleCache(host);
    });
  }
}

/** The host's test-only actions between calls (testutils.rs, budget/util.rs). */
export function hostAction(host: Host, action: HostAction): void {
  switch (action) {
    case 'enable_debug':
      return;
    case 'enable_invocation_metering':
      METERED_INVOCATIONS.add(host);
      return;
    case 'get_events':
      host.events.externalize(host);
      return;
    case 'reset_budget_default':
      host.budget.resetDefault();
      return;
    case 'reset_budget_unlimited':
      host.budget.resetLimits(U64_MAX, U64_MAX);
      return;
    case 'reset_budget_unlimited_cpu':
      host.budget.resetUnlimitedCpu();
      return;
    case 'ensure_module_cache_contains_host_storage_contracts':
      ensureModuleCache(host);
      return;
    case 'switch_to_recording_auth':
      HOST_AUTHORIZATION.record(host, true);
      return;
    case 'u256_from_account':
      host.budget.charge('MemCpy', DECLARED_SIZE.accountId);
      return;
    default:
      throw new Unsupported(`host action ${action}`);
  }
}

/**
 * `setup_storage_footprint` (data_helper.rs): each key of a recorded footprint, in order, given
 * its access in this host's footprint and an empty slot in its storage map (both charged).
 */
export function setupStorageFootprint(host: Host, footprint: Footprint): void {
  for (const [key, access] of footprint.map.entries(UNMETERED)) {
    host.storage.footprint.recordAccess(key, access, host.budget);
    host.storage.map.set(key, null, host.budget);
  }
}
