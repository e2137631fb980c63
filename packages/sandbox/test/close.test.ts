// Closed ledgers as LedgerCloseMeta v2: they decode with the SDK and re-encode byte for byte,
// their headers chain by hash, and they carry the fee processing, results and entry changes.
import { hash, xdr } from '@stellar/stellar-sdk/base';
import { LedgerCloseMeta } from '@stellar/stellar-sdk/xdr';
import { beforeEach, describe, expect, it } from 'vitest';
import { readAccount } from '../src/core/entries/account.js';
import { DEFAULT_PROTOCOL_VERSION } from '../src/index.js';
import { Asset, codeOf, Harness, hashOf, Keypair, Operation } from './harness.js';

const [alice, bob] = [Keypair.random(), Keypair.random()];
let h: Harness;

beforeEach(() => {
  h = Harness.funded('1000', alice, bob);
});

const pay = (to: Keypair, amount = '10') =>
  Operation.payment({ destination: to.publicKey(), asset: Asset.native(), amount });

function v2(meta: xdr.LedgerCloseMeta): xdr.LedgerCloseMetaV2 {
  if (meta.type !== 'v2') throw new Error('expected v2');
  return meta.v2;
}

function changeTypes(changes: readonly xdr.LedgerEntryChange[]): string[] {
  return changes.map((c) => c.type);
}

function changedAccount(change: xdr.LedgerEntryChange) {
  if (change.type === 'ledgerEntryRemoved') throw new Error('a removal has no entry');
  return readAccount(change.value);
}

describe('LedgerCloseMeta', () => {
  it('decodes with the SDK and re-encodes byte for byte', () => {
    const meta = h.apply(h.tx(alice, [pay(bob)]), h.tx(bob, [pay(alice, '5000')])).meta;
    const bytes = meta.toXdr();
    const decoded = LedgerCloseMeta.fromXdr(bytes);
    expect(Buffer.from(decoded.toXdr()).equals(Buffer.from(bytes))).toBe(true);
    expect(decoded.type).toBe('v2');
    expect(v2(decoded).txProcessing).toHaveLength(2);
  });

  it('chains each header to the previous one by hash, from genesis on', () => {
    const start = h.ledger.latestHeader();
    expect(start.header.ledgerSeq).toBe(2); // genesis is 1, the funding ledger 2
    const metas = [h.close(), h.apply(h.tx(alice, [pay(bob)])).meta, h.close()].map(v2);
    let previous = start;
    for (const meta of metas) {
      const entry = meta.ledgerHeader;
      expect(entry.header.ledgerSeq).toBe(previous.header.ledgerSeq + 1);
      expect(entry.header.previousLedgerHash.toString()).toBe(previous.hash.toString());
      expect(Buffer.from(entry.hash.toBytes()).equals(Buffer.from(hash(entry.header.toXdr())))).toBe(true);
      expect(meta.txSet.v1TxSet.previousLedgerHash.toString()).toBe(previous.hash.toString());
      previous = entry;
    }
    for (const meta of metas) {
      const stored = h.ledger.history.get(meta.ledgerHeader.header.ledgerSeq);
      expect(Buffer.from(stored?.hash ?? []).toString('hex')).toBe(meta.ledgerHeader.hash.toString());
    }
  });

  it('links ledger 2 to the genesis ledger', () => {
    const fresh = new Harness();
    const genesis = fresh.ledger.latestHeader();
    expect(genesis.header.ledgerSeq).toBe(1);
    expect(genesis.header.previousLedgerHash.toString()).toBe('0'.repeat(64));
    const second = v2(fresh.close()).ledgerHeader.header;
    expect(second.previousLedgerHash.toString()).toBe(genesis.hash.toString());
  });

  it('hashes the transaction set and the result set into the header', () => {
    const meta = v2(h.apply(h.tx(alice, [pay(bob)]), h.tx(bob, [pay(alice)])).meta);
    const header = meta.ledgerHeader.header;
    expect(header.scpValue.txSetHash.toString()).toBe(Buffer.from(hash(meta.txSet.toXdr())).toString('hex'));
    const resultSet = new xdr.TransactionResultSet({ results: meta.txProcessing.map((t) => t.result) });
    expect(header.txSetResultHash.toString()).toBe(Buffer.from(hash(resultSet.toXdr())).toString('hex'));
    expect(header.ledgerVersion).toBe(DEFAULT_PROTOCOL_VERSION);
  });

  it('puts the fees into the fee pool and keeps the total coins', () => {
    const before = h.ledger.latestHeader().header;
    const meta = v2(h.apply(h.tx(alice, [pay(bob), pay(bob)]), h.tx(bob, [pay(alice)])).meta);
    const header = meta.ledgerHeader.header;
    expect(header.feePool - before.feePool).toBe(300n);
    expect(header.totalCoins).toBe(before.totalCoins);
  });

  it('an empty ledger has an empty classic phase and an empty Soroban phase', () => {
    const meta = v2(h.close());
    expect(meta.txProcessing).toEqual([]);
    const phases = meta.txSet.v1TxSet.phases;
    expect(phases.map((p) => p.type)).toEqual(['v0Components', 'parallelTxsComponent']);
    expect(phases[0]?.type === 'v0Components' && phases[0].v0Components).toEqual([]);
  });
});

