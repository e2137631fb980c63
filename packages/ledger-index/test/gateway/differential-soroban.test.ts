/**
 * A Soroban workload through the sandbox (support/soroban-workload.ts): the gateway over the
 * sandbox's RPC answers every GET exactly as the sandbox's own REST face does, and the records are
 * Horizon's: invoke_host_function with its function, parameters, created address and salt and
 * asset_balance_changes, extend_footprint_ttl and restore_footprint (stellar-horizon
 * `operations_processor.go` OperationDetails), SAC transfers, mints and burns as payments
 * (`IsPayment`) and as account or contract credits and debits (`effects_processor.go`
 * `addInvokeHostFunctionEffects`), and `/assets` with the SAC and the contracts' balances in it
 * (`resourceadapter/asset_stat.go`).
 */
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { Address, xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../src/gateway/gateway.js';
import { type Row, Walker } from '../support/crawl.js';
import { caughtUpGateway, expectSameFaces } from '../support/differential/faces.js';
import {
  SOROBAN_MIN_PERSISTENT_TTL,
  type SorobanWorkload,
  sorobanWorkload,
} from '../support/soroban-workload.js';

let sandbox: Sandbox;
let gateway: Gateway;
let w: SorobanWorkload;
const errors: unknown[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    closeEvery: 'manual',
    minPersistentTtl: SOROBAN_MIN_PERSISTENT_TTL,
    validateResults: true,
    onError: (e) => errors.push(e),
  });
  w = await sorobanWorkload(sandbox.network, sandbox.rpcUrl);
  gateway = await caughtUpGateway(sandbox, errors);
});

afterAll(async () => {
  await gateway?.stop();
  await sandbox?.stop();
});

const face = () => new Walker(sandbox.url);

/** The one operation of a step's transaction, as the sandbox's face serves it. */
async function operationOf(step: string): Promise<Row> {
  const answer = await face().get(`/transactions/${w.hashes.get(step)}/operations`);
  const [op] = (answer.body as Row)._embedded.records as Row[];
  return op as Row;
}

async function effectsOf(step: string): Promise<Row[]> {
  const op = await operationOf(step);
  const answer = await face().get(`/operations/${op.id}/effects?limit=50`);
  return ((answer.body as Row)._embedded.records as Row[]).map(
    ({ type, account, contract, asset_type, asset_code, amount }) => ({
      type,
      account,
      ...(contract ? { contract } : {}),
      asset_type,
      ...(asset_code ? { asset_code } : {}),
      amount,
    }),
  );
}

const param = (value: xdr.ScVal, type: string) => ({ value: value.toXDR('base64'), type });
const native = { asset_type: 'native' };
const usd = () => ({ asset_type: 'credit_alphanum4', asset_code: 'USD', asset_issuer: w.issuer.publicKey() });

