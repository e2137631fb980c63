/**
 * The deployer's authorization of contract creation (lifecycle.rs create_contract_internal), with
 * the host's deployer test contract (soroban-env-host/src/test/lifecycle.rs): a contract deploying
 * from itself is authorized as the invoker, and pre-authorizes the new contract's constructor; an
 * account deploying must sign a `CreateContractV2HostFn` tree.
 */
import { hash, type Keypair, StrKey, type xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { outcome } from '../support/outcome.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { authSetup, sign } from './support.js';

function deployerSetup() {
  const setup = authSetup(1, 1);
  const [authContract] = setup.contracts as [string];
  const owner = setup.keys[0] as Keypair;
  const constructorWasm = readSoroban('wasm/22/test_constructor.wasm');
  // Registering one instance uploads the constructor contract's code.
  setup.env.register(constructorWasm, [owner.publicKey(), 'key', 100, authContract]);
  const deployer = setup.env.register(readSoroban('wasm/22/test_deployer_with_constructor.wasm'));
  return { ...setup, owner, authContract, deployer, wasmHash: hash(Buffer.from(constructorWasm)) };
}

describe.skipIf(!sorobanData)(
  `deployer authorization (${sorobanData ? 'deployer test contract' : NO_SOROBAN_DATA})`,
  () => {
    it('a contract deploying from itself needs no entries, and pre-authorizes the constructor', () => {
      const { env, deployer, wasmHash, authContract } = deployerSetup();
      const call = env.invoke(deployer, 'deploy_with_contract_auth', [wasmHash, authContract], { auth: [] });
      expect(StrKey.isValidContract(call.result as string)).toBe(true);
      // The same deployment recorded on a fresh ledger (the salt is fixed): nothing to sign.
      const fresh = deployerSetup();
      expect(
        fresh.env.invoke(fresh.deployer, 'deploy_with_contract_auth', [wasmHash, authContract]).auth,
      ).toEqual([]);
    });

    it('an account deploying: recording writes down a CreateContractV2HostFn tree', () => {
      const { env, deployer, wasmHash, authContract, owner } = deployerSetup();
      const args = [wasmHash, owner.publicKey(), authContract];
      const recorded = env.invoke(deployer, 'deploy_with_external_auth', args).auth;
      expect(recorded).toHaveLength(1);
      const entry = recorded[0] as xdr.SorobanAuthorizationEntry;
      const fn = entry.rootInvocation.function;
      expect(fn.type).toBe('sorobanAuthorizedFunctionTypeCreateContractV2HostFn');
      if (fn.type !== 'sorobanAuthorizedFunctionTypeCreateContractV2HostFn') return;
      const preimage = fn.createContractV2HostFn.contractIdPreimage;
      expect(
        preimage.type === 'contractIdPreimageFromAddress' && Buffer.from(preimage.fromAddress.salt.value),
      ).toEqual(Buffer.alloc(32, 4));
      expect(fn.createContractV2HostFn.constructorArgs).toHaveLength(4);
    });

    it.each([
      { signed: true, want: 'ok' },
      { signed: false, want: 'Error(Auth, InvalidAction)' },
    ])('an account deploying with the creation signed: $signed is $want', async ({ signed, want }) => {
      const record = deployerSetup();
      const args = [record.wasmHash, record.owner.publicKey(), record.authContract];
      const entry = record.env.invoke(record.deployer, 'deploy_with_external_auth', args)
        .auth[0] as xdr.SorobanAuthorizationEntry;
      const { env, deployer } = deployerSetup();
      const auth = signed ? [await sign(entry, record.owner)] : [];
      expect(outcome(() => env.invoke(deployer, 'deploy_with_external_auth', args, { auth }))).toBe(want);
    });
  },
);
