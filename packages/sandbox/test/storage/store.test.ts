// The SQLite storage under the ledger core: what a file holds is what the ledger had (entries,
// closed ledgers, header), a resumed ledger closes the very ledgers it would have closed without
// the restart, a failed close leaves memory and file as they were, and files the sandbox must not
// use are refused with a StorageError.
import { writeFileSync } from 'node:fs';
import { localNetworkConfigEntries } from '@starspec/soroban/network';
import { Asset, Keypair, Operation } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROTOCOL_VERSION } from '../../src/core/protocol.js';
import {
  type EntryStore,
  type LedgerHistory,
  openStorage,
  SCHEMA_VERSION,
  type Storage,
  StorageError,
  storageOptions,
} from '../../src/index.js';
import { Harness, recordsOf } from '../harness.js';
import { entriesOf, ledgersOf, reader, tempFile } from '../support/storage.js';

const PASSPHRASE = 'Standalone Network ; February 2017';
const keypair = (n: number) => Keypair.fromRawEd25519Seed(Buffer.alloc(32, n));
const alice = keypair(1);
const bob = keypair(2);
const usd = new Asset('USD', bob.publicKey());

/** A harness on `storage`, its clock where a previous one left off. */
function harnessOn(storage: Storage, clock?: number, retention?: number): Harness {
  const h = new Harness({ ...storageOptions(storage), retention });
  if (clock !== undefined) h.clock = clock;
  return h;
}

/** Ledgers 2 to 5: accounts, offers (ids from the header's idPool), a payment, a merge. */
const STEPS: ((h: Harness) => void)[] = [
  (h) => h.fund('1000', alice, bob),
  (h) =>
    h.apply(
      h.tx(bob, [
        Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '10', price: '2' }),
      ]),
    ),
  (h) =>
    h.apply(
      h.tx(alice, [Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '5' })]),
      h.tx(bob, [
        Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '3', price: '4' }),
      ]),
    ),
  (h) => h.apply(h.tx(alice, [Operation.accountMerge({ destination: bob.publicKey() })])),
];

// Genesis holds the root account and the network's ConfigSetting entries: the local network's,
// and from protocol 26 the frozen-keys and freeze-bypass settings (core's createLedgerEntriesForV26).
const CONFIG = localNetworkConfigEntries().length + (DEFAULT_PROTOCOL_VERSION >= 26 ? 2 : 0);

describe('round trip', () => {
  it.each([
    { given: 'a new file', steps: 0, retention: undefined, want: { entries: 1 + CONFIG, ledgers: [] } },
    {
      given: 'two accounts created',
      steps: 1,
      retention: undefined,
      want: { entries: 3 + CONFIG, ledgers: [2] },
    },
    {
      given: 'an offer made',
      steps: 2,
      retention: undefined,
      want: { entries: 4 + CONFIG, ledgers: [2, 3] },
    },
    {
      given: 'an account merged away',
      steps: 4,
      retention: undefined,
      want: { entries: 4 + CONFIG, ledgers: [2, 3, 4, 5] },
    },
    {
      given: 'a retention of 2 ledgers',
      steps: 4,
      retention: 2,
      want: { entries: 4 + CONFIG, ledgers: [4, 5] },
    },
  ])('$given: the file holds what the ledger had', ({ steps, retention, want }) => {
    const file = tempFile();
    const storage = openStorage(file, PASSPHRASE);
    const h = harnessOn(storage, undefined, retention);
    for (const step of STEPS.slice(0, steps)) step(h);
    const before = { entries: entriesOf(storage.store), ledgers: ledgersOf(storage.history) };
    const header = h.ledger.latestHeader().toXdr('base64');
    storage.close();

    const reopened = openStorage(file, PASSPHRASE);
    try {
      expect(before.entries).toHaveLength(want.entries);
      expect(before.ledgers.map(([sequence]) => sequence)).toEqual(want.ledgers);
      expect(entriesOf(reopened.store)).toEqual(before.entries);
      expect(ledgersOf(reopened.history)).toEqual(before.ledgers);
      expect(harnessOn(reopened).ledger.latestHeader().toXdr('base64')).toBe(header);
    } finally {
      reopened.close();
    }
  });

  it('a ledger resumed between any two closes closes the same ledgers as one never stopped', () => {
    const straight = openStorage(tempFile(), PASSPHRASE);
    const through = harnessOn(straight);
    for (const step of STEPS) step(through);
    const want = ledgersOf(straight.history);
    straight.close();

    for (let stopAfter = 1; stopAfter < STEPS.length; stopAfter++) {
      const file = tempFile();
      const first = openStorage(file, PASSPHRASE);
      const before = harnessOn(first);
      for (const step of STEPS.slice(0, stopAfter)) step(before);
      first.close();
      const second = openStorage(file, PASSPHRASE);
      const after = harnessOn(second, before.clock);
      for (const step of STEPS.slice(stopAfter)) step(after);
      // Equal hashes: sequence, fee pool, id pool, skip list and every entry came back as they were.
      expect(ledgersOf(second.history), `stopped after ledger ${stopAfter + 1}`).toEqual(want);
      second.close();
    }
  });

  it('a shorter retention at restart trims the file at once; a longer one brings nothing back', () => {
    const file = tempFile();
    let storage = openStorage(file, PASSPHRASE);
    let h = harnessOn(storage, undefined, 3);
    for (const step of STEPS) step(h);
    expect(ledgersOf(storage.history).map(([s]) => s)).toEqual([3, 4, 5]);
    storage.close();

    for (const [retention, kept] of [
      [2, [4, 5]],
      [10, [4, 5]],
    ] as const) {
      storage = openStorage(file, PASSPHRASE);
      h = harnessOn(storage, undefined, retention);
      expect(ledgersOf(storage.history).map(([s]) => s)).toEqual(kept);
      storage.close();
      const look = reader(file);
      expect(look.prepare('SELECT sequence FROM ledgers ORDER BY sequence').pluck().all()).toEqual(kept);
      look.close();
    }
  });
});

