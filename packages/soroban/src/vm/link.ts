/**
 * Linking a contract's imports to the host interface, as `ParsedModule::with_import_symbols`,
 * `check_contract_imports_match_host_protocol` and wasmi's Linker do: every import must be a
 * function of the host interface that exists both at the contract's protocol and at the
 * ledger's, typed `(i64, ...) -> i64`; anything else is (WasmVm, InvalidAction).
 */
import { HostError } from '../errors/host-error.js';
import { chargeImportSymbols } from './charges.js';
import type { VmMeter } from './meter.js';
import { I64, type WasmModule } from './module.js';

/** A host function as a contract sees it: i64 arguments, one i64 result. */
export type HostImportFn = (...args: bigint[]) => bigint;
/** `{ [moduleLetter]: { [exportName]: fn } }`, the host interface by import name. */
export type HostImports = Record<string, Record<string, HostImportFn>>;

export interface InterfaceCheck {
  /** Whether the host interface has this function at this protocol (env.json's protocol range). */
  isImportKnown(module: string, name: string, protocol: number): boolean;
  /** The function's argument count, when known, to check the import's type against. */
  importArity?(module: string, name: string): number | undefined;
}

/** The host names import symbols only when both names are shorter than this. */
const SYMBOL_LENGTH_LIMIT = 10;

/** The distinct (module, name) function imports the host builds its symbol set from. */
export function importSymbols(m: WasmModule): Array<[string, string]> {
  const seen = new Set<string>();
  const out: Array<[string, string]> = [];
  for (const i of m.imports) {
    if (i.kind !== 'func' || i.module.length >= SYMBOL_LENGTH_LIMIT || i.name.length >= SYMBOL_LENGTH_LIMIT)
      continue;
    const key = `${i.module}\u0000${i.name}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push([i.module, i.name]);
    }
  }
  return out;
}

/** `with_import_symbols`'s charge for the module's symbol set. */
export function chargeSymbolSet(meter: VmMeter, m: WasmModule): void {
  chargeImportSymbols(meter, importSymbols(m).length);
}

function unlinkable(detail: string): HostError {
  return new HostError('WasmVm', 'InvalidAction', detail);
}

/**
 * Checks every import against the interface and returns, in import order, the host function each
 * function import resolves to.
 */
export function linkImports(
  m: WasmModule,
  host: HostImports,
  check: InterfaceCheck,
  contractProtocol: number,
  ledgerProtocol: number,
): HostImportFn[] {
  const resolved: HostImportFn[] = [];
  for (const i of m.imports) {
    if (i.kind !== 'func') throw unlinkable(`import ${i.module}.${i.name} is not a host function`);
    const known = (p: number) => check.isImportKnown(i.module, i.name, p);
    if (!known(contractProtocol) || !known(ledgerProtocol)) {
      throw unlinkable(
        `contract imports ${i.module}.${i.name}, which the host interface lacks at this protocol`,
      );
    }
    const type = m.types[i.typeIndex];
    const arity = check.importArity?.(i.module, i.name);
    const allI64 = (values: number[] | undefined) => values?.every((v) => v === I64) ?? false;
    const shapeOk =
      allI64(type?.params) &&
      type?.results.length === 1 &&
      allI64(type.results) &&
      (arity === undefined || arity === type.params.length);
    if (!shapeOk) throw unlinkable(`import ${i.module}.${i.name} has the wrong type`);
    const fn = host[i.module]?.[i.name];
    if (typeof fn !== 'function') throw unlinkable(`no definition for ${i.module}.${i.name}`);
    resolved.push(fn);
  }
  return resolved;
}
