// getEvents over contract and system events (stellar-rpc get_events.go, go-stellar-sdk
// EventFilter / TopicFilter): type, contract and topic filters with `*` and `**`, pages, and the
// fields of each event. The events sit in a stored ledger built here, as the closed ledgers'
// meta will hold them once the sandbox applies Soroban operations.
import { validate } from '@starspec/ledger-rpc';
import { Address, Keypair, xdr } from '@stellar/stellar-sdk/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, type Network } from '../../src/index.js';
import { cursorId, type EventCursor } from '../../src/network/cursor.js';
import type { EventRecord, LedgerRecord, TxRecord } from '../../src/network/records.js';
import { getEvents } from '../../src/rpc/events.js';

const A = Address.contract(Buffer.alloc(32, 0xa)).toString();
const B = Address.contract(Buffer.alloc(32, 0xb)).toString();
const X = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1)).publicKey();
const sym = (s: string) => xdr.ScVal.scvSymbol(s).toXdr('base64');
const addr = (a: string) => new Address(a).toScVal().toXdr('base64');

function contractEvent(
  contract: string,
  type: xdr.ContractEventType,
  topics: xdr.ScVal[],
  data: xdr.ScVal,
): xdr.ContractEvent {
  return new xdr.ContractEvent({
    ext: xdr.ExtensionPoint.v0(),
    contractId: new xdr.ContractId(Address.fromString(contract).toBuffer()),
    type,
    body: xdr.ContractEventBody.v0(new xdr.ContractEventV0({ topics, data })),
  });
}

const SEQ = 5;
const CLOSE = 1_700_000_100;
const tx = { hash: 'ab'.repeat(32), successful: true } as TxRecord;
/** name → event: a transfer and a mint of contract A and B, a system event of A, an event without topics. */
const stored: [string, xdr.ContractEvent][] = [
  [
    'transfer',
    contractEvent(
      A,
      xdr.ContractEventType.contract,
      [
        xdr.ScVal.scvSymbol('transfer'),
        new Address(X).toScVal(),
        new Address(B).toScVal(),
        xdr.ScVal.scvString('native'),
      ],
      xdr.ScVal.scvI64(10n),
    ),
  ],
  [
    'mint',
    contractEvent(
      B,
      xdr.ContractEventType.contract,
      [xdr.ScVal.scvSymbol('mint'), new Address(X).toScVal()],
      xdr.ScVal.scvI64(3n),
    ),
  ],
  [
    'upgrade',
    contractEvent(
      A,
      xdr.ContractEventType.system,
      [xdr.ScVal.scvSymbol('executable_update')],
      xdr.ScVal.scvVoid(),
    ),
  ],
  ['bare', contractEvent(B, xdr.ContractEventType.contract, [], xdr.ScVal.scvU32(1))],
];

function storedLedger(): LedgerRecord {
  const events: EventRecord[] = stored.map(([, event], index) => {
    const cursor: EventCursor = { ledger: SEQ, tx: 1, op: 0, event: index };
    return { cursor, id: cursorId(cursor), event, tx };
  });
  return { sequence: SEQ, closeTime: CLOSE, events } as LedgerRecord;
}

let network: Network;
let withStored: Network;

beforeAll(() => {
  network = createNetwork({ closeEvery: 'manual' });
  const ledger = storedLedger();
  const closed = {
    oldest: () => ledger,
    latest: () => ledger,
    range: (from: number, to: number) => (from <= SEQ && SEQ <= to ? [ledger] : []),
    get: (sequence: number) => (sequence === SEQ ? ledger : undefined),
  };
  withStored = { ...network, closed: closed as unknown as Network['closed'] };
});
afterAll(() => network.close());

const names = (params: Parameters<typeof getEvents>[1]) => {
  const answer = getEvents({ network: withStored }, params);
  expect(validate.result('getEvents', answer).errors).toEqual([]);
  return answer.events.map((e) => stored[Number(e.id.slice(-10))]?.[0]);
};

