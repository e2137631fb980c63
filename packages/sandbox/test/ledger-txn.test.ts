// The nested ledger views: what each reports as changes (stellar-core LedgerTxn::getChanges)
// and how commits fold into the parent.
import { Keypair } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { accountEntry, newAccount } from '../src/core/entries/account.js';
import { genesisHeader } from '../src/core/header.js';
import { accountKey } from '../src/core/keys.js';
import { LedgerTxn } from '../src/core/ledger-txn.js';
import { MemoryEntryStore } from '../src/core/store.js';

const header = () => ({ ...genesisHeader({ baseFee: 100, baseReserve: 5_000_000 }), ledgerSeq: 7 });
const account = (kp: Keypair, balance: bigint) => accountEntry(newAccount(kp.xdrAccountId(), balance, 1n));

function rootWith(...entries: ReturnType<typeof account>[]) {
  const store = new MemoryEntryStore();
  const seed = new LedgerTxn(store, header());
  for (const entry of entries) seed.create(entry);
  store.write(seed.writes());
  return store;
}

describe('LedgerTxn', () => {
  const [a, b] = [Keypair.random(), Keypair.random()];

  const cases = [
    { name: 'created', run: (ltx: LedgerTxn) => ltx.create(account(b, 5n)), want: ['ledgerEntryCreated'] },
    {
      name: 'updated',
      run: (ltx: LedgerTxn) => ltx.put(account(a, 2n)),
      want: ['ledgerEntryState', 'ledgerEntryUpdated'],
    },
    {
      name: 'removed',
      run: (ltx: LedgerTxn) => ltx.erase(accountKey(a.xdrAccountId())),
      want: ['ledgerEntryState', 'ledgerEntryRemoved'],
    },
    {
      name: 'created then removed in the same view',
      run: (ltx: LedgerTxn) => {
        ltx.create(account(b, 5n));
        ltx.erase(accountKey(b.xdrAccountId()));
      },
      want: [],
    },
    {
      name: 'updated twice',
      run: (ltx: LedgerTxn) => {
        ltx.put(account(a, 2n));
        ltx.put(account(a, 3n));
      },
      want: ['ledgerEntryState', 'ledgerEntryUpdated'],
    },
  ];

  it.each(cases)('$name: $want', (c) => {
    const ltx = new LedgerTxn(rootWith(account(a, 1n)), header());
    c.run(ltx);
    expect(ltx.changes().map((change) => change.type)).toEqual(c.want);
  });

  it('stamps written entries with its ledger number and keeps the previous state as it was', () => {
    const ltx = new LedgerTxn(rootWith(account(a, 1n)), header());
    ltx.put(account(a, 2n));
    const [state, updated] = ltx.changes();
    expect(state?.type === 'ledgerEntryState' && state.state.lastModifiedLedgerSeq).toBe(7);
    expect(updated?.type === 'ledgerEntryUpdated' && updated.updated.lastModifiedLedgerSeq).toBe(7);
    const child = ltx.child();
    child.header.ledgerSeq = 8;
    child.put(account(a, 3n));
    const [childState] = child.changes();
    expect(
      childState?.type === 'ledgerEntryState' &&
        childState.state.data.type === 'account' &&
        childState.state.data.account.balance,
    ).toBe(2n);
  });

  it('a child view folds into its parent on commit, and is forgotten when dropped', () => {
    const parent = new LedgerTxn(rootWith(account(a, 1n)), header());
    const dropped = parent.child();
    dropped.erase(accountKey(a.xdrAccountId()));
    expect(parent.load(accountKey(a.xdrAccountId()))).toBeDefined();
    const kept = parent.child();
    kept.create(account(b, 9n));
    kept.commit();
    expect(parent.changes().map((c) => c.type)).toEqual(['ledgerEntryCreated']);
    expect(() => kept.put(account(b, 1n))).toThrow(/already committed/);
  });

  it('refuses to create what exists and to remove what does not', () => {
    const ltx = new LedgerTxn(rootWith(account(a, 1n)), header());
    expect(() => ltx.create(account(a, 1n))).toThrow(/already exists/);
    expect(() => ltx.erase(accountKey(b.xdrAccountId()))).toThrow(/does not exist/);
  });
});
