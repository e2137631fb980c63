/**
 * Authenticating a custom account, a contract address (`builtin_contracts/account_contract.rs`
 * check_account_contract_auth): the host calls the account's reserved
 * `__check_auth(signature_payload: BytesN<32>, signature: Val, auth_contexts: Vec<Context>)`, one
 * Context per node of the authorized tree in pre-order, built as the Rust host builds them (the
 * same host calls, in the same order); the function must return Void. The call may re-enter the
 * account itself (to administer it through its own auth), no other contract on the stack.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import { type Val, VOID } from '../../values/val.js';
import { chargeFallibleCollect, VAL_SIZE } from '../functions/charges.js';
import type { CallContext } from '../functions/types.js';
import { vec } from '../functions/vec.js';
import type { Host } from '../host.js';
import { traced } from '../native-slices.js';
import { conversionError } from './contract-types.js';
import type { AuthorizedFunction, AuthorizedInvocation } from './invocation.js';

export const CHECK_AUTH_FN_NAME = '__check_auth';

/**
 * `convert_to_auth_context_val`: the Contexts `__check_auth` receives, one per node of the tree in
 * pre-order (from protocol 27 built once per authentication, and forwarded to delegated signers).
 */
export function authContextsVal(host: Host, invocation: AuthorizedInvocation): Val {
  const context = host.context();
  let contexts = envVec(context, 'vec_new', [], () => (vec.vec_new as (c: CallContext) => Val)(context));
  const push = (node: AuthorizedInvocation): void => {
    const item = authContext(context, node.fn);
    const current = contexts;
    contexts = envVec(context, 'vec_push_back', [current, item], () =>
      (vec.vec_push_back as (c: CallContext, v: Val, x: Val) => Val)(context, current, item),
    );
    for (const sub of node.subInvocations) push(sub);
  };
  push(invocation);
  return contexts;
}

/**
 * `__check_auth(payload, signature, contexts)` of the account contract, which must return Void;
 * `selfReentry` for the account's own authentication (not for a delegated signer's).
 */
export function callCheckAuth(
  host: Host,
  accountContract: Uint8Array,
  call: { readonly payload: Val; readonly signature: Val; readonly contexts: Val },
  selfReentry: boolean,
): void {
  const fn = traced.symbol(host.context(), CHECK_AUTH_FN_NAME);
  const result = host.callContract(accountContract, fn, [call.payload, call.signature, call.contexts], {
    internal: true,
    selfReentry,
  });
  // The call's `Val` converted to `()`.
  if (result !== VOID) throw conversionError('__check_auth returned a value other than Void');
}

function envVec(context: CallContext, name: string, args: readonly Val[], run: () => Val): Val {
  return context.host.envCall(name, args, run, true);
}

/** `AuthorizationContext::from_authorized_fn`, then its `contracttype` value. */
function authContext(context: CallContext, fn: AuthorizedFunction): Val {
  if (fn.kind === 'contract') {
    const args = traced.vec(context, fn.args);
    return enumCase(context, 'Contract', () =>
      traced.map(context, ['args', 'contract', 'fn_name'], [args, fn.contract, fn.fnName]),
    );
  }
  const { contractIdPreimage, constructorArgs } = fn.args;
  const executableVal = executableContext(context, fn.args.executable);
  if (contractIdPreimage.type !== 'contractIdPreimageFromAddress')
    throw new HostError(
      'Auth',
      'InvalidInput',
      'asset preimage is not allowed when authorizing create_contract host fn',
    );
  const salt = traced.bytes(context, contractIdPreimage.fromAddress.salt.value);
  if (constructorArgs.length === 0)
    return enumCase(context, 'CreateContractHostFn', () =>
      traced.map(context, ['executable', 'salt'], [executableVal(), salt]),
    );
  // `scvals_to_val_vec`: a metered collect of the converted values.
  chargeFallibleCollect(context, constructorArgs.length, VAL_SIZE);
  const argVals = constructorArgs.map((arg) => context.host.converter.toVal(arg));
  const args = traced.vec(context, argVals);
  return enumCase(context, 'CreateContractWithCtorHostFn', () =>
    traced.map(context, ['constructor_args', 'executable', 'salt'], [args, executableVal(), salt]),
  );
}

/**
 * The `ContractExecutable` contracttype of a creation's executable (common_types.rs): its parts
 * made now, the enum value when asked. `Wasm(hash)`, or from protocol 28 `ExternalRef({owner, tag})`;
 * a Stellar Asset creation is never authorized by an account.
 */
function executableContext(context: CallContext, executable: xdr.ContractExecutable): () => Val {
  if (executable.type === 'contractExecutableWasm') {
    const wasmHash = traced.bytes(context, executable.wasmHash.value);
    return () => enumCase(context, 'Wasm', () => wasmHash);
  }
  if (executable.type === 'contractExecutableExternalRef') {
    const { converter } = context.host;
    const owner = converter.toVal(xdr.ScVal.scvAddress(executable.externalRef.executableOwner));
    const tag = converter.toVal(xdr.ScVal.scvString(executable.externalRef.tag.bytes));
    return () => enumCase(context, 'ExternalRef', () => traced.map(context, ['owner', 'tag'], [owner, tag]));
  }
  throw new HostError(
    'Auth',
    'InvalidInput',
    'StellarAsset executable is not allowed when authorizing create_contract host fn',
  );
}

/** A `contracttype` enum case with one value: its symbol first, then the value, as a 2-vector. */
function enumCase(context: CallContext, name: string, value: () => Val): Val {
  const symbol = traced.symbol(context, name);
  return traced.vec(context, [symbol, value()]);
}
