/**
 * The types a host function's arguments and result are declared with in `env.json`: a `Val` or one
 * of its checked wrappers (a tag the dispatcher verifies before the call), or a raw 64-bit integer.
 */
import type { ModuleName } from './table.js';

export const VALUE_TYPES = [
  'Val',
  'Void',
  'Bool',
  'Error',
  'U32Val',
  'U64Val',
  'StorageType',
  'ContractTtlExtension',
  'Symbol',
  'AddressObject',
  'MuxedAddressObject',
  'ExecutableTagObject',
  'BytesObject',
  'StringObject',
  'SymbolObject',
  'VecObject',
  'MapObject',
  'U64Object',
  'I64Object',
  'TimepointObject',
  'DurationObject',
  'U128Object',
  'I128Object',
  'U256Object',
  'I256Object',
  'U256Val',
  'I256Val',
  // Raw integers, passed as WebAssembly i64 bits rather than as a tagged Val.
  'u64',
  'i64',
] as const;

export type ValueType = (typeof VALUE_TYPES)[number];

/** Is this type a raw integer (no Val tag to check) rather than a Val? */
export function isRawInteger(type: ValueType): type is 'u64' | 'i64' {
  return type === 'u64' || type === 'i64';
}

export interface HostFunctionArg {
  readonly name: string;
  readonly type: ValueType;
}

export interface HostFunction {
  /** The module's long name (`int`). */
  readonly module: ModuleName;
  /** The module's import name (`i`). */
  readonly moduleLetter: string;
  /** The function's import name within its module (`_`, `0`, ..., `a`, ...). */
  readonly export: string;
  /** The function's own name (`obj_from_u64`). */
  readonly name: string;
  readonly args: readonly HostFunctionArg[];
  readonly returns: ValueType;
  /** First protocol the function exists at; undefined: every protocol. */
  readonly minProtocol?: number;
  /** Last protocol the function exists at; undefined: no end. */
  readonly maxProtocol?: number;
}
