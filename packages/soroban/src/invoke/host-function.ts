/**
 * Running one `HostFunction` in a host, as `Host::invoke_function` does (host/frame.rs
 * `invoke_function_and_return_val`): each kind in its own host-function frame, the answer
 * converted back to an ScVal. Creating a contract from an address asks for that address's
 * authorization.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { chargeFallibleCollect, VAL_SIZE } from '../host/functions/charges.js';
import type { Host } from '../host/host.js';
import { createContract, uploadContractWasm } from '../host/lifecycle.js';
import { traced } from '../host/native-slices.js';
import { contractAddress } from '../storage/index.js';
import type { Val } from '../values/val.js';

/** The frame name the host gives each kind (its `HostFunctionType`). */
function frameName(hostFunction: xdr.HostFunction): string {
  return hostFunction.type;
}

/** `scvals_to_val_vec`: a metered collect (charged first), then each value converted. */
function scValsToVals(host: Host, values: readonly xdr.ScVal[]): Val[] {
  chargeFallibleCollect(host.context(), values.length, VAL_SIZE);
  return values.map((value) => host.converter.toVal(value));
}

function createFromArgs(
  host: Host,
  preimage: xdr.ContractIdPreimage,
  executable: xdr.ContractExecutable,
  /** `CreateContractV2`'s arguments, converted after the deployer; none for `CreateContract`. */
  constructorArgs: readonly xdr.ScVal[] | undefined,
): Val {
  // The deployer named in the preimage must authorize the creation (`invoke_function`); an
  // asset's contract has none (it is tied to the issuer).
  const deployer =
    preimage.type === 'contractIdPreimageFromAsset'
      ? undefined
      : host.converter.toVal(xdr.ScVal.scvAddress(preimage.fromAddress.address));
  const args = constructorArgs ? scValsToVals(host, constructorArgs) : [];
  const id = createContract(host, preimage, executable, args, deployer);
  // The new address is made for the object, not cloned into it (`add_host_object`).
  return host.objects.add({ kind: 'Address', value: contractAddress(id) });
}

function run(host: Host, hostFunction: xdr.HostFunction): Val {
  switch (hostFunction.type) {
    case 'hostFunctionTypeInvokeContract': {
      const args = hostFunction.invokeContract;
      const address = args.contractAddress;
      if (address.type !== 'scAddressTypeContract')
        throw new HostError('Value', 'UnexpectedType', "invoked address doesn't belong to a contract");
      // `ScSymbol::try_into_val`: a small symbol, or `symbol_new_from_slice` (its bytes checked, charged).
      const name = traced.scSymbol(host.context(), args.functionName);
      return host.callContract(address.contractId.value, name, scValsToVals(host, args.args));
    }
    case 'hostFunctionTypeCreateContract': {
      const args = hostFunction.createContract;
      return createFromArgs(host, args.contractIdPreimage, args.executable, undefined);
    }
    case 'hostFunctionTypeCreateContractV2': {
      const args = hostFunction.createContractV2;
      return createFromArgs(host, args.contractIdPreimage, args.executable, args.constructorArgs);
    }
    case 'hostFunctionTypeUploadContractWasm':
      return uploadContractWasm(host, hostFunction.wasm);
    default:
      throw new HostError('Value', 'UnexpectedType', 'unknown host function type');
  }
}

/** The function's answer as an ScVal, or the HostError it failed with. */
export function invokeHostFunction(host: Host, hostFunction: xdr.HostFunction): xdr.ScVal {
  const value = host.withHostFunctionFrame(frameName(hostFunction), () => run(host, hostFunction));
  return host.converter.toScVal(value);
}
