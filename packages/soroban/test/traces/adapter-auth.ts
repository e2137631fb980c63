/**
 * The authorization a Rust test sets up itself (hostile_opt.rs run_deep_host_stack_test): address
 * credentials built from host values, untraced but charged as the Rust test's conversions are,
 * and `set_authorization_entries`.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { AuthorizationManager } from '../../src/host/auth/index.js';
import type { Host } from '../../src/host/host.js';
import type { Val } from '../../src/values/val.js';
import type { ScriptStep } from './script-types.js';

/** `size_of::<ScAddress>()` (declared_size.rs). */
const SC_ADDRESS_SIZE = 48n;

/** `Address::to_sc_address`: the object visited, its ScAddress cloned. */
function toScAddress(host: Host, address: Val): xdr.ScAddress {
  host.budget.charge('VisitObject');
  const value = host.objects.expect(address, 'Address').value;
  host.budget.charge('MemCpy', SC_ADDRESS_SIZE);
  return value;
}

/** One entry, its parts converted in the Rust test's order. */
export function authEntry(
  host: Host,
  step: Extract<ScriptStep, { s: 'authEntry' }>,
  resolveArg: (arg: Extract<ScriptStep, { s: 'authEntry' }>['address']) => Val,
): xdr.SorobanAuthorizationEntry {
  const address = toScAddress(host, resolveArg(step.address));
  const signature = host.converter.toScVal(resolveArg(step.signature));
  const contract = toScAddress(host, resolveArg(step.contract));
  return new xdr.SorobanAuthorizationEntry({
    credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
      new xdr.SorobanAddressCredentials({
        address,
        nonce: step.nonce,
        signatureExpirationLedger: step.expiration,
        signature,
      }),
    ),
    rootInvocation: new xdr.SorobanAuthorizedInvocation({
      function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
        new xdr.InvokeContractArgs({ contractAddress: contract, functionName: step.fn, args: [] }),
      ),
      subInvocations: [],
    }),
  });
}

/** `set_authorization_entries`: enforcing with these entries. */
export function setAuth(host: Host, entries: (xdr.SorobanAuthorizationEntry | undefined)[]): void {
  host.auth = AuthorizationManager.enforcing(
    host,
    entries.map((entry) => {
      if (!entry) throw new Error('an auth entry step gave no entry');
      return entry;
    }),
  );
}
