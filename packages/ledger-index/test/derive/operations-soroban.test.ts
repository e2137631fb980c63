// The Soroban operations as Horizon records them, from transactions built here (the sandbox runs
// no contracts): the host function with its arguments as typed ScVals, a created contract's
// address and salt, the SAC movements, who took part and whether it is a payment.
import { Address, Asset, Keypair, Operation, xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { operationContexts, operationRows } from '../../src/derive/operations/index.js';
import type { OperationRow } from '../../src/derive/records.js';
import {
  address,
  alice,
  bob,
  contract,
  created,
  i128,
  invoker,
  issuer,
  muxedAmount,
  sacEvent,
  sym,
  syntheticTransaction,
  usd,
} from '../support/synthetic.js';
import { operationErrors } from './harness.js';

const invoked = xdr.OperationResultTr.invokeHostFunction(
  xdr.InvokeHostFunctionResult.invokeHostFunctionSuccess(new Uint8Array(32)),
);

function record(
  op: xdr.Operation,
  tr: xdr.OperationResultTr = invoked,
  changes: xdr.LedgerEntryChange[] = [],
  events: xdr.ContractEvent[] = [],
): OperationRow {
  const { ledger, tx } = syntheticTransaction(op, tr, changes, events);
  const [row] = operationRows(operationContexts(ledger, tx), 1n);
  if (!row) throw new Error('no operation row');
  expect(operationErrors(row)).toEqual([]);
  return row;
}

/** The fields beyond the common ones. */
function fields(row: OperationRow): Record<string, unknown> {
  const {
    id,
    paging_token,
    transaction_successful,
    source_account,
    type_i,
    created_at,
    transaction_hash,
    ...rest
  } = row.body as Record<string, unknown>;
  return rest;
}

const dollars = { asset_type: 'credit_alphanum4', asset_code: 'USD', asset_issuer: issuer.publicKey() };
const salt = Buffer.alloc(32);
salt[31] = 1;

describe('invoke_host_function', () => {
  it('a contract call: contract, function name and arguments first to last, SAC movements, payment', () => {
    const events = [
      sacEvent(
        usd,
        [sym('transfer'), address(alice.publicKey()), address(bob.publicKey())],
        muxedAmount(5n, 9n),
      ),
      sacEvent(usd, [sym('mint'), address(contract)], i128(7n)),
      sacEvent(Asset.native(), [sym('burn'), address(alice.publicKey())], i128(3n)),
    ];
    const args = [xdr.ScVal.scvU32(7), xdr.ScVal.scvVoid(), xdr.ScVal.scvBool(true)];
    const row = record(
      Operation.invokeContractFunction({ contract, function: 'run', args }),
      invoked,
      [],
      events,
    );
    expect(fields(row)).toEqual({
      type: 'invoke_host_function',
      function: 'HostFunctionTypeHostFunctionTypeInvokeContract',
      parameters: [
        { type: 'Address', value: Address.fromString(contract).toScVal().toXDR('base64') },
        { type: 'Sym', value: xdr.ScVal.scvSymbol('run').toXDR('base64') },
        { type: 'U32', value: args[0]?.toXDR('base64') },
        { type: '', value: args[1]?.toXDR('base64') },
        { type: 'B', value: args[2]?.toXDR('base64') },
      ],
      address: '',
      salt: '',
      asset_balance_changes: [
        {
          ...dollars,
          type: 'transfer',
          from: alice.publicKey(),
          to: bob.publicKey(),
          amount: '0.0000005',
          destination_muxed_id: '9',
        },
        { ...dollars, type: 'mint', to: contract, amount: '0.0000007' },
        { asset_type: 'native', type: 'burn', from: alice.publicKey(), amount: '0.0000003' },
      ],
    });
    expect(row.payment).toBe(true);
    expect(row.accounts).toEqual([alice.publicKey(), bob.publicKey(), invoker.publicKey()].sort());
  });

  it('a call without SAC movements: asset_balance_changes null, not a payment', () => {
    const row = record(Operation.invokeContractFunction({ contract, function: 'noop', args: [] }));
    expect(fields(row)).toMatchObject({
      parameters: [{ type: 'Address' }, { type: 'Sym' }],
      asset_balance_changes: null,
    });
    expect(row.payment).toBe(false);
    expect(row.accounts).toEqual([invoker.publicKey()]);
  });

  it('takes in the owners of the classic entries it changed', () => {
    const line = xdr.LedgerEntryData.trustline(
      new xdr.TrustLineEntry({
        accountId: bob.xdrAccountId(),
        asset: usd.toTrustLineXDRObject(),
        balance: 0n,
        limit: 1_000_000_000n,
        flags: 1,
        ext: xdr.TrustLineEntryExt.v0(),
      }),
    );
    const row = record(Operation.invokeContractFunction({ contract, function: 'run', args: [] }), invoked, [
      created(line),
    ]);
    expect(row.accounts).toEqual([bob.publicKey(), invoker.publicKey()].sort());
  });

  it('creating a contract from an address: its address and the salt as a decimal number', () => {
    const deployer = Keypair.random();
    const op = Operation.createCustomContract({
      address: Address.fromString(deployer.publicKey()),
      wasmHash: Buffer.alloc(32, 1),
      salt,
    });
    const row = record(op);
    const body = fields(row);
    expect(body).toMatchObject({ type: 'invoke_host_function', address: deployer.publicKey(), salt: '1' });
    expect(String(body.function)).toMatch(/^HostFunctionTypeHostFunctionTypeCreateContract(V2)?$/);
  });

  it('deploying an asset contract: no address or salt', () => {
    const row = record(Operation.createStellarAssetContract({ asset: usd }));
    expect(fields(row)).toMatchObject({ address: '', salt: '' });
  });

  it('uploading Wasm: the function alone', () => {
    const row = record(Operation.uploadContractWasm({ wasm: Buffer.from([0, 97, 115, 109]) }));
    expect(fields(row)).toEqual({
      type: 'invoke_host_function',
      function: 'HostFunctionTypeHostFunctionTypeUploadContractWasm',
      parameters: null,
      address: '',
      salt: '',
      asset_balance_changes: null,
    });
  });
});

describe('footprint operations', () => {
  it.each([
    {
      given: Operation.extendFootprintTtl({ extendTo: 500 }),
      result: xdr.OperationResultTr.extendFootprintTtl(
        xdr.ExtendFootprintTtlResult.extendFootprintTtlSuccess(),
      ),
      want: { type: 'extend_footprint_ttl', extend_to: 500 },
    },
    {
      given: Operation.restoreFootprint({}),
      result: xdr.OperationResultTr.restoreFootprint(xdr.RestoreFootprintResult.restoreFootprintSuccess()),
      want: { type: 'restore_footprint' },
    },
  ])('$want.type', ({ given, result, want }) => {
    const row = record(given, result);
    expect(fields(row)).toEqual(want);
    expect(row.payment).toBe(false);
  });
});
