// An operation's entry changes as stellar/go's ingest.Change reads them: before-images joined to
// what follows them, sorted by ledger key; Horizon's `sponsor` is the first created entry's.
import { Keypair, xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { pairChanges } from '../../src/derive/changes.js';
import { sponsorOf } from '../../src/derive/operations/changes.js';

const owner = Keypair.random();

function data(name: string, value: string, sponsor?: Keypair): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 5,
    data: xdr.LedgerEntryData.data(
      new xdr.DataEntry({
        accountId: owner.xdrPublicKey(),
        dataName: name,
        dataValue: Buffer.from(value),
        ext: xdr.DataEntryExt.v0(),
      }),
    ),
    ext: sponsor
      ? xdr.LedgerEntryExt.v1(
          new xdr.LedgerEntryExtensionV1({
            sponsoringId: sponsor.xdrPublicKey(),
            ext: xdr.LedgerEntryExtensionV1Ext.v0(),
          }),
        )
      : xdr.LedgerEntryExt.v0(),
  });
}

const nameOf = (entry: xdr.LedgerEntry | undefined) =>
  entry?.data.type === 'data' ? entry.data.data.dataName.toString() : undefined;

describe('entry changes', () => {
  it('pair before-images with updates and removals, and sort by ledger key', () => {
    const changes = [
      xdr.LedgerEntryChange.ledgerEntryCreated(data('c', 'new')),
      xdr.LedgerEntryChange.ledgerEntryState(data('b', 'old')),
      xdr.LedgerEntryChange.ledgerEntryUpdated(data('b', 'new')),
      xdr.LedgerEntryChange.ledgerEntryState(data('a', 'gone')),
      xdr.LedgerEntryChange.ledgerEntryRemoved(
        xdr.LedgerKey.data(new xdr.LedgerKeyData({ accountId: owner.xdrPublicKey(), dataName: 'a' })),
      ),
    ];
    const value = (entry: xdr.LedgerEntry | undefined) =>
      entry?.data.type === 'data' ? Buffer.from(entry.data.data.dataValue.value).toString() : undefined;
    expect(
      pairChanges(changes).map((c) => ({
        pre: [nameOf(c.pre), value(c.pre)],
        post: [nameOf(c.post), value(c.post)],
      })),
    ).toEqual([
      { pre: ['a', 'gone'], post: [undefined, undefined] },
      { pre: ['b', 'old'], post: ['b', 'new'] },
      { pre: [undefined, undefined], post: ['c', 'new'] },
    ]);
  });

  it('give the sponsor of the first created entry in key order', () => {
    const [first, second] = [Keypair.random(), Keypair.random()];
    const changes = [
      xdr.LedgerEntryChange.ledgerEntryCreated(data('zz', 'v', second)),
      xdr.LedgerEntryChange.ledgerEntryCreated(data('aa', 'v', first)),
      xdr.LedgerEntryChange.ledgerEntryCreated(data('mm', 'v')),
    ];
    expect(sponsorOf(pairChanges(changes), undefined)).toBe(first.publicKey());
    expect(sponsorOf(pairChanges(changes.slice(2)), undefined)).toBeUndefined();
  });
});
