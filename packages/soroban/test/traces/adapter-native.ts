/**
 * The native test contracts of the Rust tests (`ContractFunctionSet` impls in event.rs, frame.rs,
 * invocation.rs), as the adapter registers them (`register_test_contract`). Their host calls go
 * through the adapter's `env`, traced and checked as the Rust test contract's `host.*` calls are.
 */
import { HostError } from '../../src/errors/host-error.js';
import { recordContractEvent } from '../../src/host/functions/context.js';
import type { Host } from '../../src/host/host.js';
import type { NativeContract } from '../../src/host/test-build.js';
import { smallSymbol, smallSymbolText } from '../../src/values/symbol.js';
import { Tag } from '../../src/values/tags.js';
import {
  fromError,
  fromU32,
  smallNumber,
  smallNumberOf,
  TRUE,
  tagOf,
  u32Of,
  type Val,
  VOID,
} from '../../src/values/val.js';
import type { SliceArg } from './adapter-slices.js';
import { literalScVal, traceVal } from './adapter-values.js';
import type { TraceValue } from './types.js';

/** A host call the native contract makes through the host's `Env`: traced, its value or its error. */
export type NativeEnv = (name: string, args: (Val | SliceArg)[], printed: TraceValue[]) => Val | undefined;

export type NativeContractName = 'noop' | 'singleEvent' | 'multipleEvents' | 'returnContractError' | 'prng';

const CONSTRUCTOR = Buffer.from('__constructor', 'latin1');

/**
 * `host.compare(&host.symbol_new_from_slice(b"__constructor")?, func)`: whether `fn` is the
 * constructor. `Compare<Symbol>` (symbol.rs) orders by tag first: only two Symbol objects are
 * compared through the env (`obj_cmp`).
 */
function isConstructor(host: Host, env: NativeEnv, fn: Val): boolean {
  const name = env(
    'symbol_new_from_slice',
    [CONSTRUCTOR],
    [{ kind: 'int', value: BigInt(CONSTRUCTOR.length) }],
  );
  if (name === undefined) throw new HostError('Value', 'InvalidInput', 'constructor name refused');
  return tagOf(name) === tagOf(fn) && host.comparator.compare(name, fn) === 0;
}

/** A call the Rust contract unwraps: its value, or the panic its error becomes. */
function unwrap(env: NativeEnv, name: string, ...args: Val[]): Val {
  const value = env(name, args, args.map(traceVal));
  if (value === undefined)
    throw new HostError('Context', 'InternalError', `${name} failed in a native contract`);
  return value;
}

/** `ContractWithSingleEvent` (event.rs): a contract event with topics [0, 1] and data {1: 2}. */
function singleEvent(env: NativeEnv): NativeContract {
  return (host, fn) => {
    if (isConstructor(host, env, fn)) return VOID;
    const data = unwrap(env, 'map_put', unwrap(env, 'map_new'), fromU32(1), fromU32(2));
    let topics = unwrap(env, 'vec_new');
    topics = unwrap(env, 'vec_push_back', topics, fromU32(0));
    topics = unwrap(env, 'vec_push_back', topics, fromU32(1));
    return unwrap(env, 'contract_event', topics, data);
  };
}

/**
 * `ContractWithMultipleEvents` (event.rs): a contract and a system event with topics [0i32, 1i32]
 * (`test_vec_obj`) and data 0u32, recorded directly (untraced); the debug log between them is free.
 */
function multipleEvents(env: NativeEnv): NativeContract {
  return (host, fn) => {
    if (!isConstructor(host, env, fn)) {
      const topics = host.converter.toVal(
        literalScVal({
          t: 'vec',
          items: [
            { t: 'i32', v: 0 },
            { t: 'i32', v: 1 },
          ],
        }),
      );
      recordContractEvent(host.context(), 'contract', topics, fromU32(0));
      recordContractEvent(host.context(), 'system', topics, fromU32(0));
    }
    return VOID;
  };
}

/** `NoopContractFunctionSet` (frame.rs): only a constructor, which does nothing. */
function noop(env: NativeEnv): NativeContract {
  return (host, fn) => (isConstructor(host, env, fn) ? VOID : undefined);
}

/** `ReturnContractError` (invocation.rs): every function but the constructor answers Error(Contract, 12345). */
function returnContractError(env: NativeEnv): NativeContract {
  return (host, fn) => (isConstructor(host, env, fn) ? VOID : fromError('Contract', 12345));
}

/** A u64 from a U64Val argument (`try_into_val`): small in the Val, or read from its object. */
function u64Of(env: NativeEnv, val: Val): bigint {
  if (tagOf(val) === Tag.U64Small) return smallNumberOf(val);
  return unwrap(env, 'obj_to_u64', val);
}

