/**
 * A custom account that delegates (protocol 27, CAP-71), written in WAT for tests: our counterpart
 * of the Rust host's `builtin_auth_delegation` test contract (soroban-test-wasms at v28.0.2). Its
 * `__check_auth` reads the signature as a list of instructions, each `[tag, value]`:
 *
 *   Payload(bytes)              the payload must be these bytes
 *   Context(vec)                the auth contexts must be this vector
 *   Delegate(address)           `delegate_account_auth(address)`
 *   Signers(vec)                `get_delegated_signers_for_current_auth_check()` must equal this
 *   Direct(address)             `require_auth_for_args(address, [payload])`
 *   TryIndir([address, bool])   `try_call(address, "indirect", [payload])` must succeed iff bool
 *   MakeFail([address, bool])   `call(address, "make_fail", [bool])`
 *
 * Unlike the Rust contract it keeps no list of allowed delegates (that is the account's own policy,
 * not the host's) and its names are small symbols. Other functions: `auth_fn(address, u32)`
 * requires the address's auth; `indirect(payload)` requires its own; `make_fail(bool)` makes every
 * later `__check_auth` trap; `call_delegate()` and `call_signers()` call the two host functions
 * outside `__check_auth`. The module is returned as WAT: each package assembles it with wabt.
 */
import { type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { smallSymbol } from '../values/symbol.js';
import { fromU32, TRUE, type Val, VOID } from '../values/val.js';
import { hostImports } from './contract-module.js';

const word = (val: Val): string => `0x${val.toString(16)}`;
const sym = (text: string): string => word(smallSymbol(text) as Val);
const u32 = (value: number): string => word(fromU32(value));
const INSTANCE = 2;
const ERROR_TAG = 3;

export type DelegationStep =
  | { readonly kind: 'Payload'; readonly payload: Uint8Array }
  | { readonly kind: 'Context'; readonly contexts: xdr.ScVal }
  | { readonly kind: 'Delegate' | 'Direct'; readonly address: xdr.ScAddress }
  | { readonly kind: 'Signers'; readonly addresses: readonly xdr.ScAddress[] }
  | { readonly kind: 'TryIndir' | 'MakeFail'; readonly address: xdr.ScAddress; readonly flag: boolean };

function stepValue(step: DelegationStep): xdr.ScVal {
  switch (step.kind) {
    case 'Payload':
      return xdr.ScVal.scvBytes(step.payload);
    case 'Context':
      return step.contexts;
    case 'Delegate':
    case 'Direct':
      return xdr.ScVal.scvAddress(step.address);
    case 'Signers':
      return xdr.ScVal.scvVec(step.addresses.map((address) => xdr.ScVal.scvAddress(address)));
    default:
      return xdr.ScVal.scvVec([xdr.ScVal.scvAddress(step.address), xdr.ScVal.scvBool(step.flag)]);
  }
}

/** The account's signature: its steps, in order. */
export function delegatingSignature(steps: readonly DelegationStep[]): xdr.ScVal {
  return xdr.ScVal.scvVec(
    steps.map((step) => xdr.ScVal.scvVec([xdr.ScVal.scvSymbol(step.kind), stepValue(step)])),
  );
}

/**
 * A Stellar account's signature as the host's built-in check reads it (`AccountEd25519Signature`):
 * one `{public_key, signature}` of the key over the payload (`sign_payload_for_account`).
 */
export function accountSignature(key: Keypair, payload: Uint8Array): xdr.ScVal {
  const field = (name: string, val: xdr.ScVal) => new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol(name), val });
  return xdr.ScVal.scvVec([
    xdr.ScVal.scvMap([
      field('public_key', xdr.ScVal.scvBytes(key.rawPublicKey())),
      field('signature', xdr.ScVal.scvBytes(Buffer.from(key.sign(Buffer.from(payload))))),
    ]),
  ]);
}

const ifTag = (tag: string, body: string) =>
  `(if (i64.eq (local.get $tag) (i64.const ${sym(tag)})) (then ${body}))`;
const oneItemVec = (item: string) => `(call $vec_push_back (call $vec_new) ${item})`;
const field = (index: number) => `(call $vec_get (local.get $val) (i64.const ${u32(index)}))`;

