/**
 * The host interface: every host function a contract can import, with lookups by import name,
 * by function name and by protocol. The data is `table.ts`; this is its typed face.
 */
import { HostError } from '../errors/host-error.js';
import { parseTable } from './parse.js';
import type { HostFunction } from './types.js';

export { MODULE_LETTERS, type ModuleName } from './table.js';
export type { HostFunction, HostFunctionArg, ValueType } from './types.js';
export { isRawInteger, VALUE_TYPES } from './types.js';

/**
 * The protocols this host runs: a ledger at MAX_PROTOCOL is the newest it accepts (the env
 * interface version of env-meta.ts), and a function's range in table.ts gates it within these.
 */
export const MIN_PROTOCOL = 20;
export const MAX_PROTOCOL = 28;

export const HOST_FUNCTIONS: readonly HostFunction[] = Object.freeze(parseTable());

/** The newest protocol that adds a function to the interface (27): what a host without a ledger assumes. */
export const NEWEST_FUNCTION_PROTOCOL = Math.max(...HOST_FUNCTIONS.map((fn) => fn.minProtocol ?? 0));

const importKey = (moduleLetter: string, exportName: string) => `${moduleLetter}.${exportName}`;
const byImport = new Map(HOST_FUNCTIONS.map((fn) => [importKey(fn.moduleLetter, fn.export), fn]));
const byName = new Map(HOST_FUNCTIONS.map((fn) => [fn.name, fn]));
if (byImport.size !== HOST_FUNCTIONS.length || byName.size !== HOST_FUNCTIONS.length) {
  throw new Error('host interface: an import name or function name is declared twice');
}

/** The function a contract imports as `(moduleLetter, exportName)`, at any protocol. */
export function hostFunction(moduleLetter: string, exportName: string): HostFunction | undefined {
  return byImport.get(importKey(moduleLetter, exportName));
}

export function hostFunctionByName(name: string): HostFunction | undefined {
  return byName.get(name);
}

/** Does the function exist at this protocol (its min/max range, both ends included)? */
export function existsAt(fn: HostFunction, protocol: number): boolean {
  return (
    (fn.minProtocol === undefined || protocol >= fn.minProtocol) &&
    (fn.maxProtocol === undefined || protocol <= fn.maxProtocol)
  );
}

/** The functions a host at this protocol links, in table order. */
export function availableAt(protocol: number): HostFunction[] {
  return HOST_FUNCTIONS.filter((fn) => existsAt(fn, protocol));
}

/** Is `(module, name)` an import a host at this protocol can satisfy? */
export function isImportKnown(module: string, name: string, protocol: number): boolean {
  const fn = hostFunction(module, name);
  return fn !== undefined && existsAt(fn, protocol);
}

/**
 * Why a contract importing `(module, name)` cannot be instantiated, or undefined if it can
 * (vm/parsed_module.rs, check_contract_imports_match_host_protocol). The import must exist at
 * both the ledger's protocol and the protocol the contract was built for; an unknown import
 * fails to link. All three are `(WasmVm, InvalidAction)`.
 */
export function importError(
  module: string,
  name: string,
  ledgerProtocol: number,
  contractProtocol: number,
): HostError | undefined {
  const fn = hostFunction(module, name);
  if (!fn) return new HostError('WasmVm', 'InvalidAction', `no host function ${module}.${name}`);
  const oldest = Math.min(ledgerProtocol, contractProtocol);
  const newest = Math.max(ledgerProtocol, contractProtocol);
  if (fn.minProtocol !== undefined && oldest < fn.minProtocol) {
    return new HostError('WasmVm', 'InvalidAction', `${fn.name} is not yet supported at protocol ${oldest}`);
  }
  if (fn.maxProtocol !== undefined && newest > fn.maxProtocol) {
    return new HostError(
      'WasmVm',
      'InvalidAction',
      `${fn.name} is no longer supported at protocol ${newest}`,
    );
  }
  return undefined;
}

/**
 * The dispatcher's own check on each call (vm/dispatch.rs with host.rs,
 * check_protocol_version_lower_bound/upper_bound): a function outside the ledger's protocol fails
 * with `(Context, IndexBounds)`. Instantiation already refuses such imports, so this only fires
 * for a host that calls a function directly.
 */
export function dispatchProtocolError(fn: HostFunction, ledgerProtocol: number): HostError | undefined {
  if (fn.minProtocol !== undefined && ledgerProtocol < fn.minProtocol) {
    return new HostError(
      'Context',
      'IndexBounds',
      `ledger protocol ${ledgerProtocol} is below ${fn.minProtocol}`,
    );
  }
  if (fn.maxProtocol !== undefined && ledgerProtocol > fn.maxProtocol) {
    return new HostError(
      'Context',
      'IndexBounds',
      `ledger protocol ${ledgerProtocol} is above ${fn.maxProtocol}`,
    );
  }
  return undefined;
}
