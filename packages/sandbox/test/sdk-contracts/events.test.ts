// Contract events through the official SDK's rpc.Server.getEvents: after inc and transfer calls,
// filters by contract and by topics (exact symbols and addresses, `*` for one segment, a trailing
// `**` for any rest, as stellar-rpc's TopicFilter matches them) answer exactly the events expected,
// with typed topics and values.
import { Address, type contract, Keypair, nativeToScVal, scValToNative, xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterWasm, tokenWasm } from '../support/contracts/index.js';
import { clientFor, landNow, type SdkSandbox, sdkSandbox, stopSandbox, uploadAndDeploy } from './support.js';

type Call<T> = Promise<contract.AssembledTransaction<T>>;
interface Counter {
  inc: () => Call<number>;
}
interface Token {
  mint: (args: { to: string; amount: bigint }) => Call<null>;
  transfer: (args: { from: string; to: string; amount: bigint }) => Call<null>;
}

let t: SdkSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
let counterId: string;
let tokenId: string;
let startLedger: number;
/** The hashes of the calls that emitted events, in order. */
const hashes: string[] = [];

const sym = (s: string) => xdr.ScVal.scvSymbol(s).toXDR('base64');
const addr = (k: Keypair) => new Address(k.publicKey()).toScVal().toXDR('base64');

async function send<T>(tx: contract.AssembledTransaction<T>) {
  const sent = await tx.signAndSend({ watcher: landNow(t) });
  return sent.sendTransactionResponse?.hash ?? '';
}

beforeAll(async () => {
  t = await sdkSandbox([alice, bob]);
  counterId = await uploadAndDeploy(t, alice, counterWasm());
  tokenId = await uploadAndDeploy(t, alice, tokenWasm());
  const counter = await clientFor<Counter>(t, alice, counterId);
  const token = await clientFor<Token>(t, alice, tokenId);
  const tokenByBob = await clientFor<Token>(t, bob, tokenId);
  startLedger = (await t.server.getLatestLedger()).sequence;
  hashes.push(await send(await counter.inc()));
  hashes.push(await send(await counter.inc()));
  await send(await token.mint({ to: alice.publicKey(), amount: 1000n }));
  hashes.push(
    await send(await token.transfer({ from: alice.publicKey(), to: bob.publicKey(), amount: 100n })),
  );
  hashes.push(
    await send(await tokenByBob.transfer({ from: bob.publicKey(), to: alice.publicKey(), amount: 40n })),
  );
});
afterAll(() => stopSandbox(t));

/** The events one filter answers, read natively: [contract, topics, value, tx hash]. */
async function eventsFor(contractIds: string[], ...topics: string[][]) {
  const answer = await t.server.getEvents({
    startLedger,
    filters: [{ type: 'contract', contractIds, topics }],
    limit: 100,
  });
  return answer.events.map((event) => {
    expect(event.type).toBe('contract');
    expect(event.inSuccessfulContractCall).toBe(true);
    return [
      event.contractId?.contractId(),
      event.topic.map((topic) => scValToNative(topic)),
      scValToNative(event.value),
      event.txHash,
    ];
  });
}

describe('getEvents over contract events', () => {
  const incs = () => [
    [counterId, ['count', 'inc'], 1, hashes[0]],
    [counterId, ['count', 'inc'], 2, hashes[1]],
  ];
  const transfers = () => [
    [tokenId, ['transfer', alice.publicKey(), bob.publicKey()], 100n, hashes[2]],
    [tokenId, ['transfer', bob.publicKey(), alice.publicKey()], 40n, hashes[3]],
  ];

  it('exact symbols: both increments, their values typed', async () => {
    expect(await eventsFor([counterId], [sym('count'), sym('inc')])).toEqual(incs());
  });

  it('`*` stands for one segment, a trailing `**` for any number', async () => {
    expect(await eventsFor([counterId], ['*', sym('inc')])).toEqual(incs());
    expect(await eventsFor([counterId], [sym('count'), '**'])).toEqual(incs());
    expect(await eventsFor([counterId], ['**'])).toEqual(incs());
    expect(await eventsFor([tokenId], [sym('transfer'), '*', '*'])).toEqual(transfers());
    expect(await eventsFor([tokenId], [sym('transfer'), '**'])).toEqual(transfers());
  });

  it('segments must all match: fewer, more or other segments match nothing', async () => {
    expect(await eventsFor([counterId], [sym('count')])).toEqual([]);
    expect(await eventsFor([counterId], [sym('count'), sym('inc'), '*'])).toEqual([]);
    expect(await eventsFor([counterId], [sym('count'), sym('dec')])).toEqual([]);
    expect(await eventsFor([tokenId], [sym('transfer'), '*'])).toEqual([]);
  });

  it('addresses as topics: the sender picks its transfer', async () => {
    expect(await eventsFor([tokenId], [sym('transfer'), addr(alice), '*'])).toEqual([transfers()[0]]);
    expect(await eventsFor([tokenId], [sym('transfer'), '*', addr(alice)])).toEqual([transfers()[1]]);
  });

  it('the contract filter and several topic filters (any may match), in ledger order', async () => {
    expect(await eventsFor([counterId, tokenId], [sym('transfer'), '**'], [sym('count'), '*'])).toEqual([
      ...incs(),
      ...transfers(),
    ]);
    expect(await eventsFor([tokenId], [sym('count'), sym('inc')])).toEqual([]);
  });

  it('a value topic of another type does not match a symbol', async () => {
    const u32Inc = nativeToScVal(1, { type: 'u32' }).toXDR('base64');
    expect(await eventsFor([counterId], ['*', u32Inc])).toEqual([]);
  });
});