/**
 * `PRNGUsingTest` (prng.rs): `bytes_new` (32 PRNG bytes), `u64_range` (a u64 drawn in the range its
 * arguments give, as a U64 object), `shuffle` (its argument Vec shuffled), `reseed` (the frame's
 * PRNG reseeded with its argument, then 32 bytes).
 */
function prng(env: NativeEnv): NativeContract {
  const seedLength = fromU32(32);
  return (host, fn, args) => {
    if (isConstructor(host, env, fn)) return VOID;
    if (tagOf(fn) !== Tag.SymbolSmall) return undefined;
    const raw = (v: bigint): TraceValue => ({ kind: 'int', value: v });
    switch (smallSymbolText(fn)) {
      case 'bytes_new':
        return unwrap(env, 'prng_bytes_new', seedLength);
      case 'u64_range': {
        const [lo, hi] = [u64Of(env, args[0] as Val), u64Of(env, args[1] as Val)];
        const drawn = env('prng_u64_in_inclusive_range', [lo, hi], [raw(lo), raw(hi)]);
        if (drawn === undefined) throw new HostError('Context', 'InternalError', 'draw failed');
        return env('obj_from_u64', [drawn], [raw(drawn)]);
      }
      case 'shuffle':
        return unwrap(env, 'prng_vec_shuffle', args[0] as Val);
      case 'reseed':
        unwrap(env, 'prng_reseed', args[0] as Val);
        return unwrap(env, 'prng_bytes_new', seedLength);
      case 'getseed': {
        // `with_current_prng`: the frame's PRNG (derived on first use), its seed made Bytes.
        const seed = host.prngs.current(host.frames.current, host.budget).seed;
        return env('bytes_new_from_slice', [Buffer.from(seed)], [raw(BigInt(seed.length))]);
      }
      case 'subseed': {
        const noArgs = host.converter.toVal(literalScVal({ t: 'vec', items: [] }));
        return unwrap(env, 'call', args[0] as Val, smallSymbol('getseed') as Val, noArgs);
      }
      case 'commit':
        return commit(env);
      case 'reveal':
        return reveal(env);
      default:
        return undefined;
    }
  };
}

const INSTANCE = 2n;
const INSTANCE_ARG: TraceValue = { kind: 'storage', type: 'Instance' };
const SEED_KEY = smallSymbol('seed') as Val;
const LEDGER_KEY = smallSymbol('ledger') as Val;

/** An instance storage call (`has`/`get`/`put_contract_data`) with its key (and value). */
function instanceData(env: NativeEnv, name: string, ...vals: Val[]): Val {
  const value = env(name, [...vals, INSTANCE], [...vals.map(traceVal), INSTANCE_ARG]);
  if (value === undefined)
    throw new HostError('Context', 'InternalError', `${name} failed in a native contract`);
  return value;
}

/** `commit`: unless a seed is committed, 32 PRNG bytes kept with the next ledger's number. */
function commit(env: NativeEnv): Val {
  if (instanceData(env, 'has_contract_data', SEED_KEY) === TRUE) return fromError('Contract', 1);
  const committed = unwrap(env, 'prng_bytes_new', fromU32(32));
  const target = u32Of(unwrap(env, 'get_ledger_sequence')) + 1;
  instanceData(env, 'put_contract_data', SEED_KEY, committed);
  instanceData(env, 'put_contract_data', LEDGER_KEY, fromU32(target));
  return VOID;
}

/** `reveal`: from the committed ledger on, the PRNG reseeded with the seed and a u64 in 0..=100 drawn. */
function reveal(env: NativeEnv): Val {
  if (instanceData(env, 'has_contract_data', SEED_KEY) !== TRUE) return fromError('Contract', 2);
  const revealLedger = u32Of(instanceData(env, 'get_contract_data', LEDGER_KEY));
  if (u32Of(unwrap(env, 'get_ledger_sequence')) < revealLedger) return fromError('Contract', 3);
  unwrap(env, 'prng_reseed', instanceData(env, 'get_contract_data', SEED_KEY));
  const raw = (v: bigint): TraceValue => ({ kind: 'int', value: v });
  const drawn = env('prng_u64_in_inclusive_range', [0n, 100n], [raw(0n), raw(100n)]);
  if (drawn === undefined) throw new HostError('Context', 'InternalError', 'draw failed');
  return smallNumber(drawn, Tag.U64Small) ?? unwrap(env, 'obj_from_u64', drawn);
}

export function nativeContract(name: NativeContractName, env: NativeEnv): NativeContract {
  switch (name) {
    case 'noop':
      return noop(env);
    case 'singleEvent':
      return singleEvent(env);
    case 'multipleEvents':
      return multipleEvents(env);
    case 'returnContractError':
      return returnContractError(env);
    case 'prng':
      return prng(env);
  }
}