describe('filters', () => {
  it.each<[string, NonNullable<Parameters<typeof getEvents>[1]['filters']>, string[]]>([
    ['none: every event', [], ['transfer', 'mint', 'upgrade', 'bare']],
    ['type contract', [{ type: 'contract' }], ['transfer', 'mint', 'bare']],
    ['type system', [{ type: 'system' }], ['upgrade']],
    ['one contract', [{ contractIds: [A] }], ['transfer', 'upgrade']],
    ['a contract and a type', [{ contractIds: [A], type: 'contract' }], ['transfer']],
    ['four exact segments and wildcards', [{ topics: [[sym('transfer'), '*', addr(B), '*']] }], ['transfer']],
    ['too few segments do not match', [{ topics: [[sym('transfer'), '*']] }], []],
    ['`**` after a prefix', [{ topics: [[sym('transfer'), '**']] }], ['transfer']],
    [
      'four segments and `**`: a trailing `**` is not counted',
      [{ topics: [[sym('transfer'), '*', '*', '*', '**']] }],
      ['transfer'],
    ],
    ['`*` alone: exactly one topic', [{ topics: [['*']] }], ['upgrade']],
    ['`*` then `**`: one topic or more', [{ topics: [['*', '**']] }], ['transfer', 'mint', 'upgrade']],
    [
      '`**` alone: any topics, none included',
      [{ topics: [['**']] }],
      ['transfer', 'mint', 'upgrade', 'bare'],
    ],
    ['a topic in the second place', [{ topics: [['*', addr(X)]] }], ['mint']],
    [
      'two topic filters of one filter: either',
      [{ topics: [[sym('mint'), '*'], [sym('executable_update')]] }],
      ['mint', 'upgrade'],
    ],
    [
      'two filters: either',
      [{ contractIds: [B], topics: [[sym('mint'), '**']] }, { type: 'system' }],
      ['mint', 'upgrade'],
    ],
  ])('%s', (_name, filters, want) => {
    expect(names({ startLedger: SEQ, filters })).toEqual(want);
  });
});

describe('topic filters refused as stellar-rpc refuses them (TopicFilter.Valid)', () => {
  it.each<[string, string[], string]>([
    ['no segment', [], 'topic must have at least one segment'],
    ['five segments', ['*', '*', '*', '*', '*'], 'topic cannot have more than 4 segments'],
    [
      'six segments, the last `**`',
      ['*', '*', '*', '*', '*', '**'],
      'topic cannot have more than 4 segments',
    ],
    [
      '`**` before the last segment',
      ['**', '*'],
      "segment 1 invalid: wildcard '**' is only allowed as the last segment",
    ],
    [
      'a misplaced `**` is named before the segments are counted',
      ['*', '**', '*', '*', '*', '*'],
      "segment 2 invalid: wildcard '**' is only allowed as the last segment",
    ],
  ])('%s', (_name, topic, message) => {
    expect(() =>
      getEvents({ network: withStored }, { startLedger: SEQ, filters: [{ topics: [topic] }] }),
    ).toThrow(`filter 1 invalid: topic 1 invalid: ${message}`);
  });
});

describe('pages and fields', () => {
  it('a page of one, then the next from its cursor', () => {
    const first = getEvents({ network: withStored }, { startLedger: SEQ, pagination: { limit: 1 } });
    expect(first.events).toHaveLength(1);
    expect(first.cursor).toBe(first.events[0]?.id);
    expect(names({ pagination: { cursor: first.cursor, limit: 2 } })).toEqual(['mint', 'upgrade']);
  });

  it('an event as stellar-rpc gives it', () => {
    const [transfer] = getEvents(
      { network: withStored },
      { startLedger: SEQ, pagination: { limit: 1 } },
    ).events;
    const event = stored[0]?.[1] as xdr.ContractEvent;
    expect(transfer).toEqual({
      type: 'contract',
      ledger: SEQ,
      ledgerClosedAt: new Date(CLOSE * 1000).toISOString().replace('.000Z', 'Z'),
      contractId: A,
      id: cursorId({ ledger: SEQ, tx: 1, op: 0, event: 0 }),
      operationIndex: 0,
      transactionIndex: 1,
      txHash: tx.hash,
      inSuccessfulContractCall: true,
      topic: event.body.v0.topics.map((t) => t.toXdr('base64')),
      value: event.body.v0.data.toXdr('base64'),
    });
  });

  it('an event without topics has no `topic`', () => {
    const answer = getEvents(
      { network: withStored },
      { startLedger: SEQ, filters: [{ contractIds: [B], topics: [] }] },
    );
    const bare = answer.events.find((e) => e.id.endsWith('0000000003'));
    expect(bare).toBeDefined();
    expect(bare).not.toHaveProperty('topic');
  });
});
