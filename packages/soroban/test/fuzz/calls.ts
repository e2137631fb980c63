/**
 * A fuzzed contract call: one of the contract's own functions with arguments mostly of their
 * declared types, now and then any value or a wrong number of them, or a function name no
 * contract exports (reserved ones included). Shared with the sandbox's RPC fuzz test.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Spec } from '@stellar/stellar-sdk/contract';
import { anyScVal, type Random } from '../support/scval-fuzz.js';
import { typedScVal } from './typed-values.js';

/** A function as a call needs it: its name and argument types. */
export interface FunctionShape {
  name: string;
  inputs: readonly xdr.ScSpecTypeDef[];
}

/** Function names no contract here exports, reserved ones, and names no symbol can be (all XDR-encodable). */
export const ODD_FUNCTION_NAMES = [
  '__check_auth',
  '__constructor',
  '',
  'a'.repeat(32),
  'no_such_fn',
  'é',
  'has space',
  '_',
  'memory',
  '__data_end',
] as const;

const T = {
  address: xdr.ScSpecTypeDef.scSpecTypeAddress(),
  i128: xdr.ScSpecTypeDef.scSpecTypeI128(),
  u32: xdr.ScSpecTypeDef.scSpecTypeU32(),
  bool: xdr.ScSpecTypeDef.scSpecTypeBool(),
  bytes: xdr.ScSpecTypeDef.scSpecTypeBytes(),
};

/** The SAC's functions (soroban-env-host builtin_contracts/stellar_asset_contract/contract.rs). */
export const SAC_FUNCTIONS: readonly FunctionShape[] = Object.entries({
  init_asset: [T.bytes],
  allowance: [T.address, T.address],
  approve: [T.address, T.address, T.i128, T.u32],
  balance: [T.address],
  authorized: [T.address],
  transfer: [T.address, T.address, T.i128],
  transfer_from: [T.address, T.address, T.address, T.i128],
  burn: [T.address, T.i128],
  burn_from: [T.address, T.address, T.i128],
  clawback: [T.address, T.i128],
  set_authorized: [T.address, T.bool],
  mint: [T.address, T.i128],
  set_admin: [T.address],
  admin: [],
  decimals: [],
  name: [],
  symbol: [],
}).map(([name, inputs]) => ({ name, inputs }));

/** A contract's functions, from its interface. */
export const functionsOf = (spec: Spec | undefined): FunctionShape[] =>
  (spec?.funcs() ?? []).map((f) => ({
    name: f.name.toString(),
    inputs: f.inputs.map((input) => input.type),
  }));

export function randomCall(
  r: Random,
  functions: readonly FunctionShape[],
  addresses: readonly xdr.ScAddress[],
): { fn: string; args: xdr.ScVal[] } {
  const declared = functions.length > 0 && r.chance(0.88) ? r.pick(functions) : undefined;
  const fn = declared ? declared.name : r.pick(ODD_FUNCTION_NAMES);
  const inputs = declared?.inputs ?? [];
  const arity = r.chance(0.85) ? inputs.length : r.int(inputs.length + 3);
  const args = Array.from({ length: arity }, (_, k) => {
    const input = inputs[k];
    return input && r.chance(0.95) ? typedScVal(r, input, addresses) : anyScVal(r, r.int(4));
  });
  return { fn, args };
}
