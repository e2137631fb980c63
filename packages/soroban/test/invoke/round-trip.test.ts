/**
 * Simulate, then apply what the simulation said, as a client and a network would: upload, create
 * and call the add_i32 contract on the local network's settings; the apply must give the same
 * answer and the same writes. Then what goes wrong at apply: a footprint that misses a key, too
 * few instructions or write bytes, too small a refundable fee, and archived entries (restored
 * automatically from protocol 23, a restore preamble before).
 */
import { hash, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Budget, localNetworkSettings, SIMULATION_SHADOW_FACTORS } from '../../src/budget/index.js';
import { type ApplyInput, applyHostFunction } from '../../src/invoke/apply.js';
import { type SimulateInput, type SimulateSuccess, simulateHostFunction } from '../../src/invoke/simulate.js';
import { InMemorySnapshot, type LedgerInfo } from '../../src/storage/index.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { accountId, wasmKey } from './fixtures.js';

const settings = localNetworkSettings();
const source = accountId(9);

function ledgerAt(sequenceNumber: number, protocolVersion = 23): LedgerInfo {
  return {
    protocolVersion,
    sequenceNumber,
    timestamp: 1_700_000_000n,
    networkId: Uint8Array.from(hash(Buffer.from('Standalone Network ; February 2017'))),
    baseReserve: 5_000_000,
    minTempEntryTtl: settings.stateArchival.minTemporaryTtl,
    minPersistentEntryTtl: settings.stateArchival.minPersistentTtl,
    maxEntryTtl: settings.stateArchival.maxEntryTtl,
  };
}

function simulated(
  snapshot: InMemorySnapshot,
  ledger: LedgerInfo,
  hostFunction: xdr.HostFunction,
  options: Pick<SimulateInput, 'budget' | 'modules'> = {},
): SimulateSuccess {
  const result = simulateHostFunction({
    ledger,
    snapshot,
    settings,
    hostFunction,
    sourceAccount: source,
    ...options,
  });
  if (!result.ok) throw result.error;
  return result;
}

/** The apply of a simulated transaction: its resources, restored indices, refundable fee and auth. */
function applyInput(
  snapshot: InMemorySnapshot,
  ledger: LedgerInfo,
  hostFunction: xdr.HostFunction,
  data: xdr.SorobanTransactionData,
  auth: xdr.SorobanAuthorizationEntry[] = [],
): ApplyInput {
  const ext = data.ext;
  return {
    ledger,
    snapshot,
    settings,
    hostFunction,
    resources: data.resources,
    archivedSorobanEntries: ext.type === 'resourceExt' ? ext.resourceExt.archivedSorobanEntries : [],
    auth,
    sourceAccount: source,
    maxRefundableFee: data.resourceFee,
  };
}

/** Writes an apply's effects into the ledger. */
function commit(
  snapshot: InMemorySnapshot,
  writes: { key: xdr.LedgerKey; entry: xdr.LedgerEntry | null; liveUntil: number | undefined }[],
) {
  for (const { key, entry, liveUntil } of writes) {
    if (entry) snapshot.set(key, { entry, liveUntil });
    else snapshot.delete(key);
  }
}

const b64 = (value: { toXdr(format: 'base64'): string }) => value.toXdr('base64');