describe('a Soroban workload through the sandbox', () => {
  it('the gateway over its RPC answers every GET as its own REST face does', async () => {
    await expectSameFaces(sandbox, gateway);
    expect(errors).toEqual([]);
  });

  it('an upload: the function alone, the other fields empty', async () => {
    const op = await operationOf('upload counter');
    expect(op).toMatchObject({
      type: 'invoke_host_function',
      type_i: 24,
      function: 'HostFunctionTypeHostFunctionTypeUploadContractWasm',
      parameters: null,
      address: '',
      salt: '',
      asset_balance_changes: null,
    });
  });

  it('a creation: the deployer and the salt in decimal, no constructor arguments', async () => {
    const op = await operationOf('create counter');
    expect(op).toMatchObject({
      function: 'HostFunctionTypeHostFunctionTypeCreateContractV2',
      parameters: [],
      address: w.alice.publicKey(),
      salt: BigInt(`0x${'01'.repeat(32)}`).toString(),
      asset_balance_changes: null,
    });
  });

  it('a call: contract and function first, then the arguments', async () => {
    const op = await operationOf('transfer token');
    const contract = new Address(w.tokenId).toScVal();
    expect(op.function).toBe('HostFunctionTypeHostFunctionTypeInvokeContract');
    expect(op.parameters.slice(0, 3)).toEqual([
      param(contract, 'Address'),
      param(xdr.ScVal.scvSymbol('transfer'), 'Sym'),
      param(new Address(w.alice.publicKey()).toScVal(), 'Address'),
    ]);
    expect(op.parameters.at(-1).type).toBe('I128');
    // A token of its own is no asset Horizon knows: no balance changes.
    expect(op.asset_balance_changes).toBeNull();
  });

  it('extend_footprint_ttl and restore_footprint', async () => {
    expect(await operationOf('extend')).toMatchObject({
      type: 'extend_footprint_ttl',
      type_i: 25,
      extend_to: 10_000,
    });
    const restore = await operationOf('restore');
    expect(restore).toMatchObject({ type: 'restore_footprint', type_i: 26 });
    expect(await effectsOf('restore')).toEqual([]);
  });

  it('SAC movements: asset_balance_changes, from and to as the event names them', async () => {
    expect((await operationOf('xlm to counter')).asset_balance_changes).toEqual([
      { ...native, type: 'transfer', from: w.alice.publicKey(), to: w.counterId, amount: '3.0000000' },
    ]);
    expect((await operationOf('usd mint')).asset_balance_changes).toEqual([
      { ...usd(), type: 'mint', to: w.bob.publicKey(), amount: '50.0000000' },
    ]);
    expect((await operationOf('usd burn')).asset_balance_changes).toEqual([
      { ...usd(), type: 'burn', from: w.alice.publicKey(), amount: '2.0000000' },
    ]);
  });

  it('SAC movements: accounts credited and debited, contracts credited on the source account', async () => {
    const alice = w.alice.publicKey();
    expect(await effectsOf('xlm to bob')).toEqual([
      { type: 'account_debited', account: alice, ...native, amount: '5.0000000' },
      { type: 'account_credited', account: w.bob.publicKey(), ...native, amount: '5.0000000' },
    ]);
    expect(await effectsOf('usd to counter')).toEqual([
      {
        type: 'account_debited',
        account: alice,
        asset_type: 'credit_alphanum4',
        asset_code: 'USD',
        amount: '7.0000000',
      },
      {
        type: 'contract_credited',
        account: alice,
        contract: w.counterId,
        asset_type: 'credit_alphanum4',
        asset_code: 'USD',
        amount: '7.0000000',
      },
    ]);
    expect(await effectsOf('usd mint to contract')).toEqual([
      {
        type: 'contract_credited',
        account: w.issuer.publicKey(),
        contract: w.tokenId,
        asset_type: 'credit_alphanum4',
        asset_code: 'USD',
        amount: '4.0000000',
      },
    ]);
  });

  it('assets: the SAC of USD and the balances the two contracts hold in it, on both faces', async () => {
    const path = `/assets?asset_code=USD&asset_issuer=${w.issuer.publicKey()}`;
    const want = { contract_id: w.usdSac, num_contracts: 2, contracts_amount: '11.0000000' };
    for (const url of [sandbox.url, gateway.url]) {
      const records = ((await new Walker(url).get(path)).body as Row)._embedded.records as Row[];
      expect(records).toEqual([expect.objectContaining(want)]);
    }
  });

  it('payments: the SAC movements among them, no other Soroban operation', async () => {
    const payments = await face().collection('/payments', 50);
    const soroban = payments.filter((p) => p.type === 'invoke_host_function').map((p) => p.transaction_hash);
    const sac = [
      'xlm to bob',
      'xlm to counter',
      'usd to counter',
      'usd mint',
      'usd mint to contract',
      'usd burn',
    ];
    expect(soroban.sort()).toEqual(sac.map((step) => w.hashes.get(step)).sort());
    const bobs = await face().collection(`/accounts/${w.bob.publicKey()}/payments`, 50);
    expect(bobs.map((p) => p.transaction_hash)).toEqual(
      expect.arrayContaining([w.hashes.get('xlm to bob'), w.hashes.get('usd mint')]),
    );
  });
});
