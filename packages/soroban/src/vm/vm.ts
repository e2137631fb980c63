/**
 * The two ways the host makes a VM from bytes: `Vm::new_with_cost_inputs` (parse, link and
 * instantiate in one go, for a contract not in the module cache) and the upload check of
 * `Host::upload_contract_wasm` (host/lifecycle.rs), which instantiates a throwaway VM, charges
 * the parse once more and extracts the refined cost inputs stored with the code entry.
 */
import { internalError } from '../errors/host-error.js';
import { chargeForParsing, type VersionedCostInputs } from './charges.js';
import { type CostInputs, extractCostInputs } from './cost-inputs.js';
import { type InstantiateOptions, instantiate, type VmInstance } from './instance.js';
import type { HostImports } from './link.js';
import type { WasmModule } from './module.js';
import { parseContract } from './parse.js';

export type NewVmOptions = Omit<InstantiateOptions, 'linkerPerModule'> & { costInputs?: VersionedCostInputs };

/** `Vm::new_with_cost_inputs`: V0 (byte length) inputs unless refined ones are given. */
export function newVm(
  wasm: Uint8Array,
  host: HostImports | ((m: WasmModule) => HostImports),
  options: NewVmOptions,
): VmInstance {
  const parsed = parseContract(wasm, {
    ledgerProtocol: options.ledgerProtocol,
    envProtocol: options.envProtocol,
    meter: options.budget,
    costInputs: options.costInputs,
  });
  const imports = typeof host === 'function' ? host(parsed.module) : host;
  return instantiate(parsed, imports, { ...options, linkerPerModule: true });
}

/** Stand-ins for the host interface when a VM is made only to be checked: linking needs names. */
function uncallableImports(m: WasmModule): HostImports {
  const host: HostImports = {};
  for (const i of m.imports) {
    host[i.module] ??= {};
    (host[i.module] as HostImports[string])[i.name] = () => {
      throw internalError('host function called on an upload check VM');
    };
  }
  return host;
}

/**
 * The upload check: a VM made as `Vm::new` makes it (V0 costs), the parse charged again, then
 * the refined cost inputs for the new ContractCodeEntry's V1 extension. Whether each import
 * exists is the interface check's answer (`isImportKnown`).
 */
export function checkUpload(wasm: Uint8Array, options: Omit<NewVmOptions, 'costInputs'>): CostInputs {
  const vm = newVm(wasm, uncallableImports, options);
  chargeForParsing(options.budget, { v0: { wasmBytes: wasm.length } });
  return extractCostInputs(vm.parsed.module);
}
