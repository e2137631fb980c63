#!/usr/bin/env node
// The host's benchmark, after `npm run build`:
//   node scripts/pnpm.mjs --filter @starspec/soroban bench [-- --quick] [-- --rounds N]
// Writes the package's section of bench-results.json and the README's table rendered from it.
//   1. instantiation with and without the module cache: the same call of a contract already in the
//      ledger applied (InvokeHostFunction, enforcing) with the ledger's parsed modules kept, against
//      with an empty cache each time (parse, validate, instrument and compile on every call). The
//      budget charged is the same either way: the cache saves wall time only.
// The contracts are the Rust host's own test contracts (../shared/soroban beside the repository,
// or STARSPEC_SHARED): without them the benchmark says so and writes nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions, compareFunctions, printRows, recordResults } from '@starspec/bench';
import {
  applyHostFunction,
  InMemorySnapshot,
  localNetworkSettings,
  ModuleCache,
  simulateHostFunction,
} from '@starspec/soroban';
import { hash, Keypair, xdr } from '@stellar/stellar-sdk';

const options = benchOptions();
const repo = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const soroban = join(process.env.STARSPEC_SHARED ?? join(repo, '..', 'shared'), 'soroban');
if (!existsSync(join(soroban, 'SOURCES.md'))) {
  console.log(`no Soroban test data at ${soroban} (set STARSPEC_SHARED): nothing measured`);
  process.exit(0);
}

const settings = localNetworkSettings();
const source = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 9)).xdrAccountId();
const ledger = {
  protocolVersion: 23,
  sequenceNumber: 1000,
  timestamp: 1_700_000_000n,
  networkId: Uint8Array.from(hash(Buffer.from('Standalone Network ; February 2017'))),
  baseReserve: 5_000_000,
  minTempEntryTtl: settings.stateArchival.minTemporaryTtl,
  minPersistentEntryTtl: settings.stateArchival.minPersistentTtl,
  maxEntryTtl: settings.stateArchival.maxEntryTtl,
};
const snapshot = new InMemorySnapshot();

/** Simulates, then applies what the simulation said, and writes the apply's effects. */
function run(hostFunction, modules) {
  const sim = simulateHostFunction({
    ledger,
    snapshot,
    settings,
    hostFunction,
    sourceAccount: source,
    modules,
  });
  if (!sim.ok) throw sim.error;
  const { resources, ext } = sim.transactionData;
  const input = {
    ledger,
    snapshot,
    settings,
    hostFunction,
    resources,
    archivedSorobanEntries: ext.type === 'resourceExt' ? ext.resourceExt.archivedSorobanEntries : [],
    auth: sim.auth,
    sourceAccount: source,
    maxRefundableFee: sim.transactionData.resourceFee,
    modules,
  };
  return { input, applied: apply(input) };
}

function apply(input) {
  const applied = applyHostFunction(input);
  if (applied.code !== 'invokeHostFunctionSuccess') throw new Error(`${applied.code}: ${applied.detail}`);
  for (const { key, entry, liveUntil } of applied.writes) {
    if (entry) snapshot.set(key, { entry, liveUntil });
    else snapshot.delete(key);
  }
  return applied;
}

const wasm = readFileSync(join(soroban, 'wasm/20/example_complex.wasm'));
run(xdr.HostFunction.hostFunctionTypeUploadContractWasm(wasm));
const created = run(
  xdr.HostFunction.hostFunctionTypeCreateContractV2(
    new xdr.CreateContractArgsV2({
      contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAddress(
        new xdr.ContractIdPreimageFromAddress({
          address: xdr.ScAddress.scAddressTypeAccount(source),
          salt: Buffer.alloc(32, 1),
        }),
      ),
      executable: xdr.ContractExecutable.contractExecutableWasm(hash(wasm)),
      constructorArgs: [],
    }),
  ),
).applied.returnValue;
const cache = new ModuleCache();
const call = run(
  xdr.HostFunction.hostFunctionTypeInvokeContract(
    new xdr.InvokeContractArgs({ contractAddress: created.address, functionName: 'go', args: [] }),
  ),
  cache,
).input;

const rows = [
  compareFunctions({
    id: 'module-cache',
    title: `an applied call of a ${(wasm.length / 1024).toFixed(1)} KiB contract already in the ledger (example_complex.go)`,
    subject: { label: 'with the module cache', fn: () => apply(call) },
    baseline: { label: 'an empty cache each call', fn: () => apply({ ...call, modules: new ModuleCache() }) },
    rounds: options.rounds,
    batch: options.write ? 20 : 5,
  }),
];
printRows(rows);
if (options.write)
  recordResults('soroban', {
    command: 'node scripts/pnpm.mjs --filter @starspec/soroban bench',
    rows,
    options,
    workload: 'a round: one batch of calls each way, in this process',
  });