describe.skipIf(!sorobanData)(`simulate then apply (${sorobanData ? '' : NO_SOROBAN_DATA})`, () => {
  const wasm = sorobanData ? readSoroban('wasm/20/example_add_i32.wasm') : Buffer.alloc(0);
  const upload = xdr.HostFunction.hostFunctionTypeUploadContractWasm(wasm);
  const wasmHash = Uint8Array.from(hash(wasm));
  const create = xdr.HostFunction.hostFunctionTypeCreateContractV2(
    new xdr.CreateContractArgsV2({
      contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAddress(
        new xdr.ContractIdPreimageFromAddress({
          address: xdr.ScAddress.scAddressTypeAccount(source),
          salt: Buffer.alloc(32, 1),
        }),
      ),
      executable: xdr.ContractExecutable.contractExecutableWasm(wasmHash),
      constructorArgs: [],
    }),
  );
  const add = (contract: xdr.ScAddress, a: number, b: number) =>
    xdr.HostFunction.hostFunctionTypeInvokeContract(
      new xdr.InvokeContractArgs({
        contractAddress: contract,
        functionName: 'add',
        args: [xdr.ScVal.scvI32(a), xdr.ScVal.scvI32(b)],
      }),
    );

  /** Uploads and creates through simulate + apply; returns the ledger and the contract's address. */
  function deployed(ledger: LedgerInfo) {
    const snapshot = new InMemorySnapshot();
    let contract: xdr.ScAddress | undefined;
    for (const hostFunction of [upload, create]) {
      const sim = simulated(snapshot, ledger, hostFunction);
      const applied = applyHostFunction(
        applyInput(snapshot, ledger, hostFunction, sim.transactionData, sim.auth),
      );
      if (applied.code !== 'invokeHostFunctionSuccess') throw new Error(`${applied.code}: ${applied.detail}`);
      expect(b64(applied.returnValue)).toBe(b64(sim.returnValue));
      // The apply writes exactly the entries the simulation said would change.
      expect(applied.writes.map((w) => w.entry && b64(w.entry))).toEqual(
        sim.stateChanges.map((c) => c.after && b64(c.after)),
      );
      commit(snapshot, applied.writes);
      if (sim.returnValue.type === 'scvAddress') contract = sim.returnValue.address;
    }
    if (!contract) throw new Error('no contract');
    return { snapshot, contract };
  }

  it('upload, create and add: the apply gives the simulated answer and writes', () => {
    const ledger = ledgerAt(1000);
    const { snapshot, contract } = deployed(ledger);
    expect(contract.type).toBe('scAddressTypeContract');
    const call = add(contract, 4, 7);
    const sim = simulated(snapshot, ledger, call);
    expect(sim.returnValue.type === 'scvI32' && sim.returnValue.i32).toBe(11);
    // A read call: the code and the instance read-only, nothing written, no auth.
    expect(sim.transactionData.resources.footprint.readWrite).toEqual([]);
    expect(sim.transactionData.resources.footprint.readOnly.length).toBe(2);
    expect(sim.transactionData.resources.writeBytes).toBe(0);
    // The simulated instructions carry stellar-rpc's margin: max(x * 1.04, x + 50,000).
    const measured = Number(sim.cpuInstructions);
    expect(sim.transactionData.resources.instructions).toBe(
      Math.max(Math.floor(measured * 1.04), measured + 50_000),
    );
    expect(sim.minResourceFee).toBe(sim.transactionData.resourceFee);
    const applied = applyHostFunction(applyInput(snapshot, ledger, call, sim.transactionData));
    expect(applied.code).toBe('invokeHostFunctionSuccess');
    if (applied.code !== 'invokeHostFunctionSuccess') return;
    expect(b64(applied.returnValue)).toBe(b64(sim.returnValue));
    expect(applied.writes).toEqual([]);
    expect(applied.modifiedEntries).toEqual([]);
    expect(applied.cpuInstructions).toBeLessThanOrEqual(BigInt(sim.transactionData.resources.instructions));
  });

  it('code already in the ledger is a module cache hit: neither simulation nor apply charges its parsing', () => {
    const ledger = ledgerAt(1000);
    const { snapshot, contract } = deployed(ledger);
    const call = add(contract, 4, 7);
    const parsing = (budget: Budget) => budget.tally('ParseWasmInstructions').iterations;
    const simBudget = Budget.fromSettings(settings, { shadowFactors: SIMULATION_SHADOW_FACTORS });
    const sim = simulated(snapshot, ledger, call, { budget: simBudget });
    const applyBudget = Budget.fromSettings(settings, {
      instructions: BigInt(sim.transactionData.resources.instructions),
    });
    const applied = applyHostFunction({
      ...applyInput(snapshot, ledger, call, sim.transactionData),
      budget: applyBudget,
    });
    expect(applied.code).toBe('invokeHostFunctionSuccess');
    // Both instantiate from the cached module (stellar-core's, or the snapshot's in recording mode).
    expect([parsing(simBudget), parsing(applyBudget)]).toEqual([0n, 0n]);
    // stellar-core's cache parses each code with its length alone (`parse_and_cache_module_simple`),
    // and simulation's stand-in for it does too: both instantiations charge VmCachedInstantiation.
    const instantiations = (budget: Budget) =>
      (['InstantiateWasmInstructions', 'VmCachedInstantiation'] as const).map(
        (type) => budget.tally(type).iterations,
      );
    expect([instantiations(simBudget), instantiations(applyBudget)]).toEqual([
      [0n, 1n],
      [0n, 1n],
    ]);
  });

  it('code whose TTL has run out is a module cache miss in simulation: its parse is charged', () => {
    const deployedAt = ledgerAt(1000);
    const { snapshot, contract } = deployed(deployedAt);
    const later = ledgerAt(1000 + settings.stateArchival.minPersistentTtl + 10);
    const budgetAt = (ledger: LedgerInfo) => {
      const budget = Budget.fromSettings(settings, { shadowFactors: SIMULATION_SHADOW_FACTORS });
      simulated(snapshot, ledger, add(contract, 1, 1), { budget });
      return budget.tally('ParseWasmInstructions').iterations;
    };
    // `is_key_live_in_snapshot`: live code would be in the cache when applied, archived code not.
    expect([budgetAt(deployedAt), budgetAt(later)]).toEqual([0n, 1n]);
  });

  it('a simulation whose module is already cached still reads the code into the footprint', () => {
    const ledger = ledgerAt(1000);
    const { snapshot, contract } = deployed(ledger);
    const modules = new Map();
    const footprints = [1, 2].map(() => {
      const sim = simulated(snapshot, ledger, add(contract, 1, 1), { modules });
      return sim.transactionData.resources.footprint.readOnly.map((key) => key.type);
    });
    expect(modules.size).toBe(1);
    expect(footprints).toEqual([
      ['contractData', 'contractCode'],
      ['contractData', 'contractCode'],
    ]);
  });

  it('what fails at apply, and with which result code', () => {
    const ledger = ledgerAt(1000);
    const { snapshot, contract } = deployed(ledger);
    const call = add(contract, 1, 2);
    const { transactionData } = simulated(snapshot, ledger, call);
    const good = applyInput(snapshot, ledger, call, transactionData);
    const resources = (change: Partial<{ readOnly: xdr.LedgerKey[]; instructions: number }>) =>
      new xdr.SorobanResources({
        footprint: new xdr.LedgerFootprint({
          readOnly: change.readOnly ?? good.resources.footprint.readOnly,
          readWrite: [],
        }),
        instructions: change.instructions ?? good.resources.instructions,
        diskReadBytes: 0,
        writeBytes: 0,
      });
    const given: [string, ApplyInput, string, string | undefined][] = [
      [
        'the code missing from the footprint',
        {
          ...good,
          resources: resources({
            readOnly: [
              good.resources.footprint.readOnly.find((k) => k.type === 'contractData') as xdr.LedgerKey,
            ],
          }),
        },
        'invokeHostFunctionTrapped',
        'Error(Storage, ExceededLimit)',
      ],
      [
        'too few instructions',
        { ...good, resources: resources({ instructions: 10_000 }) },
        'invokeHostFunctionResourceLimitExceeded',
        'Error(Budget, ExceededLimit)',
      ],
      [
        'adding past i32',
        { ...good, hostFunction: add(contract, 1, 2_147_483_647) },
        'invokeHostFunctionTrapped',
        'Error(WasmVm, InvalidAction)',
      ],
    ];
    for (const [, input, code, error] of given) {
      const applied = applyHostFunction(input);
      expect(applied.code).toBe(code);
      expect(applied.code !== 'invokeHostFunctionSuccess' ? applied.error?.short : undefined).toBe(error);
    }
  });

  it('an upload with too few write bytes, or too small a refundable fee, fails after the host ran', () => {
    const ledger = ledgerAt(1000);
    const snapshot = new InMemorySnapshot();
    const sim = simulated(snapshot, ledger, upload);
    const input = applyInput(snapshot, ledger, upload, sim.transactionData);
    const fewerBytes = new xdr.SorobanResources({
      footprint: input.resources.footprint,
      instructions: input.resources.instructions,
      diskReadBytes: 0,
      writeBytes: input.resources.writeBytes - 1,
    });
    const given: [ApplyInput, string, string][] = [
      [
        { ...input, resources: fewerBytes },
        'invokeHostFunctionResourceLimitExceeded',
        'operation byte-write resources exceeds amount specified',
      ],
      [
        { ...input, maxRefundableFee: 1n },
        'invokeHostFunctionInsufficientRefundableFee',
        'refundable resource fee was not sufficient to cover the ledger storage rent',
      ],
    ];
    for (const [applyWith, code, detail] of given) {
      const applied = applyHostFunction(applyWith);
      expect([applied.code, applied.code !== 'invokeHostFunctionSuccess' && applied.detail]).toEqual([
        code,
        detail,
      ]);
    }
  });

  it('an archived entry: restored by the transaction from protocol 23, ENTRY_ARCHIVED when not marked', () => {
    const deployedAt = ledgerAt(1000);
    const { snapshot, contract } = deployed(deployedAt);
    const later = ledgerAt(1000 + settings.stateArchival.minPersistentTtl + 10);
    const call = add(contract, 2, 3);
    const sim = simulated(snapshot, later, call);
    // Both the instance and the code are archived: the transaction restores them (read-write, in key order).
    const { resources } = sim.transactionData;
    expect(resources.footprint.readOnly).toEqual([]);
    expect(resources.footprint.readWrite.length).toBe(2);
    const ext = sim.transactionData.ext;
    expect(ext.type === 'resourceExt' && ext.resourceExt.archivedSorobanEntries).toEqual([0, 1]);
    expect(resources.diskReadBytes).toBeGreaterThan(wasm.length);
    expect(sim.restorePreamble).toBeUndefined();

    const input = applyInput(snapshot, later, call, sim.transactionData);
    const unmarked = applyHostFunction({ ...input, archivedSorobanEntries: [] });
    expect([unmarked.code, unmarked.code !== 'invokeHostFunctionSuccess' && unmarked.detail]).toEqual([
      'invokeHostFunctionEntryArchived',
      'trying to access an archived contract data entry',
    ]);
    const restored = applyHostFunction(input);
    expect(restored.code).toBe('invokeHostFunctionSuccess');
    if (restored.code !== 'invokeHostFunctionSuccess') return;
    expect(restored.returnValue.type === 'scvI32' && restored.returnValue.i32).toBe(5);
    expect(restored.restoredRwEntryIndices).toEqual([0, 1]);
    // Both come back live for the minimum persistent TTL, rewritten with their TTL entries.
    const restoredUntil = later.sequenceNumber + settings.stateArchival.minPersistentTtl - 1;
    expect(restored.writes.map((w) => w.liveUntil)).toEqual([restoredUntil, restoredUntil]);
    expect(restored.modifiedEntries.map((e) => e.data.type)).toEqual([
      'contractData',
      'ttl',
      'contractCode',
      'ttl',
    ]);
    expect(restored.rentFee).toBeGreaterThan(0n);
  });

  it('before protocol 23, an archived entry gives a restore preamble', () => {
    const ledger22 = ledgerAt(1000, 22);
    const { snapshot, contract } = deployed(ledger22);
    const later = ledgerAt(1000 + settings.stateArchival.minPersistentTtl + 10, 22);
    const sim = simulated(snapshot, later, add(contract, 2, 3));
    expect(sim.transactionData.ext.type).toBe('v0');
    const preamble = sim.restorePreamble;
    expect(preamble).toBeDefined();
    if (!preamble) return;
    const keys = preamble.transactionData.resources.footprint.readWrite.map(b64).sort();
    expect(keys).toEqual(sim.transactionData.resources.footprint.readOnly.map(b64).sort());
    expect(keys).toContain(b64(wasmKey(wasm)));
    expect(preamble.minResourceFee).toBe(preamble.transactionData.resourceFee);
    expect(preamble.minResourceFee).toBeGreaterThan(0n);
  });
});
