/**
 * What a contract pre-authorizes for the calls it makes (`builtin_contracts/invoker_contract_auth.rs`):
 * `InvokerContractAuthEntry` values, contract calls with their sub-calls or creations of contracts
 * deployed by the current contract, as invocation trees.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import type { Val } from '../../values/val.js';
import type { Host } from '../host.js';
import {
  addressOf,
  conversionError,
  enumCase,
  fixedBytes,
  structFields,
  vecItems,
} from './contract-types.js';
import { AuthorizedInvocation } from './invocation.js';

const ENTRY_CASES = ['Contract', 'CreateContractHostFn', 'CreateContractWithCtorHostFn'];

export function invokerEntryToInvocation(
  host: Host,
  invoker: xdr.ScAddress,
  entry: Val,
): AuthorizedInvocation {
  const { name, values } = enumCase(host, entry, ENTRY_CASES);
  if (values.length !== 1) throw conversionError('enum case with the wrong number of values');
  const body = values[0] as Val;
  switch (name) {
    case 'Contract': {
      const [context, subs] = structFields(host, body, ['context', 'sub_invocations']) as [Val, Val];
      const [args, contract, fnName] = structFields(host, context, ['args', 'contract', 'fn_name']) as [
        Val,
        Val,
        Val,
      ];
      const children = vecItems(host, subs).map((sub) => invokerEntryToInvocation(host, invoker, sub));
      return new AuthorizedInvocation(
        {
          kind: 'contract',
          contract: addressOf(host, contract),
          fnName: symbolVal(host, fnName),
          args: [...vecItems(host, args)],
        },
        children,
      );
    }
    case 'CreateContractHostFn': {
      const [executable, salt] = structFields(host, body, ['executable', 'salt']) as [Val, Val];
      return creation(host, invoker, executable, salt, []);
    }
    case 'CreateContractWithCtorHostFn': {
      const [args, executable, salt] = structFields(host, body, [
        'constructor_args',
        'executable',
        'salt',
      ]) as [Val, Val, Val];
      return creation(
        host,
        invoker,
        executable,
        salt,
        vecItems(host, args).map((arg) => host.converter.toScVal(arg)),
      );
    }
    default:
      throw conversionError('unknown InvokerContractAuthEntry case');
  }
}

function creation(
  host: Host,
  invoker: xdr.ScAddress,
  executable: Val,
  salt: Val,
  constructorArgs: xdr.ScVal[],
) {
  const kind = enumCase(host, executable, ['Wasm', 'StellarAsset', 'ExternalRef']);
  if (kind.name === 'StellarAsset')
    throw new HostError('Auth', 'InvalidInput', "Stellar Asset contract creation can't be authorized");
  if (kind.values.length !== 1) throw conversionError('not a ContractExecutable');
  const value = kind.values[0] as Val;
  const args = new xdr.CreateContractArgsV2({
    contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAddress(
      new xdr.ContractIdPreimageFromAddress({ address: invoker, salt: fixedBytes(host, salt, 32) }),
    ),
    executable:
      kind.name === 'Wasm'
        ? xdr.ContractExecutable.contractExecutableWasm(fixedBytes(host, value, 32))
        : externalRefOf(host, value),
    constructorArgs,
  });
  return new AuthorizedInvocation({ kind: 'create', args });
}

function symbolVal(host: Host, val: Val): Val {
  if (host.converter.toScVal(val).type !== 'scvSymbol') throw conversionError('expected a symbol');
  return val;
}

/** `ContractExecutableRef` (common_types.rs, protocol 28): the `{owner, tag}` struct as XDR. */
function externalRefOf(host: Host, val: Val): xdr.ContractExecutable {
  const [owner, tag] = structFields(host, val, ['owner', 'tag']) as [Val, Val];
  const tagText = host.converter.toScVal(tag);
  if (tagText.type !== 'scvString') throw conversionError('expected a string');
  const address = host.converter.toScVal(addressOf(host, owner));
  if (address.type !== 'scvAddress') throw conversionError('expected an address');
  return xdr.ContractExecutable.contractExecutableExternalRef(
    new xdr.ContractExecutableExternalRef({ executableOwner: address.address, tag: tagText.str.bytes }),
  );
}
