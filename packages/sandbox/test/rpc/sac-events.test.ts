// getEvents over the asset events of a real run (stellar-rpc get_events.go, go-stellar-sdk
// EventFilter / TopicFilter): the XLM contract's `transfer` of a contract call and the `fee`
// events of each transaction, found by contract, by topics with `*` and `**`, paged by cursor;
// and bad filters answered with -32602 and stellar-rpc's words, over JSON-RPC as a client sees them.
import { Address, Asset, Keypair, nativeToScVal, Operation, scValToNative, xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkSandbox, sdkSandbox, sendOperation, stopSandbox } from '../sdk-contracts/support.js';

let t: SdkSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
let xlm: string;
let startLedger: number;
let transferHash: string;

const sym = (s: string) => xdr.ScVal.scvSymbol(s).toXDR('base64');
const addr = (a: string) => new Address(a).toScVal();

beforeAll(async () => {
  t = await sdkSandbox([alice, bob]);
  // After friendbot's ledger: its payments are transfers of the XLM contract too.
  startLedger = (await t.server.getLatestLedger()).sequence + 1;
  const created = await sendOperation(
    t,
    alice,
    Operation.createStellarAssetContract({ asset: Asset.native() }),
  );
  xlm = Address.fromScVal(created.returnValue as xdr.ScVal).toString();
  const amount = nativeToScVal(12_345n, { type: 'i128' });
  const args = [addr(alice.publicKey()), addr(bob.publicKey()), amount];
  transferHash = (
    await sendOperation(
      t,
      alice,
      Operation.invokeContractFunction({ contract: xlm, function: 'transfer', args }),
    )
  ).txHash;
});
afterAll(() => stopSandbox(t));

/** [first topic, transaction hash] of what the filters answer. */
async function found(filters: Parameters<typeof t.server.getEvents>[0]['filters']) {
  const answer = await t.server.getEvents({ startLedger, filters, limit: 100 });
  return answer.events.map((e) => [scValToNative(e.topic[0] as xdr.ScVal), e.txHash]);
}

describe('asset events of a contract call', () => {
  it('the transfer: from, to and the asset, its amount', async () => {
    const answer = await t.server.getEvents({
      startLedger,
      filters: [{ type: 'contract', contractIds: [xlm], topics: [[sym('transfer'), '**']] }],
    });
    expect(answer.events).toHaveLength(1);
    const [event] = answer.events;
    expect(event?.topic.map((v) => scValToNative(v))).toEqual([
      'transfer',
      alice.publicKey(),
      bob.publicKey(),
      'native',
    ]);
    expect(scValToNative(event?.value as xdr.ScVal)).toBe(12_345n);
    expect(event?.txHash).toBe(transferHash);
  });

  it('fee events of the XLM contract: the transfer transaction among them', async () => {
    const fees = await found([{ contractIds: [xlm], topics: [[sym('fee'), '*']] }]);
    expect(fees.length).toBeGreaterThanOrEqual(2);
    expect(fees.map(([name]) => name)).toEqual(fees.map(() => 'fee'));
    expect(fees.map(([, hash]) => hash)).toContain(transferHash);
  });

  it('`*` for the sender, an exact recipient; the wrong recipient matches nothing', async () => {
    const to = (a: string) => addr(a).toXDR('base64');
    expect(await found([{ topics: [[sym('transfer'), '*', to(bob.publicKey()), '*']] }])).toEqual([
      ['transfer', transferHash],
    ]);
    expect(await found([{ topics: [[sym('transfer'), '*', to(alice.publicKey()), '*']] }])).toEqual([]);
  });

  it('four segments and a trailing `**`: a topic (the `**` is not counted), matching the transfer', async () => {
    expect(await found([{ contractIds: [xlm], topics: [[sym('transfer'), '*', '*', '*', '**']] }])).toEqual([
      ['transfer', transferHash],
    ]);
  });

  it('system events: none in these ledgers', async () => {
    expect(await found([{ type: 'system' }])).toEqual([]);
  });

  it('pages of one from the cursor give the events one page of all gives', async () => {
    const all = await t.server.getEvents({ startLedger, filters: [], limit: 100 });
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < all.events.length + 1; page++) {
      const answer = cursor
        ? await t.server.getEvents({ cursor, filters: [], limit: 1 })
        : await t.server.getEvents({ startLedger, filters: [], limit: 1 });
      if (answer.events.length === 0) break;
      ids.push(...answer.events.map((e) => e.id));
      cursor = answer.cursor;
    }
    expect(ids).toEqual(all.events.map((e) => e.id));
  });
});

/** A getEvents call as bytes on the wire: the JSON-RPC error it answers. */
async function rpcError(
  params: Record<string, unknown>,
): Promise<{ code: number; message: string; data?: string }> {
  const response = await fetch(t.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getEvents', params: { startLedger, ...params } }),
  });
  return ((await response.json()) as { error: { code: number; message: string } }).error;
}

// stellar-rpc decodes these and refuses them in GetEventsRequest.Valid with its own words (the
// handler's, tested in contract-events.test.ts); over the wire the contract's schema refuses them
// first, with -32602 `invalid parameters` and the field in `data` (README, "The RPC face").
describe('bad filters: -32602, the field named', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a diagnostic type', { filters: [{ type: 'diagnostic' }] }, 'params.filters.0.type'],
    ['a bad contract id', { filters: [{ contractIds: ['CAAA'] }] }, 'params.filters.0.contractIds.0'],
    [
      'six contract ids',
      { filters: [{ contractIds: Array(6).fill(Address.contract(Buffer.alloc(32)).toString()) }] },
      'params.filters.0.contractIds',
    ],
    ['`**` before the last segment', { filters: [{ topics: [['**', '*']] }] }, 'params.filters.0.topics.0'],
    ['six filters', { filters: Array(6).fill({}) }, 'params.filters'],
    ['a limit past 10,000', { pagination: { limit: 10_001 } }, 'params.pagination.limit'],
  ])('%s', async (_name, params, field) => {
    const error = await rpcError(params);
    expect(error).toMatchObject({ code: -32602, message: 'invalid parameters' });
    expect(error.data).toContain(field);
  });

  it('a start ledger out of range: -32600', async () => {
    const error = await rpcError({ startLedger: 1_000_000 });
    expect(error.code).toBe(-32600);
    expect(error.message).toMatch(/^startLedger must be within the ledger range: \d+ - \d+$/);
  });
});
