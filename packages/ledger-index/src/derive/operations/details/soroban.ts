/**
 * Soroban operations (stellar-horizon `OperationDetails`, `extractFunctionArgs`,
 * `parseAssetBalanceChangesFromContractEvents`, `Participants`, `IsPayment`): a host function
 * with its arguments as typed base64 `ScVal`s, the created contract's address and salt, and the
 * Stellar Asset Contract movements of the transaction.
 */
import { Address, xdr } from '@stellar/stellar-sdk/base';
import { writeScVal } from '../../../generated/xdr-writer.gen.js';
import { writeXdrAs } from '../../../meta/xdr-writer.js';
import { entryOwner } from '../../../store/entry-state.js';
import { assetFields } from '../../assets.js';
import { latest } from '../../changes.js';
import { amount } from '../../format.js';
import { type SacEvent, transactionSacEvents } from '../../sac-events.js';
import { type DetailTable, detail, type OperationContext } from '../context.js';

/** Go's `ScVal.ArmForSwitch` names, by the JavaScript XDR's `ScValType` names. */
const SC_VAL_ARMS: Record<string, string> = {
  scvBool: 'B',
  scvVoid: '',
  scvError: 'Error',
  scvU32: 'U32',
  scvI32: 'I32',
  scvU64: 'U64',
  scvI64: 'I64',
  scvTimepoint: 'Timepoint',
  scvDuration: 'Duration',
  scvU128: 'U128',
  scvI128: 'I128',
  scvU256: 'U256',
  scvI256: 'I256',
  scvBytes: 'Bytes',
  scvString: 'Str',
  scvSymbol: 'Sym',
  scvVec: 'Vec',
  scvMap: 'Map',
  scvAddress: 'Address',
  scvContractInstance: 'Instance',
  scvLedgerKeyContractInstance: '',
  scvLedgerKeyNonce: 'NonceKey',
};

function parameters(args: readonly xdr.ScVal[]): { value: string; type: string }[] {
  return args.map((arg) => {
    const type = SC_VAL_ARMS[arg.type];
    return type === undefined
      ? { value: 'n/a', type: 'n/a' }
      : { value: writeXdrAs(writeScVal, arg, 'base64'), type };
  });
}

/** `HostFunctionTypeHostFunctionTypeInvokeContract`: Go's name of the enum value. */
function functionName(fn: xdr.HostFunction): string {
  return `HostFunctionType${fn.type.charAt(0).toUpperCase()}${fn.type.slice(1)}`;
}

/** A SAC movement as `AssetContractBalanceChange`. */
function balanceChange(event: SacEvent) {
  return {
    ...assetFields(event.asset),
    type: event.type,
    ...(event.from ? { from: event.from } : {}),
    ...(event.to ? { to: event.to } : {}),
    amount: amount(event.amount),
    ...(event.toMuxedId !== undefined ? { destination_muxed_id: event.toMuxedId.toString() } : {}),
  };
}

/** The contract an address preimage names, and its salt as Go prints a Uint256 (decimal). */
function createdFrom(preimage: xdr.ContractIdPreimage): { address: string; salt: string } {
  if (preimage.type !== 'contractIdPreimageFromAddress') return { address: '', salt: '' };
  const { address, salt } = preimage.fromAddress;
  return {
    address: Address.fromScAddress(address).toString(),
    salt: BigInt(`0x${salt.toXdr('hex')}`).toString(),
  };
}

/** The accounts whose entries the operation changed, and those SAC events moved funds of. */
function participants(ctx: OperationContext, events: readonly SacEvent[]): string[] {
  const owners = ctx.changes.flatMap((change) => {
    const owner = change.post || change.pre ? entryOwner(latest(change)) : undefined;
    return owner ? [owner] : [];
  });
  const parties = events.flatMap((event) => {
    const moved =
      event.type === 'transfer' ? [event.from, event.to] : [event.type === 'mint' ? event.to : event.from];
    return moved.filter((address): address is string => address?.startsWith('G') === true);
  });
  return [...owners, ...parties];
}

export const SOROBAN_DETAILS: DetailTable = {
  invokeHostFunction: (ctx, op) => {
    const events = transactionSacEvents(ctx.tx, ctx.ledger.passphrase);
    const changes = events.length > 0 ? events.map(balanceChange) : null;
    const fn = op.hostFunction;
    const common = {
      function: functionName(fn),
      parameters: null,
      address: '',
      salt: '',
      asset_balance_changes: null,
    };
    const fields = (() => {
      switch (fn.type) {
        case 'hostFunctionTypeInvokeContract': {
          const { contractAddress, functionName: name, args } = fn.invokeContract;
          // Horizon lists the contract and the function name before the arguments.
          const call = [xdr.ScVal.scvAddress(contractAddress), xdr.ScVal.scvSymbol(name), ...args];
          return { ...common, parameters: parameters(call), asset_balance_changes: changes };
        }
        case 'hostFunctionTypeCreateContract':
          return { ...common, ...createdFrom(fn.createContract.contractIdPreimage) };
        case 'hostFunctionTypeCreateContractV2':
          return {
            ...common,
            ...createdFrom(fn.createContractV2.contractIdPreimage),
            parameters: parameters(fn.createContractV2.constructorArgs),
            asset_balance_changes: changes,
          };
        default:
          return common;
      }
    })();
    return detail('invoke_host_function', fields, {
      payment: events.length > 0,
      accounts: participants(ctx, events),
    });
  },

  extendFootprintTtl: (_ctx, op) => detail('extend_footprint_ttl', { extend_to: op.extendTo }),

  restoreFootprint: () => detail('restore_footprint', {}),
};
