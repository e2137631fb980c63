/**
 * The invocation trees authorization matches against (`auth.rs` AuthorizedFunction,
 * AuthorizedInvocation): a contract function with its arguments, or a contract creation with its
 * `CreateContractArgsV2`; each node marked exhausted once a call has used it.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import { chargeScValSubstructure, DECLARED_SIZE } from '../../storage/index.js';
import type { Val } from '../../values/val.js';
import { chargeFallibleCollect, VAL_SIZE } from '../functions/charges.js';
import type { Host } from '../host.js';
import { traced } from '../native-slices.js';

/** `size_of::<AuthorizedInvocation>()` (declared_size.rs). */
const AUTHORIZED_INVOCATION_SIZE = 176;
/** `size_of::<AuthorizedInvocationSnapshot>()` (declared_size.rs). */
export const INVOCATION_SNAPSHOT_SIZE = 32;
/** `size_of::<SorobanAuthorizedInvocation>()` (declared_size.rs). */
const SOROBAN_AUTHORIZED_INVOCATION_SIZE = 168;

export type AuthorizedFunction =
  | {
      readonly kind: 'contract';
      /** An Address object (absolute). */
      readonly contract: Val;
      /** A Symbol Val. */
      readonly fnName: Val;
      readonly args: readonly Val[];
    }
  | { readonly kind: 'create'; readonly args: xdr.CreateContractArgsV2 };

export class AuthorizedInvocation {
  constructor(
    readonly fn: AuthorizedFunction,
    readonly subInvocations: AuthorizedInvocation[] = [],
    public exhausted = false,
  ) {}

  /** A node as recording mode creates it: already used by the call that recorded it. */
  static recording(fn: AuthorizedFunction): AuthorizedInvocation {
    return new AuthorizedInvocation(fn, [], true);
  }

  static fromXdr(host: Host, invocation: xdr.SorobanAuthorizedInvocation): AuthorizedInvocation {
    chargeFallibleCollect(host.context(), invocation.subInvocations.length, AUTHORIZED_INVOCATION_SIZE);
    const subs = invocation.subInvocations.map((sub) => AuthorizedInvocation.fromXdr(host, sub));
    return new AuthorizedInvocation(functionFromXdr(host, invocation.function), subs);
  }

  /** As XDR; with `exhaustedOnly`, only the sub-invocations that were used. */
  toXdr(host: Host, exhaustedOnly = false): xdr.SorobanAuthorizedInvocation {
    const fn = functionToXdr(host, this.fn);
    const subs = this.subInvocations
      .filter((sub) => sub.exhausted || !exhaustedOnly)
      .map((sub) => sub.toXdr(host, exhaustedOnly));
    // The sub-invocations' XDR is a metered collect, charged once they are made.
    chargeFallibleCollect(host.context(), subs.length, SOROBAN_AUTHORIZED_INVOCATION_SIZE);
    return new xdr.SorobanAuthorizedInvocation({ function: fn, subInvocations: subs });
  }

  /** `AuthorizedInvocation::snapshot`: the sub-invocations' snapshots collected (a metered collect). */
  snapshot(host: Host): InvocationSnapshot {
    chargeFallibleCollect(host.context(), this.subInvocations.length, INVOCATION_SNAPSHOT_SIZE);
    return { exhausted: this.exhausted, subs: this.subInvocations.map((sub) => sub.snapshot(host)) };
  }

  rollback(snapshot: InvocationSnapshot): void {
    this.exhausted = snapshot.exhausted;
    if (snapshot.subs.length !== this.subInvocations.length) throw authInternal('bad invocation snapshot');
    this.subInvocations.forEach((sub, i) => {
      sub.rollback(snapshot.subs[i] as InvocationSnapshot);
    });
  }
}

export interface InvocationSnapshot {
  readonly exhausted: boolean;
  readonly subs: readonly InvocationSnapshot[];
}

export const authInternal = (detail: string): HostError => new HostError('Auth', 'InternalError', detail);

/**
 * `add_host_object` of an ScAddress an entry owns: a new Address object, with no copy of the
 * address (`to_host_val` of a borrowed one copies it first).
 */
