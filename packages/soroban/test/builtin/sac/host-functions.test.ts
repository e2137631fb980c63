/**
 * `create_asset_contract` and `get_asset_contract_id` (host.rs) called by a contract: the id is
 * the asset's wherever it is asked, creating needs no deployer's authorization, and bad asset XDR
 * or a bad code fails as the host fails it.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { contract } from '../../vm/wat.js';
import { asset, keypair, putAccount, Sac, sacEnv } from './support.js';

const DEPLOYER = contract(`
(module
  (import "l" "4" (func $create_asset_contract (param i64) (result i64)))
  (import "l" "b" (func $get_asset_contract_id (param i64) (result i64)))
  (func (export "deploy") (param i64) (result i64) local.get 0 call $create_asset_contract)
  (func (export "id") (param i64) (result i64) local.get 0 call $get_asset_contract_id))
`);

const bytes = (value: xdr.Asset | Uint8Array) =>
  xdr.ScVal.scvBytes(value instanceof Uint8Array ? Buffer.from(value) : value.toXdr());

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message.split(':')[0] as string;
  }
  return 'no error';
}

describe('the asset host functions', () => {
  it('get_asset_contract_id and create_asset_contract agree with the asset preimage', () => {
    const env = sacEnv();
    const issuer = keypair(1);
    putAccount(env, issuer, { balance: 10_000_000n });
    const deployer = env.register(DEPLOYER);
    const value = asset('USDC', issuer);
    const id = env.invoke(deployer, 'id', [bytes(value)]).result as string;
    const created = env.invoke(deployer, 'deploy', [bytes(value)]);
    expect(created.result).toBe(id);
    // No deployer authorization is recorded: the asset's contract is tied to its issuer.
    expect(created.auth).toEqual([]);
    const sac = new Sac(env, id);
    expect(sac.call('symbol')).toBe('USDC');
    expect(sac.call('admin')).toBe(issuer.publicKey());
    expect(failure(() => env.invoke(deployer, 'deploy', [bytes(value)]))).toBe(
      'Error(Storage, ExistingValue)',
    );
    expect(env.invoke(deployer, 'id', [bytes(xdr.Asset.assetTypeNative())]).result).toBe(
      env.registerStellarAsset(xdr.Asset.assetTypeNative()),
    );
  });

  it('bad asset XDR and bad asset codes are Error(Value, InvalidInput)', () => {
    const env = sacEnv();
    const deployer = env.register(DEPLOYER);
    expect(failure(() => env.invoke(deployer, 'id', [bytes(Uint8Array.of(0, 0, 0, 9))]))).toBe(
      'Error(Value, InvalidInput)',
    );
    expect(failure(() => env.invoke(deployer, 'deploy', [bytes(Uint8Array.of(0, 0, 0, 0, 1))]))).toBe(
      'Error(Value, InvalidInput)',
    );
    expect(failure(() => env.invoke(deployer, 'deploy', [bytes(asset('A_BC', keypair(1)))]))).toBe(
      'Error(Value, InvalidInput)',
    );
  });
});
