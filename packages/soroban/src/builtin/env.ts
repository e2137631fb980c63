/**
 * How a built-in contract reaches the host: through its env (`impl Env for Host`), the same
 * host functions a WASM contract calls, run in the built-in's frame (no VM, absolute Vals) and
 * traced as the host's calls of itself. Keys and values cross as ScVals.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { address } from '../host/functions/address.js';
import { buf } from '../host/functions/buf.js';
import { context } from '../host/functions/context.js';
import { cryptoModule as crypto } from '../host/functions/crypto.js';
import { int } from '../host/functions/int.js';
import { ledger } from '../host/functions/ledger.js';
import { map } from '../host/functions/map.js';
import type { HostModule } from '../host/functions/types.js';
import { vec } from '../host/functions/vec.js';
import type { Host } from '../host/host.js';
import { traced } from '../host/native-slices.js';
import { fromU32, type Val } from '../values/val.js';

/** StorageType as the `ledger` functions take it. */
export const StorageType = { temporary: 0n, persistent: 1n, instance: 2n } as const;
export type StorageTypeName = keyof typeof StorageType;

type EnvModule = 'ledger' | 'address' | 'context' | 'vec' | 'map' | 'buf' | 'int' | 'crypto';

/**
 * The env modules a built-in contract uses, looked up when called: the `ledger` module imports
 * the built-ins back, so nothing here may touch it while the modules load.
 */
function envModule(name: EnvModule): HostModule {
  const modules: Record<EnvModule, HostModule> = { ledger, address, context, vec, map, buf, int, crypto };
  return modules[name];
}

/** A host function by its module and name, called with absolute Vals. */
export function envCall(host: Host, module: EnvModule, name: string, args: readonly Val[]): Val {
  const implementation = envModule(module)[name];
  if (!implementation) throw new HostError('Context', 'InternalError', `no host function ${name}`);
  // An env function's object result is checked as its arguments are (one visit).
  return host.envCall(name, args, () => implementation(host.context(), ...args), true);
}

/**
 * A `#[contracttype]` key as the built-in SDK makes it through the env (`TryFromVal for Val`): an
 * enum case is its symbol and values in the host's own traced `vec_new_from_slice`, a long symbol
 * a traced `symbol_new_from_slice`; anything else (an address, a number) converted as it is.
 */
function keyVal(host: Host, key: xdr.ScVal): Val {
  switch (key.type) {
    case 'scvVec':
      return traced.vec(
        host.context(),
        (key.vec ?? []).map((item) => keyVal(host, item)),
      );
    case 'scvSymbol':
      return traced.symbol(host.context(), key.sym.toString());
    default:
      return host.converter.toVal(key);
  }
}

const toVal = (host: Host, value: xdr.ScVal): Val => host.converter.toVal(value);

/** `get_contract_data` of a key already a Val. */
export const getDataVal = (host: Host, key: Val, type: StorageTypeName): Val =>
  envCall(host, 'ledger', 'get_contract_data', [key, StorageType[type]]);

export const hasDataVal = (host: Host, key: Val, type: StorageTypeName): boolean =>
  envCall(host, 'ledger', 'has_contract_data', [key, StorageType[type]]) === 1n;

export function putDataVal(host: Host, key: Val, value: Val, type: StorageTypeName): void {
  envCall(host, 'ledger', 'put_contract_data', [key, value, StorageType[type]]);
}

/** `try_get_contract_data` (storage_utils.rs) of a key already a Val: `has`, then `get`. */
export function tryGetDataVal(host: Host, key: Val, type: StorageTypeName): Val | undefined {
  return hasDataVal(host, key, type) ? getDataVal(host, key, type) : undefined;
}

/** `try_get_contract_data` (storage_utils.rs): `has`, then `get`. */
export function tryGetData(host: Host, key: xdr.ScVal, type: StorageTypeName): xdr.ScVal | undefined {
  const k = keyVal(host, key);
  const has = envCall(host, 'ledger', 'has_contract_data', [k, StorageType[type]]);
  if (has !== 1n) return undefined;
  return host.converter.toScVal(envCall(host, 'ledger', 'get_contract_data', [k, StorageType[type]]));
}

export function getData(host: Host, key: xdr.ScVal, type: StorageTypeName): xdr.ScVal {
  const value = envCall(host, 'ledger', 'get_contract_data', [keyVal(host, key), StorageType[type]]);
  return host.converter.toScVal(value);
}

export function hasData(host: Host, key: xdr.ScVal, type: StorageTypeName): boolean {
  return envCall(host, 'ledger', 'has_contract_data', [keyVal(host, key), StorageType[type]]) === 1n;
}

export function putData(host: Host, key: xdr.ScVal, value: xdr.ScVal, type: StorageTypeName): void {
  const k = keyVal(host, key);
  envCall(host, 'ledger', 'put_contract_data', [k, toVal(host, value), StorageType[type]]);
}

export function extendDataTtl(
  host: Host,
  key: xdr.ScVal,
  type: StorageTypeName,
  threshold: number,
  extendTo: number,
): void {
  envCall(host, 'ledger', 'extend_contract_data_ttl', [
    keyVal(host, key),
    StorageType[type],
    fromU32(threshold),
    fromU32(extendTo),
  ]);
}

export function extendDataTtlVal(
  host: Host,
  key: Val,
  type: StorageTypeName,
  threshold: number,
  extendTo: number,
): void {
  envCall(host, 'ledger', 'extend_contract_data_ttl', [
    key,
    StorageType[type],
    fromU32(threshold),
    fromU32(extendTo),
  ]);
}

export function extendCurrentInstanceAndCode(host: Host, threshold: number, extendTo: number): void {
  envCall(host, 'ledger', 'extend_current_contract_instance_and_code_ttl', [
    fromU32(threshold),
    fromU32(extendTo),
  ]);
}

/** `require_auth` of an address for the running built-in's function and arguments. */
export function requireAuth(host: Host, address: Val): void {
  envCall(host, 'address', 'require_auth', [address]);
}