export function ownedAddressVal(host: Host, address: xdr.ScAddress): Val {
  if (address.type !== 'scAddressTypeAccount' && address.type !== 'scAddressTypeContract')
    throw new HostError('Object', 'UnexpectedType', 'encountered unsupported ScAddress type');
  return host.objects.add({ kind: 'Address', value: address });
}

/**
 * `CreateContractArgsV2::metered_clone`: its declared size copied, then its constructor arguments
 * (the only part with substructure).
 */
export function chargeCreateContractArgsClone(host: Host, args: xdr.CreateContractArgsV2): void {
  host.budget.charge('MemCpy', DECLARED_SIZE.createContractArgsV2);
  chargeScValSubstructure(xdr.ScVal.scvVec(args.constructorArgs), host.budget);
}

export function functionFromXdr(host: Host, fn: xdr.SorobanAuthorizedFunction): AuthorizedFunction {
  switch (fn.type) {
    case 'sorobanAuthorizedFunctionTypeContractFn': {
      const call = fn.contractFn;
      const contract = ownedAddressVal(host, call.contractAddress);
      // `Symbol::try_from_val`: a long name through the host's own `symbol_new_from_slice`.
      const fnName = traced.scSymbol(host.context(), call.functionName);
      // `scvals_to_val_vec`: a metered collect of the converted arguments.
      chargeFallibleCollect(host.context(), call.args.length, VAL_SIZE);
      return { kind: 'contract', contract, fnName, args: call.args.map((arg) => host.converter.toVal(arg)) };
    }
    case 'sorobanAuthorizedFunctionTypeCreateContractHostFn':
      // The v1 form authorizes a creation without constructor arguments.
      return {
        kind: 'create',
        args: new xdr.CreateContractArgsV2({
          contractIdPreimage: fn.createContractHostFn.contractIdPreimage,
          executable: fn.createContractHostFn.executable,
          constructorArgs: [],
        }),
      };
    default:
      return { kind: 'create', args: fn.createContractV2HostFn };
  }
}

export function functionToXdr(host: Host, fn: AuthorizedFunction): xdr.SorobanAuthorizedFunction {
  if (fn.kind === 'create')
    return xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeCreateContractV2HostFn(fn.args);
  const address = host.converter.toScVal(fn.contract);
  const name = host.converter.toScVal(fn.fnName);
  if (address.type !== 'scvAddress' || name.type !== 'scvSymbol')
    throw authInternal('authorized function without an address or a name');
  return xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
    new xdr.InvokeContractArgs({
      contractAddress: address.address,
      functionName: name.sym,
      args: argsToXdr(host, fn.args),
    }),
  );
}

/** `vals_to_scval_vec`: each argument converted, then collected (a metered collect). */
export function argsToXdr(host: Host, args: readonly Val[]): xdr.ScVal[] {
  return host.converter.valsToScVals(args);
}

/**
 * Whether two authorized functions are the same call (the host's `Compare` of them is Equal,
 * auth.rs `Compare<ContractFunction>`): the contract, the name, then the arguments as a `Vec` is
 * compared (soroban-env-common compare.rs): item by item up to the first that differs, the
 * lengths only when one list is a prefix of the other.
 */
export function sameFunction(host: Host, a: AuthorizedFunction, b: AuthorizedFunction): boolean {
  if (a.kind === 'create' || b.kind === 'create') {
    if (a.kind !== 'create' || b.kind !== 'create') return false;
    // `CreateContractArgsV2` compares as a fixed-size type: one MemCmp of its declared size.
    host.budget.charge('MemCmp', DECLARED_SIZE.createContractArgsV2);
    return Buffer.compare(a.args.toXdr(), b.args.toXdr()) === 0;
  }
  const { compare } = host.comparator;
  if (compare(a.contract, b.contract) !== 0 || compare(a.fnName, b.fnName) !== 0) return false;
  const shared = Math.min(a.args.length, b.args.length);
  for (let i = 0; i < shared; i++) if (compare(a.args[i] as Val, b.args[i] as Val) !== 0) return false;
  return a.args.length === b.args.length;
}
