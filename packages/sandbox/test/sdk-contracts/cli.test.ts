// The official SDK against `starspec-sandbox` started through its bin, as a developer runs it:
// friendbot funds the account, the counter is uploaded and deployed, then contract.Client reads
// (`hello`, by simulation only) and writes (`inc` twice, each landing in a ledger the command closes).
import { type contract, Keypair, rpc } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finish, killAll, ready, start } from '../support/cli.js';
import { counterWasm } from '../support/contracts/index.js';
import { clientFor, landNow, type SdkTarget, uploadAndDeploy } from './support.js';

interface Counter {
  hello: (args: { to: string }) => Promise<contract.AssembledTransaction<string[]>>;
  inc: () => Promise<contract.AssembledTransaction<number>>;
}

const alice = Keypair.random();
let child: ReturnType<typeof start>;
let target: SdkTarget;
let counter: contract.Client & Counter;

beforeAll(async () => {
  // Ledgers close on their own (4 a second), and at once when the SDK has sent a transaction.
  child = start(['--port', '0', '--json', '--close-every', '250']);
  const { url, rpcUrl } = await ready(child);
  const server = new rpc.Server(rpcUrl, { allowHttp: true });
  const close = () =>
    fetch(`${url}/_sandbox/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  target = { server, rpcUrl, passphrase: (await server.getNetwork()).passphrase, close };
  expect((await server.fundAddress(alice.publicKey())).status).toBe('SUCCESS');
  counter = await clientFor<Counter>(target, alice, await uploadAndDeploy(target, alice, counterWasm()));
});
afterAll(async () => {
  child.kill('SIGTERM');
  expect((await finish(child)).code).toBe(0);
  killAll();
});

describe('contract.Client against the starspec-sandbox command', () => {
  it('a read call: answered by simulation, nothing sent', async () => {
    const tx = await counter.hello({ to: 'cli' });
    expect(tx.isReadCall).toBe(true);
    expect(tx.result).toEqual(['Hello', 'cli']);
  });

  it('write calls: inc twice, 1 then 2, each confirmed by getTransaction', async () => {
    for (const want of [1, 2]) {
      const sent = await (await counter.inc()).signAndSend({ watcher: landNow(target) });
      expect(sent.result).toBe(want);
      expect(sent.getTransactionResponse?.status).toBe('SUCCESS');
    }
  });
});
