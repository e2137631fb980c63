// Upload and deploy with the official SDK only: Operation.uploadContractWasm and
// createCustomContract prepared by simulation, with and without constructor arguments, and
// contract.Client.deploy; the contracts' state read back through contract.Client.
import {
  Address,
  contract,
  Keypair,
  type Keypair as KeypairT,
  nativeToScVal,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterWasm, ownedWasm } from '../support/contracts/index.js';
import {
  clientFor,
  clientOptions,
  deploy,
  landNow,
  type SdkSandbox,
  sdkSandbox,
  stopSandbox,
  upload,
} from './support.js';

interface Counter {
  get: () => Promise<contract.AssembledTransaction<number>>;
}
interface Owned {
  owner: () => Promise<contract.AssembledTransaction<string>>;
  start: () => Promise<contract.AssembledTransaction<number>>;
}

let t: SdkSandbox;
const alice: KeypairT = Keypair.random();
const bob = Keypair.random();

beforeAll(async () => {
  t = await sdkSandbox([alice, bob]);
});
afterAll(() => stopSandbox(t));

describe('deploying with the SDK', () => {
  it('uploads code, then creates a contract without a constructor', async () => {
    const wasmHash = await upload(t, alice, counterWasm());
    const id = await deploy(t, alice, wasmHash);
    const entries = await t.server.getLedgerEntries(
      xdr.LedgerKey.contractData(
        new xdr.LedgerKeyContractData({
          contract: new Address(id).toScAddress(),
          key: xdr.ScVal.scvLedgerKeyContractInstance(),
          durability: xdr.ContractDataDurability.persistent,
        }),
      ),
    );
    const instance = entries.entries[0]?.val;
    expect(instance?.type === 'contractData' && instance.contractData.val.type).toBe('scvContractInstance');
    const counter = await clientFor<Counter>(t, alice, id);
    expect((await counter.get()).result).toBe(0);
  });

  it('creates a contract whose constructor stores its arguments', async () => {
    const wasmHash = await upload(t, alice, ownedWasm());
    const id = await deploy(t, alice, wasmHash, [
      new Address(bob.publicKey()).toScVal(),
      nativeToScVal(42, { type: 'u32' }),
    ]);
    const owned = await clientFor<Owned>(t, alice, id);
    expect((await owned.owner()).result).toBe(bob.publicKey());
    expect((await owned.start()).result).toBe(42);
  });

  it('a constructor without its arguments fails in simulation, as the host reports a failed constructor', async () => {
    const wasmHash = await upload(t, alice, ownedWasm());
    // lifecycle.rs call_constructor: a recoverable failure becomes (Context, InvalidAction).
    await expect(deploy(t, alice, wasmHash)).rejects.toThrow(/^HostError: Error\(Context, InvalidAction\)/);
  });

  it('contract.Client.deploy: the constructor arguments typed by the spec, a client of the new contract', async () => {
    const wasmHash = await upload(t, alice, ownedWasm());
    const { contractId: _, ...options } = clientOptions(t, alice, '');
    const deployed = await contract.Client.deploy<contract.Client & Owned>(
      { owner: alice.publicKey(), start: 7 },
      { ...options, wasmHash },
    );
    const { result: client } = await deployed.signAndSend({ watcher: landNow(t) });
    expect(client.options.contractId).toMatch(/^C[A-Z2-7]{55}$/);
    expect((await client.owner()).result).toBe(alice.publicKey());
    expect((await client.start()).result).toBe(7);
  });
});