describe('transaction meta', () => {
  it('charges the fee in fee processing, consumes the sequence number before the operations', () => {
    const tx = h.tx(alice, [pay(bob)]);
    const balance = h.balance(alice);
    const seq = h.nextSeq(alice);
    const record = h.apply(tx).results.get(hashOf(tx));
    if (!record) throw new Error('missing');
    const fee = record.processing.feeProcessing;
    expect(changeTypes(fee)).toEqual(['ledgerEntryState', 'ledgerEntryUpdated']);
    expect(
      changedAccount(fee[0] as xdr.LedgerEntryChange).balance -
        changedAccount(fee[1] as xdr.LedgerEntryChange).balance,
    ).toBe(100n);
    expect(balance - changedAccount(fee[1] as xdr.LedgerEntryChange).balance).toBe(100n);

    const before = record.meta.txChangesBefore;
    expect(changeTypes(before)).toEqual(['ledgerEntryState', 'ledgerEntryUpdated']);
    const bumped = changedAccount(before[1] as xdr.LedgerEntryChange);
    expect(bumped.seqNum).toBe(seq);
    expect(bumped.extVersion).toBe(3);
    expect(bumped.seqLedger).toBe(h.ledger.latestSequence);
    expect(bumped.seqTime).toBe(BigInt(h.clock));
  });

  it("records each operation's changes: the destination credited, then the source debited", () => {
    const tx = h.tx(alice, [pay(bob, '10')]);
    const record = h.apply(tx).results.get(hashOf(tx));
    const op = record?.meta.operations[0];
    if (!op) throw new Error('missing');
    expect(changeTypes(op.changes)).toEqual([
      'ledgerEntryState',
      'ledgerEntryUpdated',
      'ledgerEntryState',
      'ledgerEntryUpdated',
    ]);
    const [bobBefore, bobAfter, aliceBefore, aliceAfter] = op.changes.map(changedAccount);
    expect(bobAfter?.accountId.equals(bob.xdrAccountId())).toBe(true);
    expect((bobAfter?.balance ?? 0n) - (bobBefore?.balance ?? 0n)).toBe(100_000_000n);
    expect((aliceBefore?.balance ?? 0n) - (aliceAfter?.balance ?? 0n)).toBe(100_000_000n);
    expect(
      op.changes.every(
        (c) => c.type !== 'ledgerEntryUpdated' || c.updated.lastModifiedLedgerSeq === h.ledger.latestSequence,
      ),
    ).toBe(true);
  });

  it('a failed transaction keeps its fee and sequence changes but no operation meta', () => {
    const tx = h.tx(alice, [pay(bob, '1'), pay(bob, '999999')]);
    const balance = h.balance(alice);
    const record = h.apply(tx).results.get(hashOf(tx));
    if (!record) throw new Error('missing');
    expect(codeOf(record.result)).toBe('txFailed');
    expect(record.meta.operations).toEqual([]);
    expect(changeTypes(record.meta.txChangesBefore)).toEqual(['ledgerEntryState', 'ledgerEntryUpdated']);
    expect(h.balance(alice)).toBe(balance - 200n);
  });

  it('creates an account with a CREATED change and merges it away with a REMOVED one', () => {
    const carol = Keypair.random();
    const create = h.tx(alice, [
      Operation.createAccount({ destination: carol.publicKey(), startingBalance: '5' }),
    ]);
    const created = h.apply(create).results.get(hashOf(create))?.meta.operations[0]?.changes ?? [];
    expect(changeTypes(created)).toEqual(['ledgerEntryState', 'ledgerEntryUpdated', 'ledgerEntryCreated']);
    expect(changedAccount(created[2] as xdr.LedgerEntryChange).seqNum).toBe(
      BigInt(h.ledger.latestSequence) << 32n,
    );

    const merge = h.tx(carol, [Operation.accountMerge({ destination: alice.publicKey() })], {
      seq: (BigInt(h.ledger.latestSequence) << 32n) + 1n,
    });
    const record = h.apply(merge).results.get(hashOf(merge));
    expect(codeOf(record?.result as xdr.TransactionResult)).toBe('txSuccess');
    const merged = record?.meta.operations[0]?.changes ?? [];
    expect(changeTypes(merged)).toEqual([
      'ledgerEntryState',
      'ledgerEntryUpdated',
      'ledgerEntryState',
      'ledgerEntryRemoved',
    ]);
    expect(h.account(carol)).toBeUndefined();
  });
});

describe('the ledger store', () => {
  it('keeps every closed ledger after genesis, in order', () => {
    h.close();
    const latest = h.ledger.latestSequence;
    const all = h.ledger.history.range(1, latest);
    expect(all.map((l) => l.sequence)).toEqual(Array.from({ length: latest - 1 }, (_, i) => i + 2));
    expect(h.ledger.history.latest()?.sequence).toBe(latest);
  });

  it('moves the skip list at every 50th ledger', () => {
    while (h.ledger.latestSequence < 50) h.close();
    const header = h.ledger.latestHeader().header;
    expect(header.skipList[0]?.toString()).toBe(header.bucketListHash.toString());
  });
});
