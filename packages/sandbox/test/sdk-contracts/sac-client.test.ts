// contract.Client against the Stellar Asset Contract: the SDK reads the instance, finds the
// Stellar Asset executable and builds its client from its built-in SAC interface (no Wasm to
// fetch); reads by simulation, a transfer by signAndSend, a refused one with the host's error.
import { Asset, type contract, Keypair } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploySac } from './sac-support.js';
import { clientFor, landNow, type SdkSandbox, sdkSandbox, stopSandbox } from './support.js';

type Call<T> = Promise<contract.AssembledTransaction<T>>;
interface Sac {
  balance: (args: { id: string }) => Call<bigint>;
  decimals: () => Call<number>;
  name: () => Call<string>;
  transfer: (args: { from: string; to: string; amount: bigint }) => Call<null>;
}

let t: SdkSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
let xlm: contract.Client & Sac;

beforeAll(async () => {
  t = await sdkSandbox([alice, bob]);
  xlm = await clientFor<Sac>(t, alice, await deploySac(t, alice, Asset.native()));
});
afterAll(() => stopSandbox(t));

describe('contract.Client of the native SAC', () => {
  it('reads name, decimals and balances by simulation', async () => {
    expect((await xlm.name()).result).toBe('native');
    expect((await xlm.decimals()).result).toBe(7);
    expect((await xlm.balance({ id: bob.publicKey() })).result).toBe(10_000_0000000n);
  });

  it('transfers with signAndSend under the invoker authorization', async () => {
    const tx = await xlm.transfer({ from: alice.publicKey(), to: bob.publicKey(), amount: 25_0000000n });
    expect(tx.needsNonInvokerSigningBy()).toEqual([]);
    const sent = await tx.signAndSend({ watcher: landNow(t) });
    expect(sent.getTransactionResponse?.status).toBe('SUCCESS');
    expect((await xlm.balance({ id: bob.publicKey() })).result).toBe(10_025_0000000n);
  });

  it("more than the balance: simulation answers the host's BalanceError and nothing is sent", async () => {
    const tx = await xlm.transfer({
      from: alice.publicKey(),
      to: bob.publicKey(),
      amount: 1_000_000_0000000n,
    });
    await expect(tx.signAndSend()).rejects.toThrow(/Error\(Contract, #10\)/);
    expect(t.net.ledger.pending()).toEqual([]);
  });
});
