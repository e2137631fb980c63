// A read call with the official SDK: contract.Client simulates `hello`, the answer typed by the
// contract's interface section, and nothing is sent (the SDK refuses to sign a read call).
import { contract, Keypair } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterWasm } from '../support/contracts/index.js';
import { clientFor, type SdkSandbox, sdkSandbox, stopSandbox, uploadAndDeploy } from './support.js';

interface Counter {
  hello: (args: { to: string }) => Promise<contract.AssembledTransaction<string[]>>;
}

let t: SdkSandbox;
let counter: contract.Client & Counter;
const alice = Keypair.random();

beforeAll(async () => {
  t = await sdkSandbox([alice]);
  counter = await clientFor<Counter>(t, alice, await uploadAndDeploy(t, alice, counterWasm()));
});
afterAll(() => stopSandbox(t));

describe('a read call', () => {
  it('is answered by simulation, typed by the spec, and sends nothing', async () => {
    const latest = (await t.server.getLatestLedger()).sequence;
    const tx = await counter.hello({ to: 'world' });
    expect(tx.isReadCall).toBe(true);
    expect(tx.result).toEqual(['Hello', 'world']);
    const retval = tx.simulation && 'result' in tx.simulation ? tx.simulation.result?.retval : undefined;
    expect(retval?.type).toBe('scvVec');
    await expect(tx.signAndSend()).rejects.toBeInstanceOf(
      contract.AssembledTransaction.Errors.NoSignatureNeeded,
    );
    expect(t.net.ledger.pending()).toEqual([]);
    expect((await t.server.getLatestLedger()).sequence).toBe(latest);
  });

  it('takes a symbol too long to be small (a symbol object) as well', async () => {
    expect((await counter.hello({ to: 'everybody_in_the_room' })).result).toEqual([
      'Hello',
      'everybody_in_the_room',
    ]);
  });

  it('a symbol with characters a symbol cannot hold: the host refuses it in simulation', async () => {
    // conversion.rs to_host_val: an ScSymbol is checked as it becomes a host object.
    const tx = await counter.hello({ to: 'not a symbol!' });
    expect(() => tx.result).toThrow(/HostError: Error\(Value, InvalidInput\)/);
  });
});
