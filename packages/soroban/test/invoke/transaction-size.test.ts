// The largest transaction for an operation, added up from its parts, is the size of the whole
// largest envelope encoded (soroban-simulation `estimate_max_transaction_size_for_operation`).
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { encodedMaxTransactionSize, maxTransactionSize } from '../../src/invoke/transaction-size.js';
import { accountId, wasmKey } from './fixtures.js';

const contract = xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(new Uint8Array(32).fill(3)));
const dataKey = (name: string) =>
  xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({
      contract,
      key: xdr.ScVal.scvSymbol(name),
      durability: xdr.ContractDataDurability.fromName('persistent'),
    }),
  );
const invoke = (args: xdr.ScVal[], auth: xdr.SorobanAuthorizationEntry[] = []) =>
  xdr.OperationBody.invokeHostFunction(
    new xdr.InvokeHostFunctionOp({
      hostFunction: xdr.HostFunction.hostFunctionTypeInvokeContract(
        new xdr.InvokeContractArgs({ contractAddress: contract, functionName: 'transfer', args }),
      ),
      auth,
    }),
  );
const sourceAuth = new xdr.SorobanAuthorizationEntry({
  credentials: xdr.SorobanCredentials.sorobanCredentialsSourceAccount(),
  rootInvocation: new xdr.SorobanAuthorizedInvocation({
    function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
      new xdr.InvokeContractArgs({ contractAddress: contract, functionName: 'transfer', args: [] }),
    ),
    subInvocations: [],
  }),
});
const footprint = (readOnly: xdr.LedgerKey[], readWrite: xdr.LedgerKey[]) =>
  new xdr.LedgerFootprint({ readOnly, readWrite });

describe('maxTransactionSize', () => {
  it.each([
    {
      given: 'an upload',
      operation: xdr.OperationBody.invokeHostFunction(
        new xdr.InvokeHostFunctionOp({
          hostFunction: xdr.HostFunction.hostFunctionTypeUploadContractWasm(Buffer.alloc(1234, 7)),
          auth: [],
        }),
      ),
      footprint: footprint([], [wasmKey(Buffer.alloc(1234, 7))]),
      restored: [],
    },
    {
      given: 'a call with arguments and an auth entry, two entries restored',
      operation: invoke(
        [xdr.ScVal.scvAddress(xdr.ScAddress.scAddressTypeAccount(accountId(1))), xdr.ScVal.scvU32(5)],
        [sourceAuth],
      ),
      footprint: footprint([dataKey('a')], [dataKey('b'), dataKey('c')]),
      restored: [0, 1],
    },
    {
      given: 'a restore',
      operation: xdr.OperationBody.restoreFootprint(
        new xdr.RestoreFootprintOp({ ext: xdr.ExtensionPoint.v0() }),
      ),
      footprint: footprint([], [dataKey('x')]),
      restored: [],
    },
  ])('$given', ({ operation, footprint: fp, restored }) => {
    expect(maxTransactionSize(operation, fp, restored)).toBe(
      encodedMaxTransactionSize(operation, fp, restored),
    );
  });
});