/** A store and history that pass every call on, then throw where the test arms them to. */
function failing(storage: Storage, at: 'entries' | 'append' | 'trim') {
  const armed = { on: false };
  const fail = (where: typeof at) => {
    if (armed.on && where === at) throw new Error(`the disk went away after the ${where}`);
  };
  const { store, history } = storage;
  const wrappedStore: EntryStore = {
    get: (id) => store.get(id),
    entries: () => store.entries(),
    get size() {
      return store.size;
    },
    write(changes) {
      store.write(changes);
      fail('entries');
    },
  };
  const wrappedHistory: LedgerHistory = {
    get: (sequence) => history.get(sequence),
    range: (from, to) => history.range(from, to),
    latest: () => history.latest(),
    oldest: () => history.oldest(),
    append(ledger) {
      history.append(ledger);
      fail('append');
    },
    trim(sequence) {
      const gone = history.trim(sequence);
      fail('trim');
      return gone;
    },
  };
  return { armed, options: { ...storageOptions(storage), store: wrappedStore, history: wrappedHistory } };
}

describe('a close is all or nothing', () => {
  it.each([
    { given: 'the entry writes', at: 'entries' as const },
    { given: 'the ledger is appended', at: 'append' as const },
    { given: 'the retention trim', at: 'trim' as const },
  ])('a failure after $given leaves memory and file at the previous ledger', ({ at }) => {
    const file = tempFile();
    const storage = openStorage(file, PASSPHRASE);
    const { armed, options } = failing(storage, at);
    const h = new Harness({ ...options, retention: 2 });
    for (const step of STEPS.slice(0, 2)) step(h);
    const before = { entries: entriesOf(storage.store), ledgers: ledgersOf(storage.history) };

    armed.on = true;
    const payment = h.tx(alice, [
      Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '1' }),
    ]);
    expect(h.submit(payment).status).toBe('PENDING');
    expect(() => h.close()).toThrow(`the disk went away after the ${at}`);
    expect(h.ledger.latestSequence).toBe(3);
    expect(entriesOf(storage.store)).toEqual(before.entries);
    expect(ledgersOf(storage.history)).toEqual(before.ledgers);
    const look = openStorage(file, PASSPHRASE);
    expect(entriesOf(look.store)).toEqual(before.entries);
    expect(ledgersOf(look.history)).toEqual(before.ledgers);
    look.close();

    // The next close goes through, with the transaction still queued.
    armed.on = false;
    h.close();
    expect(ledgersOf(storage.history).map(([s]) => s)).toEqual([3, 4]);
    const latest = storage.history.latest();
    expect(latest && recordsOf(latest.meta).has(Buffer.from(payment.hash()).toString('hex'))).toBe(true);
    storage.close();
  });

  it('two ledgers on one file: the second to close a sequence is refused and keeps its state', () => {
    const file = tempFile();
    const one = openStorage(file, PASSPHRASE);
    const first = harnessOn(one);
    STEPS[0]?.(first);
    const two = openStorage(file, PASSPHRASE);
    const second = harnessOn(two, first.clock);
    first.close();
    const before = entriesOf(two.store);
    expect(() => second.close()).toThrow(`${file} already holds ledger 3: another sandbox is using the file`);
    expect(second.ledger.latestSequence).toBe(2);
    expect(entriesOf(two.store)).toEqual(before);
    one.close();
    two.close();
  });

  it('entries that are not the state of the last ledger are refused at start', () => {
    const file = tempFile();
    const storage = openStorage(file, PASSPHRASE);
    STEPS[0]?.(harnessOn(storage));
    storage.close();
    const edit = reader(file);
    edit.prepare('DELETE FROM entries WHERE id = (SELECT max(id) FROM entries)').run();
    edit.close();
    const reopened = openStorage(file, PASSPHRASE);
    expect(() => harnessOn(reopened)).toThrow('the stored entries are not the state ledger 2 closed with');
    reopened.close();
  });
});

