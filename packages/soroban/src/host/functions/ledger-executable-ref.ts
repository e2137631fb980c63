/**
 * The protocol-28 `ledger` functions of CAP-85 (`host.rs`, create_executable_tag,
 * create_external_ref_contract, update_current_contract_executable_ref): a tag naming an
 * executable reference entry, a contract created to run the Wasm another contract's entry names,
 * and the current contract switched to such a reference. Function declarations, so that the
 * `ledger` module can list them whatever order the modules load in.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Val } from '../../values/val.js';
import { VOID } from '../../values/val.js';
import { verifyExecutableRefExists } from '../executable-ref.js';
import { add, contractHost, visit } from './access.js';
import { create, updateCurrentExecutable } from './contract-creation.js';
import type { CallContext } from './types.js';

/** `executable_ref_from_inputs`: the owner's address and the tag's text, each visited and copied. */
function externalRef(c: CallContext, owner: Val, tag: Val): xdr.ContractExecutable {
  const executableOwner = visit(c, owner, 'Address').value;
  const text = visit(c, tag, 'ExecutableTag').value;
  return xdr.ContractExecutable.contractExecutableExternalRef(
    new xdr.ContractExecutableExternalRef({ executableOwner, tag: Uint8Array.from(text) }),
  );
}

/** `create_executable_tag`: an ExecutableTag holding a copy of the string's bytes. */
export function createExecutableTag(c: CallContext, tagString: Val): Val {
  const text = visit(c, tagString, 'String').value;
  c.host.meter.charge('MemCpy', 24n);
  c.host.meter.charge('MemAlloc', BigInt(text.length));
  c.host.meter.charge('MemCpy', BigInt(text.length));
  return add(c, { kind: 'ExecutableTag', value: Uint8Array.from(text) });
}

/**
 * `create_external_ref_contract`: only the reference entry must exist (checked when the instance
 * is made), not what it names.
 */
export function createExternalRefContract(
  c: CallContext,
  deployer: Val,
  owner: Val,
  tag: Val,
  salt: Val,
  args: Val,
): Val {
  return create(c, deployer, externalRef(c, owner, tag), salt, visit(c, args, 'Vec').value);
}

export function updateCurrentContractExecutableRef(c: CallContext, owner: Val, tag: Val): Val {
  const executable = externalRef(c, owner, tag);
  if (executable.type === 'contractExecutableExternalRef')
    verifyExecutableRefExists(contractHost(c), executable.externalRef);
  updateCurrentExecutable(c, executable);
  return VOID;
}
