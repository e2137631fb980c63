// manage_data, set_options, bump_sequence and account_merge: their result codes and effects.
import { Keypair, Operation, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { readData } from '../../src/core/entries/data.js';
import { dataKey } from '../../src/core/keys.js';
import { Harness, type Outcome } from '../harness.js';

const [alice, bob] = [Keypair.random(), Keypair.random()];
let h: Harness;

beforeEach(() => {
  h = Harness.funded('100', alice, bob);
});

const run = (source: Keypair, ...ops: xdr.Operation[]) => h.outcome(h.tx(source, ops));
const raw = (source: Keypair, body: xdr.OperationBody) =>
  h.outcome(h.raw(source, [new xdr.Operation({ sourceAccount: null, body })]));

function expectOutcome(outcome: Outcome, where: string, ops: string[]) {
  expect([outcome.where, outcome.ops]).toEqual([where, ops]);
}

describe('manage_data', () => {
  const value = (name: string) => {
    const entry = h.ledger.entry(dataKey(alice.xdrAccountId(), name));
    return entry ? Buffer.from(readData(entry).value).toString() : undefined;
  };

  it('creates, changes and deletes an entry, its reserve with it', () => {
    expectOutcome(run(alice, Operation.manageData({ name: 'k', value: 'v1' })), 'ledger', [
      'manageDataSuccess',
    ]);
    expect([value('k'), h.account(alice)?.numSubEntries]).toEqual(['v1', 1]);
    run(alice, Operation.manageData({ name: 'k', value: 'v2' }));
    expect(value('k')).toBe('v2');
    run(alice, Operation.manageData({ name: 'k', value: null }));
    expect([value('k'), h.account(alice)?.numSubEntries]).toEqual([undefined, 0]);
  });

  it('deleting a name that is not there: manageDataNameNotFound', () => {
    expectOutcome(run(alice, Operation.manageData({ name: 'nope', value: null })), 'ledger', [
      'manageDataNameNotFound',
    ]);
  });

  it('a name with a control character: manageDataInvalidName, when submitted', () => {
    const body = xdr.OperationBody.manageData(
      new xdr.ManageDataOp({ dataName: 'a\nb', dataValue: new Uint8Array([1]) }),
    );
    expectOutcome(raw(alice, body), 'rejected', ['manageDataInvalidName']);
  });

  it('no reserve left: manageDataLowReserve', () => {
    const poor = Keypair.random();
    h.fund('1', poor);
    const outcome = h.outcome(
      h.feeBump(bob, h.tx(poor, [Operation.manageData({ name: 'k', value: 'v' })]), 200),
    );
    expect(outcome.ops).toEqual(['manageDataLowReserve']);
  });
});

describe('set_options', () => {
  it('sets thresholds, flags, home domain and inflation destination', () => {
    const outcome = run(
      alice,
      Operation.setOptions({
        masterWeight: 10,
        lowThreshold: 1,
        medThreshold: 5,
        highThreshold: 10,
        homeDomain: 'example.com',
      }),
      Operation.setOptions({ setFlags: 3, inflationDest: bob.publicKey() }),
    );
    expectOutcome(outcome, 'ledger', ['setOptionsSuccess', 'setOptionsSuccess']);
    const account = h.account(alice);
    expect([...(account?.thresholds ?? [])]).toEqual([10, 1, 5, 10]);
    expect([account?.flags, Buffer.from(account?.homeDomain ?? []).toString()]).toEqual([3, 'example.com']);
    expect(account?.inflationDest?.equals(bob.xdrAccountId())).toBe(true);
  });

  it('adds signers in key order, changes their weight, removes them, each with its reserve', () => {
    const [s1, s2] = [Keypair.random(), Keypair.random()].sort((a, b) =>
      Buffer.compare(a.rawPublicKey(), b.rawPublicKey()),
    );
    const signer = (kp: Keypair, weight: number) =>
      Operation.setOptions({ signer: { ed25519PublicKey: kp.publicKey(), weight } });
    run(alice, signer(s2 as Keypair, 1), signer(s1 as Keypair, 2));
    const keys = () => h.account(alice)?.signers.map((s) => [s.key.toXdr('hex'), s.weight]);
    expect(keys()).toEqual([
      [xdr.SignerKey.signerKeyTypeEd25519((s1 as Keypair).rawPublicKey()).toXdr('hex'), 2],
      [xdr.SignerKey.signerKeyTypeEd25519((s2 as Keypair).rawPublicKey()).toXdr('hex'), 1],
    ]);
    expect(h.account(alice)?.numSubEntries).toBe(2);
    run(alice, signer(s1 as Keypair, 5), signer(s2 as Keypair, 0));
    expect(keys()).toEqual([
      [xdr.SignerKey.signerKeyTypeEd25519((s1 as Keypair).rawPublicKey()).toXdr('hex'), 5],
    ]);
    expect(h.account(alice)?.numSubEntries).toBe(1);
  });

  const rejected = [
    {
      name: 'set and clear the same flag',
      op: () => Operation.setOptions({ setFlags: 1, clearFlags: 1 }),
      code: 'setOptionsBadFlags',
    },
    {
      name: 'an unknown flag',
      op: () => Operation.setOptions({ setFlags: 16 as 1 }),
      code: 'setOptionsUnknownFlag',
    },
    {
      name: 'the master key as a signer',
      op: () => Operation.setOptions({ signer: { ed25519PublicKey: alice.publicKey(), weight: 1 } }),
      code: 'setOptionsBadSigner',
    },
  ];
  it.each(rejected)('$name: $code, when submitted', (c) => {
    expectOutcome(run(alice, c.op()), 'rejected', [c.code]);
  });

  it('a threshold above 255: setOptionsThresholdOutOfRange, when submitted', () => {
    const body = xdr.OperationBody.setOptions(
      new xdr.SetOptionsOp({
        inflationDest: null,
        clearFlags: null,
        setFlags: null,
        masterWeight: 256,
        lowThreshold: null,
        medThreshold: null,
        highThreshold: null,
        homeDomain: null,
        signer: null,
      }),
    );
    expectOutcome(raw(alice, body), 'rejected', ['setOptionsThresholdOutOfRange']);
  });

  const applied = [
    {
      name: 'an inflation destination that does not exist',
      ops: () => [Operation.setOptions({ inflationDest: Keypair.random().publicKey() })],
      code: 'setOptionsInvalidInflation',
    },
    {
      name: 'clawback without revocable',
      ops: () => [Operation.setOptions({ setFlags: 8 as 1 })],
      code: 'setOptionsAuthRevocableRequired',
    },
    {
      name: 'auth flags once immutable',
      ops: () => [Operation.setOptions({ setFlags: 4 }), Operation.setOptions({ clearFlags: 4 })],
      code: 'setOptionsCantChange',
    },
  ];
  it.each(applied)('$name: $code', (c) => {
    const outcome = run(alice, ...c.ops());
    expect(outcome.where).toBe('ledger');
    expect(outcome.ops.at(-1)).toBe(c.code);
  });

  it('more than 20 signers: setOptionsTooManySigners', () => {
    const ops = Array.from({ length: 21 }, () =>
      Operation.setOptions({ signer: { ed25519PublicKey: Keypair.random().publicKey(), weight: 1 } }),
    );
    expect(run(alice, ...ops).ops.at(-1)).toBe('setOptionsTooManySigners');
  });
});

describe('bump_sequence', () => {
  it('bumps forward, never back; either way it records the ledger of the change', () => {
    const seq = h.nextSeq(alice);
    expectOutcome(run(alice, Operation.bumpSequence({ bumpTo: (seq + 100n).toString() })), 'ledger', [
      'bumpSequenceSuccess',
    ]);
    expect(h.account(alice)?.seqNum).toBe(seq + 100n);
    run(alice, Operation.bumpSequence({ bumpTo: '1' }));
    expect(h.account(alice)?.seqNum).toBe(seq + 101n);
    expect(h.account(alice)?.seqLedger).toBe(h.ledger.latestSequence);
  });

  it('a negative target: bumpSequenceBadSeq, when submitted', () => {
    expectOutcome(
      raw(alice, xdr.OperationBody.bumpSequence(new xdr.BumpSequenceOp({ bumpTo: -1n }))),
      'rejected',
      ['bumpSequenceBadSeq'],
    );
  });
});

describe('account_merge', () => {
  const merge = (from: Keypair, into: Keypair | string, ...before: xdr.Operation[]) =>
    run(
      from,
      ...before,
      Operation.accountMerge({ destination: typeof into === 'string' ? into : into.publicKey() }),
    );

  it('moves the balance and removes the account', () => {
    const total = h.balance(alice) + h.balance(bob) - 100n;
    expectOutcome(merge(alice, bob), 'ledger', ['accountMergeSuccess']);
    expect([h.account(alice), h.balance(bob)]).toEqual([undefined, total]);
  });

  const failures = [
    { name: 'into itself', run: () => merge(alice, alice), where: 'rejected', code: 'accountMergeMalformed' },
    {
      name: 'into no account',
      run: () => merge(alice, Keypair.random().publicKey()),
      where: 'ledger',
      code: 'accountMergeNoAccount',
    },
    {
      name: 'with a data entry',
      run: () => merge(alice, bob, Operation.manageData({ name: 'k', value: 'v' })),
      where: 'ledger',
      code: 'accountMergeHasSubEntries',
    },
    {
      name: 'with auth immutable',
      run: () => merge(alice, bob, Operation.setOptions({ setFlags: 4 })),
      where: 'ledger',
      code: 'accountMergeImmutableSet',
    },
    {
      name: 'with a sequence number this ledger could not restart from',
      run: () =>
        merge(
          alice,
          bob,
          Operation.bumpSequence({ bumpTo: ((BigInt(h.ledger.latestSequence) + 1n) << 32n).toString() }),
        ),
      where: 'ledger',
      code: 'accountMergeSeqnumTooFar',
    },
  ];
  it.each(failures)('$name: $code', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops.at(-1)]).toEqual([c.where, c.code]);
  });

  it("keeps the signers' reserves in the balance it moves", () => {
    run(
      alice,
      Operation.setOptions({ signer: { ed25519PublicKey: Keypair.random().publicKey(), weight: 1 } }),
    );
    const total = h.balance(alice) + h.balance(bob) - 100n;
    expectOutcome(merge(alice, bob), 'ledger', ['accountMergeSuccess']);
    expect(h.balance(bob)).toBe(total);
  });
});