describe('the file', () => {
  it('is in WAL mode with synchronous=FULL', () => {
    // A kill -9 cannot tell synchronous levels apart (the OS keeps what was written), so the
    // setting is read back: FULL (2) syncs the log on every commit; NORMAL (1) or OFF (0) would
    // let a power cut take ledgers whose closes were already seen.
    const storage = openStorage(tempFile(), PASSPHRASE) as Storage & { db: import('libsql').Database };
    expect(storage.db.prepare('PRAGMA journal_mode').pluck().all()).toEqual(['wal']);
    expect(storage.db.prepare('PRAGMA synchronous').pluck().all()).toEqual([2]);
    storage.close();
  });

  const sandboxFile = (passphrase: string) => {
    const file = tempFile();
    openStorage(file, passphrase).close();
    return file;
  };
  it.each([
    {
      given: 'a file made for another passphrase',
      file: () => sandboxFile('Test SDF Network ; September 2015'),
      want: "holds the network 'Test SDF Network ; September 2015', not 'Standalone Network ; February 2017': start with that passphrase or another file",
    },
    {
      given: 'a file of a newer schema',
      file: () => {
        const file = sandboxFile(PASSPHRASE);
        const edit = reader(file);
        edit
          .prepare("UPDATE sandbox SET value = ? WHERE name = 'schema_version'")
          .run(String(SCHEMA_VERSION + 1));
        edit.close();
        return file;
      },
      want: `was written by a newer sandbox (storage schema ${SCHEMA_VERSION + 1}; this version reads ${SCHEMA_VERSION})`,
    },
    {
      given: 'a sandbox table without a schema version',
      file: () => {
        const file = sandboxFile(PASSPHRASE);
        const edit = reader(file);
        edit.prepare("DELETE FROM sandbox WHERE name = 'schema_version'").run();
        edit.close();
        return file;
      },
      want: 'has no storage schema version: it was not written by the sandbox',
    },
    {
      given: 'the SQLite database of something else',
      file: () => {
        const file = tempFile();
        const other = reader(file);
        other.exec('CREATE TABLE customers (id TEXT PRIMARY KEY)');
        other.close();
        return file;
      },
      want: 'is not a sandbox database (its tables: customers)',
    },
    {
      given: 'a file that is not SQLite',
      file: () => {
        const file = tempFile();
        writeFileSync(file, 'not a database, '.repeat(64));
        return file;
      },
      want: 'is not a SQLite database',
    },
  ])('$given is refused', ({ file: make, want }) => {
    const file = make();
    let refused: unknown;
    try {
      openStorage(file, PASSPHRASE).close();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(StorageError);
    expect((refused as Error).message).toBe(`${file} ${want}`);
  });

  it('an empty file name is refused', () => {
    expect(() => openStorage(' ', PASSPHRASE)).toThrow(StorageError);
  });
});
