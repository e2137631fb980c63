// The WAT contracts of test/support/contracts run by our host's TestEnv: they validate at upload,
// their interface section types the calls, and each function answers as its comment says.
import { HostError, TestEnv } from '@starspec/soroban';
import { Address, contract, Keypair, scValToNative } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import {
  AUTH_PAIR_SPEC,
  authPairWasm,
  COUNTER_SPEC,
  counterWasm,
  MAX_TOKEN_AMOUNT,
  ownedWasm,
  tokenWasm,
} from '../support/contracts/index.js';

const alice = Keypair.random().publicKey();
const bob = Keypair.random().publicKey();

function hostError(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof HostError) return e.short;
    throw e;
  }
  throw new Error('no error');
}

describe('own test contracts', () => {
  it('carry an interface section the SDK reads, one function per table row', async () => {
    const spec = await contract.Spec.fromWasm(counterWasm());
    expect(spec.funcs().map((fn) => fn.name.toString())).toEqual(Object.keys(COUNTER_SPEC.functions));
    const pair = await contract.Spec.fromWasm(authPairWasm());
    expect(pair.funcs().map((fn) => fn.name.toString())).toEqual(Object.keys(AUTH_PAIR_SPEC.functions));
    expect(counterWasm()).toBe(counterWasm());
  });

  it('counter: hello greets, inc counts in persistent storage and publishes the count', () => {
    const env = new TestEnv();
    const id = env.register(counterWasm());
    expect(env.invoke(id, 'hello', ['world']).result).toEqual(['Hello', 'world']);
    expect(env.invoke(id, 'get').result).toBe(0);
    const first = env.invoke(id, 'inc');
    expect(first.result).toBe(1);
    expect(
      first.changes.map((c) =>
        c.entry?.data.type === 'contractData'
          ? c.entry.data.contractData.durability.name
          : c.entry?.data.type,
      ),
    ).toEqual(['persistent']);
    const event = first.events[0]?.event.body.v0;
    expect(event?.topics.map(scValToNative)).toEqual(['count', 'inc']);
    expect(scValToNative(event?.data as never)).toBe(1);
    expect(env.invoke(id, 'inc').result).toBe(2);
    expect(env.invoke(id, 'get').result).toBe(2);
  });

  it('token: mint, balance, transfer with its event and errors', () => {
    const env = new TestEnv();
    const id = env.register(tokenWasm());
    env.invoke(id, 'mint', [alice, 100n]);
    expect(env.invoke(id, 'balance', [alice]).result).toBe(100n);
    expect(env.invoke(id, 'balance', [bob]).result).toBe(0n);
    const sent = env.invoke(id, 'transfer', [alice, bob, 30n]);
    expect(sent.auth.map((entry) => entry.credentials.type)).toEqual(['sorobanCredentialsAddress']);
    const event = sent.events[0]?.event.body.v0;
    expect(event?.topics.map(scValToNative)).toEqual(['transfer', alice, bob]);
    expect(scValToNative(event?.data as never)).toBe(30n);
    expect(env.invoke(id, 'balance', [alice]).result).toBe(70n);
    expect(env.invoke(id, 'balance', [bob]).result).toBe(30n);
    expect(hostError(() => env.invoke(id, 'transfer', [alice, bob, 71n]))).toBe('Error(Contract, #1)');
    expect(hostError(() => env.invoke(id, 'mint', [bob, MAX_TOKEN_AMOUNT + 1n]))).toBe('Error(Contract, #2)');
    expect(hostError(() => env.invoke(id, 'mint', [bob, -1n]))).toBe('Error(Contract, #2)');
    expect(hostError(() => env.invoke(id, 'mint', [bob, MAX_TOKEN_AMOUNT]))).toBe('Error(Contract, #2)');
  });

  it('auth_pair: exchange needs both parties', () => {
    const env = new TestEnv();
    const id = env.register(authPairWasm());
    const call = env.invoke(id, 'exchange', [alice, bob]);
    expect(call.result).toBeNull();
    expect(
      call.auth.map((entry) =>
        entry.credentials.type === 'sorobanCredentialsAddress'
          ? Address.fromScAddress(entry.credentials.address.address).toString()
          : entry.credentials.type,
      ),
    ).toEqual([alice, bob]);
  });

  it('owned: the constructor stores owner and start', () => {
    const env = new TestEnv();
    const id = env.register(ownedWasm(), [alice, 42]);
    expect(env.invoke(id, 'owner').result).toBe(alice);
    expect(env.invoke(id, 'start').result).toBe(42);
  });
});
