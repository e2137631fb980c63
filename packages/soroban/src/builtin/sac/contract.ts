/**
 * The Stellar Asset Contract's function table, as the `contractimpl` glue of the built-in SDK
 * makes it (soroban-builtin-sdk-macros `derive_fn.rs`): the name is looked up among the
 * functions (an unknown one is `Error(Value, InvalidInput)`), the argument count checked
 * (`Error(Context, UnexpectedSize)`), each argument converted to its declared type (a wrong one
 * is `Error(Value, UnexpectedType)`), then the function runs and its result becomes a Val.
 */
import { HostError } from '../../errors/host-error.js';
import type { Host } from '../../host/host.js';
import { traced } from '../../host/native-slices.js';
import { fromU32, u32Of, type Val, VOID } from '../../values/val.js';
import { i128FromVal, i128Val } from '../contract-types.js';
import { addressArg, boolArg, boolVal, bytesObjectArg, muxedAddressArg, u32Arg } from '../values.js';
import { readAdministratorVal } from './admin.js';
import * as sac from './functions.js';
import { DECIMAL, readName, readSymbol } from './metadata.js';
import { isCap67 } from './protocol.js';

interface SacFunction {
  readonly arity: number;
  /** Converts the arguments (all of them, in order) and runs the function. */
  readonly run: (host: Host, args: readonly Val[]) => Val;
}

const fn = (arity: number, run: SacFunction['run']): SacFunction => ({ arity, run });
const address = (_host: Host, val: Val | undefined) => addressArg(val as Val);
const amount = (host: Host, val: Val | undefined) => i128FromVal(host, val as Val);

/** In the order `contract.rs` declares them (the order the host searches). */
const FUNCTIONS: ReadonlyMap<string, SacFunction> = new Map([
  [
    'init_asset',
    fn(1, (host, [bytes]) => {
      sac.initAsset(host, bytesObjectArg(bytes as Val));
      return VOID;
    }),
  ],
  [
    'allowance',
    fn(2, (host, [from, spender]) => {
      const f = address(host, from);
      const s = address(host, spender);
      return i128Val(host, sac.allowance(host, f, s));
    }),
  ],
  [
    'approve',
    fn(4, (host, [from, spender, value, liveUntil]) => {
      const f = address(host, from);
      const s = address(host, spender);
      const a = amount(host, value);
      sac.approve(host, f, s, a, u32Arg(liveUntil as Val));
      return VOID;
    }),
  ],
  [
    'balance',
    fn(1, (host, [id]) => {
      const a = address(host, id);
      return i128Val(host, sac.balance(host, a));
    }),
  ],
  [
    'authorized',
    fn(1, (host, [id]) => {
      const a = address(host, id);
      return boolVal(sac.authorized(host, a));
    }),
  ],
  [
    'transfer',
    fn(3, (host, [from, to, value]) => {
      const f = address(host, from);
      const toMux = isCap67(host) ? muxedAddressArg(to as Val) : addressArg(to as Val);
      sac.transfer(host, f, toMux, amount(host, value));
      return VOID;
    }),
  ],
  [
    'transfer_from',
    fn(4, (host, [spender, from, to, value]) => {
      const s = address(host, spender);
      const f = address(host, from);
      const t = address(host, to);
      sac.transferFrom(host, s, f, t, amount(host, value));
      return VOID;
    }),
  ],
  [
    'burn',
    fn(2, (host, [from, value]) => {
      const f = address(host, from);
      sac.burn(host, f, amount(host, value));
      return VOID;
    }),
  ],
  [
    'burn_from',
    fn(3, (host, [spender, from, value]) => {
      const s = address(host, spender);
      const f = address(host, from);
      sac.burnFrom(host, s, f, amount(host, value));
      return VOID;
    }),
  ],
  [
    'clawback',
    fn(2, (host, [from, value]) => {
      const f = address(host, from);
      sac.clawback(host, f, amount(host, value));
      return VOID;
    }),
  ],
  [
    'set_authorized',
    fn(2, (host, [id, authorize]) => {
      const a = address(host, id);
      sac.setAuthorized(host, a, boolArg(authorize as Val));
      return VOID;
    }),
  ],
  [
    'mint',
    fn(2, (host, [to, value]) => {
      const t = address(host, to);
      sac.mint(host, t, amount(host, value));
      return VOID;
    }),
  ],
  [
    'set_admin',
    fn(1, (host, [admin]) => {
      sac.setAdmin(host, address(host, admin));
      return VOID;
    }),
  ],
  ['admin', fn(0, (host) => readAdministratorVal(host))],
  // Fixed for every SAC: no metadata read.
  ['decimals', fn(0, () => fromU32(DECIMAL))],
  ['name', fn(0, (host) => readName(host))],
  ['symbol', fn(0, (host) => readSymbol(host))],
]);

/** The names a Stellar Asset Contract answers to. */
export const SAC_FUNCTIONS: readonly string[] = [...FUNCTIONS.keys()];

/**
 * Calls a Stellar Asset Contract function in the SAC's frame (`BuiltinContract::call`): the name
 * is found through the host's own `symbol_index_in_strs` over the declared names (derive_fn.rs).
 */
export function callStellarAssetContract(host: Host, fnSymbol: Val, args: readonly Val[]): Val {
  const index = u32Of(traced.indexInStrs(host.context(), fnSymbol, SAC_FUNCTIONS));
  const entry = FUNCTIONS.get(SAC_FUNCTIONS[index] as string);
  if (!entry) throw new HostError('Value', 'InvalidInput', 'symbol not found in slice of strs');
  if (args.length !== entry.arity)
    throw new HostError('Context', 'UnexpectedSize', 'wrong number of args to func');
  return entry.run(host, args);
}
