/**
 * Drive scripts for soroban-env-host/src/test/hostile_opt.rs at v23.0.0: deep stacks of
 * `recursive_account` custom accounts (run_deep_host_stack_test), each `__check_auth` requiring
 * the next account's authorization, the last one serializing or deserializing a nested value.
 */
import type { ScriptArg } from '../script-types.js';
import { RECORDING, type Sequence, scriptsOf, sequence, sym, text, u32, vals } from './build.js';

const RECURSIVE_ACCOUNT = 'wasm/20/recursive_account.wasm';
/** DEFAULT_HOST_DEPTH_LIMIT */
const HOST_DEPTH = 100;

/** `create_recursive_serialized_scval(depth)`: `Vec([Void])` in `depth` more vectors, as XDR (hex). */
function nestedValueHex(depth: number): string {
  const SCV_VEC = '00000010000000010000000'.concat('1');
  return SCV_VEC.repeat(depth + 1).concat('00000001');
}

/** A `#[contracttype]` enum case of the test's `RecursiveAccountSignature`, made by the test. */
function signature(s: Sequence, name: string, value?: ScriptArg): ScriptArg {
  const tag = s.call('symbol_new_from_slice', text(name));
  return s.call('vec_new_from_slice', value ? vals(tag, value) : vals(tag));
}

function deepStack(callDepth: number, serialization: number, deserialization: number, selfReentry: boolean) {
  return {
    setup: { ...RECORDING, unlimited: 'both' as const },
    steps: sequence((s) => {
      const contracts = Array.from({ length: selfReentry ? 1 : callDepth }, () =>
        s.register(RECURSIVE_ACCOUNT),
      );
      const at = (i: number) => contracts[selfReentry ? 0 : i] as ScriptArg;
      const entries: number[] = [];

      for (let i = 1; i < callDepth; i++) {
        let sig: ScriptArg;
        if (i < callDepth - 1) sig = signature(s, 'RedirectAddress', at(i + 1));
        else if (deserialization > 0) {
          const value = s.call('bytes_new_from_slice', { a: 'slice', hex: nestedValueHex(deserialization) });
          sig = signature(s, 'DeserializeValue', value);
        } else sig = signature(s, 'SerializeValue');
        entries.push(s.steps.length);
        s.steps.push({
          s: 'authEntry',
          address: at(i),
          nonce: BigInt(i),
          expiration: 1000,
          signature: sig,
          contract: at(i - 1),
          fn: i === 1 ? 'call' : '__check_auth',
          // the address; the signature's vector, symbol and value (an address or bytes); the contract
          objects: 1 + (i < callDepth - 1 || deserialization > 0 ? 3 : 2) + 1,
        });
      }
      if (serialization > 0)
        s.call(
          'call',
          contracts[contracts.length - 1] as ScriptArg,
          sym('set_depth'),
          s.call('vec_new_from_slice', vals(u32(serialization))),
        );
      s.steps.push({ s: 'setAuth', entries });
      s.call('call', at(0), sym('call'), s.call('vec_new_from_slice', vals(at(1))));
    }),
  };
}

/** `DEFAULT_XDR_RW_LIMITS.depth` */
const XDR_DEPTH = 500;

/**
 * Every run of the file. The deep ones with ~100 contracts compare the contracts' addresses, whose
 * order follows the ids the test PRNG gives them: `register` draws the same deployers and salts.
 */
export default scriptsOf('hostile_opt', {
  test_deep_stack_call_succeeds_near_limit: deepStack(HOST_DEPTH, HOST_DEPTH - 1, 0, false),
  test_deep_stack_with_self_reentry_call_succeeds_near_limit: deepStack(HOST_DEPTH, HOST_DEPTH - 1, 0, true),
  test_deep_stack_call_fails_when_contract_call_depth_exceeded: deepStack(HOST_DEPTH + 1, 0, 0, false),
  // The Rust test passes `use_self_reentrance: false` here too.
  test_deep_stack_call_with_self_reentry_fails_when_contract_call_depth_exceeded: deepStack(
    HOST_DEPTH + 1,
    0,
    0,
    false,
  ),
  test_deep_stack_call_fails_when_serialization_depth_exceeded: deepStack(2, HOST_DEPTH, 0, false),
  test_deep_stack_call_succeeds_near_limit_with_xdr_deserialization: deepStack(
    HOST_DEPTH,
    0,
    HOST_DEPTH - 2,
    false,
  ),
  test_deep_stack_call_with_self_reentry_succeeds_near_limit_with_xdr_deserialization: deepStack(
    HOST_DEPTH,
    0,
    HOST_DEPTH - 2,
    true,
  ),
  test_deep_stack_call_fails_xdr_deserialization_exceeding_host_object_depth: deepStack(
    HOST_DEPTH,
    0,
    HOST_DEPTH - 1,
    false,
  ),
  test_deep_stack_call_fails_with_deep_xdr_deserialization: deepStack(HOST_DEPTH, 0, XDR_DEPTH, false),
  test_deep_stack_call_fails_with_too_deep_xdr_deserialization: deepStack(
    HOST_DEPTH,
    0,
    XDR_DEPTH * 2,
    false,
  ),
});
