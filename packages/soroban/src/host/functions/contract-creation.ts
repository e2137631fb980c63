/**
 * What the `ledger` module's contract lifecycle functions share (`host.rs`, lifecycle.rs): hashes
 * and preimages from their arguments, a deployer-authorized creation, and the replacement of the
 * current contract's executable with its system event.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { toScAddress } from '../../builtin/values.js';
import { HostError } from '../../errors/host-error.js';
import { chargeContractKey, contractAddress } from '../../storage/index.js';
import { smallSymbol } from '../../values/symbol.js';
import type { Val } from '../../values/val.js';
import { createContract } from '../lifecycle.js';
import { traced } from '../native-slices.js';
import { add, contractHost, visit } from './access.js';
import { chargeCopy } from './charges.js';
import { recordContractEvent } from './context.js';
import type { CallContext } from './types.js';

/**
 * A 32-byte hash from a Bytes object (`hash_from_bytesobj_input`, `u256_from_bytesobj_input`): the
 * object visited, then its bytes copied out (`fixed_length_bytes_from_slice`).
 */
export function hash32(c: CallContext, val: Val): Uint8Array {
  return fixedLengthBytes(c, val, 32);
}

/** `fixed_length_bytes_from_bytesobj_input`: a Bytes object of exactly `length` bytes, visited and copied out. */
export function fixedLengthBytes(c: CallContext, val: Val, length: number): Uint8Array {
  const bytes = visit(c, val, 'Bytes').value;
  if (bytes.length !== length)
    throw new HostError(
      'Object',
      'UnexpectedSize',
      'expected fixed-length bytes slice, got slice with different size',
    );
  chargeCopy(c, 1, length);
  return bytes;
}

export function fromAddressPreimage(c: CallContext, deployer: Val, salt: Val): xdr.ContractIdPreimage {
  return xdr.ContractIdPreimage.contractIdPreimageFromAddress(
    new xdr.ContractIdPreimageFromAddress({
      // The deployer's address, visited and cloned (`metered_clone`).
      address: toScAddress(contractHost(c), deployer),
      salt: hash32(c, salt),
    }),
  );
}

/** `create_contract_from_obj_inputs`: the deployer authorizes; the constructor gets `args`. */
export function create(
  c: CallContext,
  deployer: Val,
  executable: xdr.ContractExecutable,
  salt: Val,
  args: readonly Val[],
): Val {
  const host = contractHost(c);
  const id = createContract(host, fromAddressPreimage(c, deployer, salt), executable, args, deployer);
  return add(c, { kind: 'Address', value: contractAddress(id) });
}

/**
 * The executable as the host's system events name it (the `ContractExecutable` contracttype of
 * common_types.rs): `["Wasm", hash]`, `["StellarAsset"]`, or from protocol 28
 * `["ExternalRef", {owner, tag}]`.
 */
function executableVal(c: CallContext, executable: xdr.ContractExecutable): Val {
  // `ContractExecutable::from_xdr` then `try_into_val` (system_events.rs): the hash made a
  // `BytesN<32>` and the variant a Vec through the env, calls the host traces of itself.
  if (executable.type === 'contractExecutableWasm') {
    const hash = traced.bytes(c, Uint8Array.from(executable.wasmHash.value));
    return traced.vec(c, [smallSymbol('Wasm') as Val, hash]);
  }
  if (executable.type !== 'contractExecutableExternalRef')
    return traced.vec(c, [traced.symbol(c, 'StellarAsset')]);
  const { executableOwner, tag } = executable.externalRef;
  const owner = add(c, { kind: 'Address', value: executableOwner });
  const text = add(c, { kind: 'String', value: Uint8Array.from(tag.bytes) });
  const items = [
    add(c, { kind: 'Symbol', value: Buffer.from('ExternalRef') }),
    add(c, {
      kind: 'Map',
      value: [[smallSymbol('owner') as Val, owner] as const, [smallSymbol('tag') as Val, text] as const],
    }),
  ];
  return add(c, { kind: 'Vec', value: items });
}

/**
 * `update_current_contract_executable`: the `executable_update` system event (old, new), then the
 * current contract's instance keeps its storage under the new executable.
 */
export function updateCurrentExecutable(c: CallContext, next: xdr.ContractExecutable): void {
  const host = contractHost(c);
  const contractId = host.currentContractId();
  // `contract_instance_ledger_key`: the id copied into a new key.
  chargeContractKey(host.budget);
  const old = host.instance(contractId);
  // `emit_update_contract_event`: the topics and the empty data made through the env (traced).
  const topics = traced.vec(c, [
    traced.symbol(c, 'executable_update'),
    executableVal(c, old.executable),
    executableVal(c, next),
  ]);
  recordContractEvent(c, 'system', topics, traced.vec(c, []));
  host.replaceExecutable(contractId, next);
}