export function delegatingAccountWat(): string {
  return `(module
  ${hostImports([
    'vec_new',
    'vec_len',
    'vec_get',
    'vec_push_back',
    'obj_cmp',
    'require_auth',
    'require_auth_for_args',
    'get_current_contract_address',
    'call',
    'try_call',
    'put_contract_data',
    'get_contract_data',
    'has_contract_data',
    'delegate_account_auth',
    'get_delegated_signers_for_current_auth_check',
  ])}
  (func $assert (param $ok i32) (if (i32.eqz (local.get $ok)) (then unreachable)))
  (func $same (param $a i64) (param $b i64) (result i32) (i64.eqz (call $obj_cmp (local.get $a) (local.get $b))))

  (func (export "__check_auth") (param $payload i64) (param $sigs i64) (param $contexts i64) (result i64)
    (local $i i64) (local $n i64) (local $item i64) (local $tag i64) (local $val i64) (local $res i64)
    (if (i64.eq (call $has_contract_data (i64.const ${sym('fail')}) (i64.const ${INSTANCE})) (i64.const ${word(TRUE)}))
      (then (if (i64.eq (call $get_contract_data (i64.const ${sym('fail')}) (i64.const ${INSTANCE})) (i64.const ${word(TRUE)}))
        (then unreachable))))
    (local.set $n (i64.shr_u (call $vec_len (local.get $sigs)) (i64.const 32)))
    (block $done
      (loop $next
        (br_if $done (i64.ge_u (local.get $i) (local.get $n)))
        (local.set $item (call $vec_get (local.get $sigs) (i64.or (i64.shl (local.get $i) (i64.const 32)) (i64.const 4))))
        (local.set $tag (call $vec_get (local.get $item) (i64.const ${u32(0)})))
        (local.set $val (call $vec_get (local.get $item) (i64.const ${u32(1)})))
        ${ifTag('Payload', '(call $assert (call $same (local.get $val) (local.get $payload)))')}
        ${ifTag('Context', '(call $assert (call $same (local.get $val) (local.get $contexts)))')}
        ${ifTag('Delegate', '(drop (call $delegate_account_auth (local.get $val)))')}
        ${ifTag('Signers', '(call $assert (call $same (call $get_delegated_signers_for_current_auth_check) (local.get $val)))')}
        ${ifTag('Direct', `(drop (call $require_auth_for_args (local.get $val) ${oneItemVec('(local.get $payload)')}))`)}
        ${ifTag(
          'TryIndir',
          `(local.set $res (call $try_call ${field(0)} (i64.const ${sym('indirect')}) ${oneItemVec('(local.get $payload)')}))
          (call $assert (i32.eq
            (i64.ne (i64.and (local.get $res) (i64.const 0xff)) (i64.const ${ERROR_TAG}))
            (i64.eq ${field(1)} (i64.const ${word(TRUE)}))))`,
        )}
        ${ifTag('MakeFail', `(drop (call $call ${field(0)} (i64.const ${sym('make_fail')}) ${oneItemVec(field(1))}))`)}
        (local.set $i (i64.add (local.get $i) (i64.const 1)))
        (br $next)))
    (i64.const ${word(VOID)}))

  (func (export "auth_fn") (param $address i64) (param $arg i64) (result i64)
    (drop (call $require_auth (local.get $address)))
    (i64.const ${word(VOID)}))
  (func (export "indirect") (param $payload i64) (result i64)
    (drop (call $require_auth (call $get_current_contract_address)))
    (i64.const ${word(VOID)}))
  (func (export "make_fail") (param $fail i64) (result i64)
    (drop (call $put_contract_data (i64.const ${sym('fail')}) (local.get $fail) (i64.const ${INSTANCE})))
    (i64.const ${word(VOID)}))
  (func (export "call_delegate") (result i64)
    (drop (call $delegate_account_auth (call $get_current_contract_address)))
    (i64.const ${word(VOID)}))
  (func (export "call_signers") (result i64)
    (drop (call $get_delegated_signers_for_current_auth_check))
    (i64.const ${word(VOID)}))
  (memory (export "memory") 1)
)`;
}
