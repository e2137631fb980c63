// The official SDK's rpc.Server, unchanged, simulating through the sandbox: its parser takes the
// answer (a success with data, fee and result; a host error), and assembleTransaction builds the
// transaction to send from it.
import { Address, BASE_FEE, Keypair, Operation, rpc, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, type TestSandbox, testSandbox } from '../support/sandbox.js';
import { hasSorobanData, NO_SOROBAN_DATA, sorobanWasm } from '../support/soroban-data.js';

let t: TestSandbox;
const alice = Keypair.random();

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 'manual' });
  await fund(t, alice);
});
afterAll(async () => {
  await t.net.stop();
  expect(t.errors).toEqual([]);
});

async function transaction(op: ReturnType<typeof Operation.uploadContractWasm>) {
  return new TransactionBuilder(await t.server.getAccount(alice.publicKey()), {
    fee: BASE_FEE,
    networkPassphrase: t.net.passphrase,
  })
    .addOperation(op)
    .setTimeout(60)
    .build();
}

describe('rpc.Server.simulateTransaction', () => {
  it.skipIf(!hasSorobanData)(
    `an upload: a success the SDK assembles (${NO_SOROBAN_DATA} otherwise)`,
    async () => {
      const tx = await transaction(
        Operation.uploadContractWasm({ wasm: sorobanWasm('wasm/20/example_add_i32.wasm') }),
      );
      const sim = await t.server.simulateTransaction(tx);
      if (!rpc.Api.isSimulationSuccess(sim)) throw new Error(`simulation failed: ${JSON.stringify(sim)}`);
      expect(Number(sim.minResourceFee)).toBeGreaterThan(0);
      expect(sim.result?.retval.type).toBe('scvBytes');
      expect(sim.stateChanges?.map((c) => [c.before, c.after?.data.type])).toEqual([[null, 'contractCode']]);
      const assembled = rpc.assembleTransaction(tx, sim).build();
      expect(Number(assembled.fee)).toBe(Number(BASE_FEE) + Number(sim.minResourceFee));
    },
  );

  it('a call of a missing contract: a simulation error the SDK recognises', async () => {
    const call = Operation.invokeContractFunction({
      contract: Address.contract(Buffer.alloc(32, 5)).toString(),
      function: 'hello',
      args: [],
    });
    const sim = await t.server.simulateTransaction(await transaction(call));
    expect(rpc.Api.isSimulationError(sim)).toBe(true);
    if (rpc.Api.isSimulationError(sim))
      expect(sim.error).toMatch(/^HostError: Error\(Storage, MissingValue\)/);
  });
});
