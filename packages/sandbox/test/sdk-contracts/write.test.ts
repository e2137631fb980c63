// Write calls with the official SDK: contract.Client simulates, signs and sends; the return value
// comes from getTransaction. The counter counts in persistent storage; the token transfers with
// its invoker's own authorization (source-account credentials, no auth entry to sign).
import { contract, Keypair, scValToNative } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterWasm, MAX_TOKEN_AMOUNT, TOKEN_ERRORS, tokenWasm } from '../support/contracts/index.js';
import { clientFor, landNow, type SdkSandbox, sdkSandbox, stopSandbox, uploadAndDeploy } from './support.js';

type Call<T> = Promise<contract.AssembledTransaction<T>>;
interface Counter {
  inc: () => Call<number>;
  get: () => Call<number>;
}
interface Token {
  mint: (args: { to: string; amount: bigint }) => Call<null>;
  balance: (args: { id: string }) => Call<bigint>;
  transfer: (args: { from: string; to: string; amount: bigint }) => Call<null>;
}

let t: SdkSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
let counter: contract.Client & Counter;
let token: contract.Client & Token;

beforeAll(async () => {
  t = await sdkSandbox([alice, bob]);
  counter = await clientFor<Counter>(t, alice, await uploadAndDeploy(t, alice, counterWasm()));
  token = await clientFor<Token>(t, alice, await uploadAndDeploy(t, alice, tokenWasm()));
});
afterAll(() => stopSandbox(t));

/** Signs and sends; answers the typed result and the return value getTransaction reports. */
async function send<T>(tx: contract.AssembledTransaction<T>) {
  const sent = await tx.signAndSend({ watcher: landNow(t) });
  const hash = sent.sendTransactionResponse?.hash ?? '';
  const final = await t.server.getTransaction(hash);
  if (final.status !== 'SUCCESS') throw new Error(`${hash}: ${final.status}`);
  return { result: sent.result, returnValue: scValToNative(final.returnValue as never) as unknown };
}

describe('write calls', () => {
  it('inc twice: 1 then 2, the count kept between transactions', async () => {
    const first = await counter.inc();
    expect(first.isReadCall).toBe(false);
    expect(await send(first)).toEqual({ result: 1, returnValue: 1 });
    expect(await send(await counter.inc())).toEqual({ result: 2, returnValue: 2 });
    expect((await counter.get()).result).toBe(2);
  });

  it('token.transfer under the invoker authorization: no entry to sign, balances moved', async () => {
    await send(await token.mint({ to: alice.publicKey(), amount: 1000n }));
    const transfer = await token.transfer({ from: alice.publicKey(), to: bob.publicKey(), amount: 250n });
    const auth = transfer.simulationData.result.auth;
    expect(auth.map((entry) => entry.credentials.type)).toEqual(['sorobanCredentialsSourceAccount']);
    expect(transfer.needsNonInvokerSigningBy()).toEqual([]);
    expect(await send(transfer)).toEqual({ result: null, returnValue: null });
    expect((await token.balance({ id: alice.publicKey() })).result).toBe(750n);
    expect((await token.balance({ id: bob.publicKey() })).result).toBe(250n);
  });

  it('more than the balance: the contract error, named by the spec, and nothing sent', async () => {
    const tx = await token.transfer({ from: alice.publicKey(), to: bob.publicKey(), amount: 751n });
    expect(tx.result).toEqual(new contract.Err({ message: TOKEN_ERRORS.InsufficientBalance.doc }));
    await expect(tx.signAndSend()).rejects.toThrow(/Error\(Contract, #1\)/);
    const tooLarge = await token.mint({ to: bob.publicKey(), amount: MAX_TOKEN_AMOUNT + 1n });
    expect(tooLarge.result).toEqual(new contract.Err({ message: TOKEN_ERRORS.AmountOutOfRange.doc }));
    expect(t.net.ledger.pending()).toEqual([]);
  });
});
