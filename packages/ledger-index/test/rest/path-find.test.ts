/**
 * The two searches over an in-memory market, given and wanted from stellar/go's own path tests
 * (`exp/orderbook/graph_test.go` TestPathThroughLiquidityPools, TestInterleavedPaths and
 * TestInterleavedFixedPaths: 30 bps pools, five conversions at most), and Horizon's sort and cut.
 */
import { describe, expect, it } from 'vitest';
import {
  findStrictReceive,
  findStrictSend,
  type PathRecord,
  sortAndFilter,
  type VenuesOf,
} from '../../src/rest/path-find.js';
import type { PathOffer, Venues } from '../../src/rest/path-search.js';

const ISSUER = 'GDSBCQO34HWPGUGQSP3QBFEXVTSR2PW46UIGTHVWGWJGQKH3AFNHXHXN';
const credit = (code: string) => `${code}:${ISSUER}`;
const [USD, EUR, YEN, CHF, XLM] = [credit('USD'), credit('EUR'), credit('YEN'), credit('CHF'), 'native'];

interface Pool {
  a: string;
  b: string;
  ra: bigint;
  rb: bigint;
}
interface Offer extends PathOffer {
  selling: string;
  buying: string;
}

// graph_test.go's pools (makePool, fee 30 bps).
const eurUsd: Pool = { a: EUR, b: USD, ra: 1000n, rb: 1000n };
const eurYen: Pool = { a: EUR, b: YEN, ra: 1000n, rb: 1000n };
const usdChf: Pool = { a: CHF, b: USD, ra: 500n, rb: 1000n };
const nativeUsd: Pool = { a: XLM, b: USD, ra: 120n, rb: 30n };
const nativeEur: Pool = { a: XLM, b: EUR, ra: 1500n, rb: 30n };

const offer = (selling: string, buying: string, amount: bigint): Offer => ({
  selling,
  buying,
  amount,
  n: 1n,
  d: 1n,
  seller: ISSUER,
});

/** The venues as the index's reader groups them: `walk` is what the offers do with the asset. */
function market(pools: Pool[], offers: Offer[], walk: 'selling' | 'buying'): VenuesOf {
  return async (asset) => {
    const byNext = new Map<string, Venues>();
    const at = (next: string) => byNext.get(next) ?? { next, offers: [] };
    for (const o of offers.filter((o) => o[walk] === asset)) {
      const next = walk === 'selling' ? o.buying : o.selling;
      const venue = at(next);
      byNext.set(next, { ...venue, offers: [...venue.offers, o] });
    }
    for (const p of pools.filter((p) => p.a === asset || p.b === asset)) {
      const next = p.a === asset ? p.b : p.a;
      const reserves = new Map([
        [p.a, p.ra],
        [p.b, p.rb],
      ]);
      byNext.set(next, { ...at(next), pool: { reserves, feeBips: 30n } });
    }
    return [...byNext.values()];
  };
}

const path = (
  source: string,
  sourceAmount: bigint,
  destination: string,
  destinationAmount: bigint,
  interior: string[],
): PathRecord => ({ source, sourceAmount, destination, destinationAmount, interior });

describe('strict receive (FindPaths)', () => {
  const account = 'GAEDTJ4PPEFVW5XV2S7LUXBEHNQMX5Q2GM562RJGOQG7GVCE5H3HIB4V';
  const poolsOnly = market([eurUsd, eurYen, usdChf], [], 'selling');
  const interleaved = market(
    [nativeUsd, eurUsd, usdChf],
    [offer(XLM, EUR, 100n), offer(CHF, USD, 1n)],
    'selling',
  );

  it.each([
    [
      'USD → EUR → YEN through two pools',
      poolsOnly,
      YEN,
      100n,
      [[USD, 127n]],
      [path(USD, 127n, YEN, 100n, [EUR])],
    ],
    ['one stroop short of the balance', poolsOnly, YEN, 100n, [[USD, 126n]], []],
    [
      'CHF → USD → EUR → YEN through three pools',
      poolsOnly,
      YEN,
      100n,
      [[CHF, 73n]],
      [path(CHF, 73n, YEN, 100n, [USD, EUR])],
    ],
    [
      'an offer then pools, or pools alone',
      interleaved,
      XLM,
      100n,
      [[CHF, 1000n]],
      [path(CHF, 64n, XLM, 100n, [USD, EUR]), path(CHF, 90n, XLM, 100n, [USD])],
    ],
    [
      'more than the offer holds: pools alone',
      interleaved,
      XLM,
      101n,
      [[CHF, 1000n]],
      [path(CHF, 96n, XLM, 101n, [USD])],
    ],
  ] as const)('%s', async (_name, venues, destination, amount, sources, want) => {
    const found = await findStrictReceive(
      venues,
      { destination: destination, destinationAmount: amount, sources: new Map(sources), account },
      5,
    );
    expect(found).toEqual(want);
  });

  it('three conversions at most by default: the four-asset path is not found', async () => {
    const sources = new Map([[CHF, 73n]]);
    const query = { destination: YEN, destinationAmount: 100n, sources, account };
    expect(await findStrictReceive(poolsOnly, query, 2)).toEqual([]);
    expect(await findStrictReceive(poolsOnly, query, 3)).toHaveLength(1);
  });

  it("leaves out the source account's own offers", async () => {
    const own = { ...offer(XLM, EUR, 100n), seller: account };
    const venues = market([eurUsd, usdChf], [own], 'selling');
    const query = { destination: XLM, destinationAmount: 100n, sources: new Map([[CHF, 1000n]]) };
    expect(await findStrictReceive(venues, query, 5)).toHaveLength(1);
    expect(await findStrictReceive(venues, { ...query, account }, 5)).toEqual([]);
  });
});

describe('strict send (FindFixedPaths)', () => {
  it('spends 1234 stroops of lumens for 13 CHF through USD', async () => {
    const venues = market(
      [nativeUsd, nativeEur, eurUsd, usdChf],
      [offer(EUR, XLM, 10n), offer(CHF, USD, 1n)],
      'buying',
    );
    const found = await findStrictSend(
      venues,
      { source: XLM, sourceAmount: 1234n, destinations: new Set([CHF]) },
      5,
    );
    expect(found).toEqual([path(XLM, 1234n, CHF, 13n, [USD])]);
  });
});

describe("Horizon's sort and cut (sortAndFilterPaths)", () => {
  it('groups by asset string (credit_alphanum12, then 4, then native), best first, then shorter, five each', () => {
    const long = `LONGCODE:${ISSUER}`;
    const records = [
      path(XLM, 5n, USD, 1n, []),
      ...[7n, 3n, 9n, 3n, 4n, 8n].map((cost, i) => path(USD, cost, EUR, 1n, i === 1 ? [XLM] : [])),
      path(long, 2n, EUR, 1n, []),
    ];
    const sorted = sortAndFilter(records, 'source').map((r) => [r.source, r.sourceAmount, r.interior.length]);
    expect(sorted).toEqual([
      [long, 2n, 0],
      [USD, 3n, 0],
      [USD, 3n, 1],
      [USD, 4n, 0],
      [USD, 7n, 0],
      [USD, 8n, 0],
      [XLM, 5n, 0],
    ]);
  });

  it('for strict send, the most delivered first', () => {
    const records = [1n, 3n, 2n].map((got) => path(XLM, 10n, USD, got, []));
    expect(sortAndFilter(records, 'destination').map((r) => r.destinationAmount)).toEqual([3n, 2n, 1n]);
  });
});
