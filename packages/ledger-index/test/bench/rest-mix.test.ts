// The wallet's requests of the REST-while-ingesting benchmark (bench/rest-mix.mjs): its account
// is one the index answers from what it ingested (every subentry known), never one it would
// have to read from an RPC server, and every request of the mix gets a 2xx from an index that
// holds the ledger the account was picked from (build first: the bench reads dist/).
import { Networks, StrKey } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { accountsLeft, walletAccount, walletMix } from '../../bench/rest-mix.mjs';
import { Ingester } from '../../src/ingest/ingester.js';
import { type ClosedLedger, readClosedLedger } from '../../src/meta/closed-ledger.js';
import { IndexStore } from '../../src/store/index-store.js';
import { openSqlite } from '../../src/store/sqlite.js';
import { serveFace } from '../support/face.js';
import { NO_REAL_LEDGERS, realLedgers, realLedgersDir } from '../support/real-ledgers.js';

const key = (byte: number) => ({ ed25519: { value: new Uint8Array(32).fill(byte) } });
const account = (byte: number, { subentries = 0, signers = 0 } = {}) => ({
  data: {
    type: 'account',
    account: { accountId: key(byte), numSubEntries: subentries, signers: Array(signers).fill({}) },
  },
});
type Change = Record<string, unknown>;
/** A ledger whose changes are `changes` (as upgrades: the order is kept). */
const ledger = (sequence: number, changes: Change[]) =>
  ({ sequence, transactions: [], upgradeChanges: changes }) as unknown as ClosedLedger;
const created = (entry: object): Change => ({ type: 'ledgerEntryCreated', created: entry });
const updated = (entry: object): Change => ({ type: 'ledgerEntryUpdated', updated: entry });
const removed = (byte: number): Change => ({
  type: 'ledgerEntryRemoved',
  removed: { type: 'account', account: { accountId: key(byte) } },
});
const idOf = (byte: number) => StrKey.encodeEd25519PublicKey(Buffer.alloc(32, byte));

describe('accountsLeft', () => {
  it('tells complete accounts (only signers as subentries) from the others, by the last change', () => {
    const left = accountsLeft(
      ledger(7, [
        created(account(1)),
        updated(account(2, { subentries: 2, signers: 2 })),
        // A trust line the index may never have seen.
        updated(account(3, { subentries: 1 })),
        created(account(4)),
        updated(account(4, { subentries: 3, signers: 1 })),
        { type: 'ledgerEntryState', state: account(5) },
      ]),
    );
    expect(Object.fromEntries(left)).toEqual({
      [idOf(1)]: true,
      [idOf(2)]: true,
      [idOf(3)]: false,
      [idOf(4)]: false,
    });
  });

  it('says null for an account the ledger removes', () => {
    expect(accountsLeft(ledger(7, [updated(account(1)), removed(1)])).get(idOf(1))).toBeNull();
  });
});

describe('walletAccount', () => {
  it('picks the first account left complete, with the ledger that left it so', () => {
    const ledgers = [
      ledger(10, [updated(account(1, { subentries: 1 }))]),
      ledger(11, [updated(account(2)), updated(account(3))]),
      ledger(12, [updated(account(1))]),
    ];
    expect(walletAccount(ledgers)).toEqual({ account: idOf(2), ledger: 11 });
  });

  it('passes over an account a later ledger removes', () => {
    const ledgers = [ledger(10, [updated(account(1))]), ledger(11, [updated(account(2)), removed(1)])];
    expect(walletAccount(ledgers)).toEqual({ account: idOf(2), ledger: 11 });
  });

  it('refuses ledgers that leave no complete account', () => {
    expect(() => walletAccount([ledger(10, [updated(account(1, { subentries: 1 }))])])).toThrow(/no account/);
  });
});

describe.skipIf(!realLedgersDir)(`the mix over the recorded ledgers (${NO_REAL_LEDGERS} skips it)`, () => {
  it('is answered with a 2xx by an index holding the ledger of its account', async () => {
    const ledgers = realLedgersDir ? realLedgers().ledgers : [];
    const wallet = walletAccount(ledgers.map((l) => readClosedLedger(l.meta, Networks.PUBLIC)));
    const meta = ledgers.find((l) => l.sequence === wallet.ledger)?.meta;
    if (!meta) throw new Error(`no ledger ${wallet.ledger}`);
    const ingester = new Ingester(await IndexStore.open(openSqlite(':memory:'), Networks.PUBLIC));
    expect(await ingester.ingest(meta)).toBe(true);
    const face = await serveFace(ingester);
    try {
      const statuses: string[] = [];
      for (const path of walletMix(wallet.account))
        statuses.push(`${(await fetch(face.url + path)).status} ${path}`);
      expect(statuses).toEqual(walletMix(wallet.account).map((path) => `200 ${path}`));
    } finally {
      await face.stop();
    }
  });
});
