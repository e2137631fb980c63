/**
 * What the Rust host's test build (its `testutils` feature, the build every number of its own
 * tests comes from) does that stellar-core's build does not: before each contract call and each
 * constructor's protocol read it checks for a native test contract (`is_test_contract_executable`,
 * data_helper.rs: the instance key made, the instance read again, the empty input hashed), and a
 * contract registered natively (`register_test_contract`) runs as a test frame, not a VM.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { computeHashSha256 } from '../crypto/hashes.js';
import { chargeContractKey, contractInstanceKey } from '../storage/index.js';
import type { Val } from '../values/val.js';
import { contractIdFromAddress } from './functions/access.js';
import { callArgs } from './functions/call.js';
import { hash32 } from './functions/contract-creation.js';
import type { Host } from './host.js';
import { callConstructor, putNewInstance, uploadContractWasm } from './lifecycle.js';

/**
 * A native test contract (`ContractFunctionSet::call`): its answer to a function called with
 * these (absolute) arguments, or undefined where it has no such function.
 */
export type NativeContract = (host: Host, fn: Val, args: readonly Val[]) => Val | undefined;

/** Whether the contract's executable is the empty code's hash, the mark of a native test contract. */
export function isTestContractExecutable(host: Host, contractId: Uint8Array): boolean {
  chargeContractKey(host.budget);
  const { executable } = host.instance(contractId);
  const emptyHash = computeHashSha256(new Uint8Array(0), host.budget);
  return (
    executable.type === 'contractExecutableWasm' &&
    Buffer.compare(Buffer.from(executable.wasmHash.value), Buffer.from(emptyHash)) === 0
  );
}

/**
 * `register_test_contract_with_constructor` (lifecycle.rs): the empty code uploaded, the
 * contract's instance stored with its hash as the executable, the native functions kept for the
 * contract's calls, then its constructor called with the Vec's items.
 */
export function registerTestContract(
  host: Host,
  address: Val,
  contract: NativeContract,
  constructorArgs: Val,
): void {
  const contractId = contractIdFromAddress(host.context(), address);
  chargeContractKey(host.budget);
  const key = contractInstanceKey(contractId);
  const wasmHash = hash32(host.context(), uploadContractWasm(host, new Uint8Array(0)));
  putNewInstance(host, contractId, key, xdr.ContractExecutable.contractExecutableWasm(Buffer.from(wasmHash)));
  host.nativeContracts.set(Buffer.from(contractId).toString('hex'), contract);
  callConstructor(host, contractId, callArgs(host.context(), constructorArgs));
}
