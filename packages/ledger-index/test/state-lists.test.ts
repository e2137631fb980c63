/**
 * The filtered, paged lists of current-state records (listAccounts, listOffers,
 * listClaimableBalances, listLiquidityPools) over the state workload, as given/want tables.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CursorError, type StatePage } from '../src/store/state-store.js';
import type { Json } from './support/state-expect.js';
import { type StateWorkload, stateWorkload } from './support/state-workload.js';

let w: StateWorkload;
beforeAll(async () => {
  w = await stateWorkload();
});

const ALL: StatePage = { order: 'asc', limit: 200 };
const ids = (records: unknown[]) => records.map((record) => (record as Json).id);
const sorted = (values: string[]) => [...values].sort();
const usd = () => `USD:${w.issuer.publicKey()}`;
const eur = () => `EURO12345:${w.issuer.publicKey()}`;

describe('listAccounts', () => {
  const cases: { name: string; filter: () => object; want: () => string[] }[] = [
    // Master keys count while their weight is above 0: bob signs for himself and for alice.
    {
      name: 'signer bob',
      filter: () => ({ signer: w.bob.publicKey() }),
      want: () => [w.alice, w.bob].map((k) => k.publicKey()),
    },
    {
      name: 'signer alice',
      filter: () => ({ signer: w.alice.publicKey() }),
      want: () => [w.alice, w.carol].map((k) => k.publicKey()),
    },
    {
      name: 'signer carol (master weight 0)',
      filter: () => ({ signer: w.carol.publicKey() }),
      want: () => [],
    },
    { name: 'signer hash-x', filter: () => ({ signer: w.hashX }), want: () => [w.alice.publicKey()] },
    // The sponsor of an account, its trust lines, data or signers (not its offers).
    {
      name: 'sponsor dave',
      filter: () => ({ sponsor: w.dave.publicKey() }),
      want: () => [w.carol, w.frank].map((k) => k.publicKey()),
    },
    {
      name: 'asset USD',
      filter: () => ({ asset: usd() }),
      want: () => [w.alice, w.bob, w.carol].map((k) => k.publicKey()),
    },
    {
      name: 'asset EURO12345',
      filter: () => ({ asset: eur() }),
      want: () => [w.alice, w.bob].map((k) => k.publicKey()),
    },
    {
      name: 'liquidity pool',
      filter: () => ({ liquidityPool: w.poolId }),
      want: () => [w.alice, w.bob].map((k) => k.publicKey()),
    },
    {
      name: 'asset and signer',
      filter: () => ({ asset: usd(), signer: w.bob.publicKey() }),
      want: () => [w.alice, w.bob].map((k) => k.publicKey()),
    },
  ];
  it.each(cases)('$name', async ({ filter, want }) => {
    expect(ids(await w.t.store.state.listAccounts(filter(), ALL))).toEqual(sorted(want()));
  });

  it('pages by account id both ways', async () => {
    const state = w.t.store.state;
    const all = sorted([w.alice, w.bob, w.carol].map((k) => k.publicKey()));
    const filter = { asset: usd() };
    const first = ids(await state.listAccounts(filter, { order: 'asc', limit: 2 }));
    expect(first).toEqual(all.slice(0, 2));
    expect(
      ids(await state.listAccounts(filter, { order: 'asc', limit: 2, cursor: String(first[1]) })),
    ).toEqual(all.slice(2));
    expect(ids(await state.listAccounts(filter, { order: 'desc', limit: 2 }))).toEqual(
      [...all].reverse().slice(0, 2),
    );
    expect(ids(await state.listAccounts(filter, { order: 'desc', limit: 5, cursor: all[1] }))).toEqual([
      all[0],
    ]);
  });
});

describe('listOffers', () => {
  const cases: { name: string; filter: () => object; want: () => string[] }[] = [
    {
      name: 'seller alice (her closed offer gone)',
      filter: () => ({ seller: w.alice.publicKey() }),
      want: () => [w.offers.usdForXlm, w.offers.xlmForEur],
    },
    {
      name: 'seller bob',
      filter: () => ({ seller: w.bob.publicKey() }),
      want: () => [w.offers.bobSponsored],
    },
    {
      name: 'sponsor dave',
      filter: () => ({ sponsor: w.dave.publicKey() }),
      want: () => [w.offers.bobSponsored],
    },
    { name: 'selling native', filter: () => ({ selling: 'native' }), want: () => [w.offers.xlmForEur] },
    { name: 'buying native', filter: () => ({ buying: 'native' }), want: () => [w.offers.usdForXlm] },
    {
      name: 'selling USD buying EURO12345',
      filter: () => ({ selling: usd(), buying: eur() }),
      want: () => [w.offers.bobSponsored],
    },
    {
      name: 'seller alice selling USD',
      filter: () => ({ seller: w.alice.publicKey(), selling: usd() }),
      want: () => [w.offers.usdForXlm],
    },
    {
      name: 'no filter',
      filter: () => ({}),
      want: () => [w.offers.usdForXlm, w.offers.xlmForEur, w.offers.bobSponsored],
    },
  ];
  it.each(cases)('$name', async ({ filter, want }) => {
    const byNumber = (a: string, b: string) => Number(BigInt(a) - BigInt(b));
    expect(ids(await w.t.store.state.listOffers(filter(), ALL))).toEqual([...want()].sort(byNumber));
  });

  it('pages by offer id as a number', async () => {
    const state = w.t.store.state;
    const all = ids(await state.listOffers({}, ALL)).map(String);
    expect(all.map(BigInt)).toEqual([...all.map(BigInt)].sort((a, b) => Number(a - b)));
    expect(ids(await state.listOffers({}, { order: 'asc', limit: 1, cursor: all[0] }))).toEqual([all[1]]);
    expect(ids(await state.listOffers({}, { order: 'desc', limit: 10, cursor: all[2] }))).toEqual([
      all[1],
      all[0],
    ]);
  });

  it.each(['abc', '-1', '1.5', '9223372036854775808'])('refuses the cursor %s', async (cursor) => {
    await expect(w.t.store.state.listOffers({}, { order: 'asc', limit: 1, cursor })).rejects.toBeInstanceOf(
      CursorError,
    );
  });
});

describe('listClaimableBalances', () => {
  const cases: { name: string; filter: () => object; want: () => string[] }[] = [
    {
      name: 'claimant bob (his claimed balance gone)',
      filter: () => ({ claimant: w.bob.publicKey() }),
      want: () => [w.balances.fromIssuer],
    },
    {
      name: 'claimant alice',
      filter: () => ({ claimant: w.alice.publicKey() }),
      want: () => [w.balances.fromIssuer],
    },
    {
      name: 'claimant carol',
      filter: () => ({ claimant: w.carol.publicKey() }),
      want: () => [w.balances.forever],
    },
    {
      name: 'sponsor alice',
      filter: () => ({ sponsor: w.alice.publicKey() }),
      want: () => [w.balances.forever],
    },
    {
      name: 'sponsor issuer',
      filter: () => ({ sponsor: w.issuer.publicKey() }),
      want: () => [w.balances.fromIssuer],
    },
    {
      name: 'asset USD',
      filter: () => ({ asset: usd() }),
      want: () => [w.balances.fromIssuer, w.balances.forever],
    },
    {
      name: 'asset USD, claimant carol',
      filter: () => ({ asset: usd(), claimant: w.carol.publicKey() }),
      want: () => [w.balances.forever],
    },
    { name: 'asset native', filter: () => ({ asset: 'native' }), want: () => [] },
  ];
  it.each(cases)('$name', async ({ filter, want }) => {
    // Both were made in one ledger: the id orders them.
    expect(ids(await w.t.store.state.listClaimableBalances(filter(), ALL))).toEqual(sorted(want()));
  });

  it('pages by <last_modified_ledger>-<id>', async () => {
    const state = w.t.store.state;
    const all = (await state.listClaimableBalances({}, ALL)) as Json[];
    expect(all).toHaveLength(2);
    const [first, second] = all.map((record) => String(record.paging_token));
    expect(ids(await state.listClaimableBalances({}, { order: 'asc', limit: 5, cursor: first }))).toEqual([
      all[1]?.id,
    ]);
    expect(ids(await state.listClaimableBalances({}, { order: 'desc', limit: 5, cursor: second }))).toEqual([
      all[0]?.id,
    ]);
    // A later ledger is after both; ledger 0 pages from the start, as Horizon's cursor does.
    const later = `${w.lastLedger + 1}-${String(all[0]?.id)}`;
    expect(await state.listClaimableBalances({}, { order: 'asc', limit: 5, cursor: later })).toEqual([]);
    expect(ids(await state.listClaimableBalances({}, { order: 'desc', limit: 5, cursor: later }))).toEqual(
      [...ids(all)].reverse(),
    );
    expect(
      ids(
        await state.listClaimableBalances({}, { order: 'asc', limit: 5, cursor: `0-${String(all[1]?.id)}` }),
      ),
    ).toEqual(ids(all));
  });

  it.each(['12', '12-zz', `12-${'0'.repeat(71)}`, `x-${'0'.repeat(72)}`, `12-01${'0'.repeat(70)}`])(
    'refuses the cursor %s',
    async (cursor) => {
      await expect(
        w.t.store.state.listClaimableBalances({}, { order: 'asc', limit: 1, cursor }),
      ).rejects.toBeInstanceOf(CursorError);
    },
  );
});

describe('listLiquidityPools', () => {
  const cases: { name: string; filter: () => object; want: () => string[] }[] = [
    {
      name: 'reserves native and USD',
      filter: () => ({ reserves: ['native', usd()] }),
      want: () => [w.poolId],
    },
    { name: 'reserves USD', filter: () => ({ reserves: [usd()] }), want: () => [w.poolId] },
    { name: 'reserves EURO12345', filter: () => ({ reserves: [eur()] }), want: () => [] },
    { name: 'reserves USD and EURO12345', filter: () => ({ reserves: [usd(), eur()] }), want: () => [] },
    { name: 'account bob', filter: () => ({ account: w.bob.publicKey() }), want: () => [w.poolId] },
    { name: 'account carol', filter: () => ({ account: w.carol.publicKey() }), want: () => [] },
    { name: 'no filter', filter: () => ({}), want: () => [w.poolId] },
  ];
  it.each(cases)('$name', async ({ filter, want }) => {
    expect(ids(await w.t.store.state.listLiquidityPools(filter(), ALL))).toEqual(want());
  });

  it('pages by pool id', async () => {
    const state = w.t.store.state;
    expect(await state.listLiquidityPools({}, { order: 'asc', limit: 5, cursor: w.poolId })).toEqual([]);
    // 'g' sorts after every lowercase hex id (an id may start with 'f' and sort after 'f').
    expect(ids(await state.listLiquidityPools({}, { order: 'desc', limit: 5, cursor: 'g' }))).toEqual([
      w.poolId,
    ]);
  });
});
