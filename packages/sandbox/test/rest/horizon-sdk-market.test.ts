/**
 * The official SDK's `orderbook()`, `tradeAggregation()` and `assets()` against both REST faces
 * (the sandbox's own, and the gateway over the sandbox's RPC), after offers are placed and
 * crossed: the levels, buckets and sums those offers and trades imply.
 */
import {
  Asset,
  AuthRevocableFlag,
  Claimant,
  getLiquidityPoolId,
  Horizon,
  Keypair,
  LiquidityPoolAsset,
  LiquidityPoolFeeV18,
  Operation,
  type xdr,
} from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { FACES, signedViaHorizon, useFaces } from '../support/faces.js';
import { fund } from '../support/sandbox.js';

const faces = useFaces();

const FAR_FUTURE = 4_102_444_800_000;
const WEEK = 604_800_000;

describe.each(FACES)('market data against the %s', (face) => {
  let horizon: Horizon.Server;
  const alice = Keypair.random();
  const bob = Keypair.random();
  const carol = Keypair.random();
  const usd = new Asset('USD', alice.publicKey());
  const xlm = Asset.native();

  async function submit(source: Keypair, operations: xdr.Operation[]) {
    await horizon.submitTransaction(await signedViaHorizon(horizon, faces.t, source, operations));
    await faces.caughtUp(face);
  }

  beforeAll(async () => {
    horizon = new Horizon.Server(faces.url(face), { allowHttp: true });
    await fund(faces.t, alice, bob, carol);
    await faces.caughtUp(face);
    await submit(alice, [Operation.setOptions({ setFlags: AuthRevocableFlag, homeDomain: 'example.org' })]);
    await submit(bob, [Operation.changeTrust({ asset: usd })]);
    await submit(carol, [Operation.changeTrust({ asset: usd })]);
    await submit(alice, [
      Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '100' }),
      Operation.payment({ destination: carol.publicKey(), asset: usd, amount: '50' }),
    ]);
    // Asks (USD for lumens): 10 at 2, 5 at 3, 4 at 4/2 (the same price as 2: one level).
    await submit(bob, [
      Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '10', price: '2' }),
      Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '5', price: '3' }),
      Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '4', price: { n: 4, d: 2 } }),
    ]);
    // Bids (lumens for USD): 10 lumens at 1 USD each (1 lumen per USD), 4 lumens at 2 USD each.
    await submit(carol, [
      Operation.manageSellOffer({ selling: xlm, buying: usd, amount: '10', price: '1' }),
      Operation.manageSellOffer({ selling: xlm, buying: usd, amount: '4', price: '2' }),
    ]);
  });

  it('answers the order book: levels summed by price, best first, bids in the counter asset', async () => {
    const book = await horizon.orderbook(usd, xlm).call();
    expect(book.base).toEqual({
      asset_type: 'credit_alphanum4',
      asset_code: 'USD',
      asset_issuer: alice.publicKey(),
    });
    expect(book.counter).toEqual({ asset_type: 'native' });
    expect(book.asks).toEqual([
      { price_r: { n: 2, d: 1 }, price: '2.0000000', amount: '14.0000000' },
      { price_r: { n: 3, d: 1 }, price: '3.0000000', amount: '5.0000000' },
    ]);
    expect(book.bids).toEqual([
      { price_r: { n: 1, d: 1 }, price: '1.0000000', amount: '10.0000000' },
      { price_r: { n: 1, d: 2 }, price: '0.5000000', amount: '4.0000000' },
    ]);
    const reversed = await horizon.orderbook(xlm, usd).limit(1).call();
    expect(reversed.asks).toEqual([{ price_r: { n: 1, d: 1 }, price: '1.0000000', amount: '10.0000000' }]);
    expect(reversed.bids).toEqual([{ price_r: { n: 1, d: 2 }, price: '0.5000000', amount: '14.0000000' }]);
  });

  it('sums the trades per bucket after the asks are crossed, from either asset', async () => {
    // 4 USD at 2; then 12 USD: 6 and 4 at 2 (the older offer first), 2 at 3.
    await submit(alice, [
      Operation.manageBuyOffer({ selling: xlm, buying: usd, buyAmount: '4', price: '2' }),
    ]);
    await submit(alice, [
      Operation.manageBuyOffer({ selling: xlm, buying: usd, buyAmount: '12', price: '3' }),
    ]);
    const trades = await horizon.trades().forAssetPair(usd, xlm).limit(200).call();
    expect(trades.records).toHaveLength(4);
    const weeks = new Set(
      trades.records.map((r) => Math.floor(Date.parse(r.ledger_close_time) / WEEK) * WEEK),
    );
    const page = await horizon.tradeAggregation(usd, xlm, 0, FAR_FUTURE, WEEK, 0).call();
    // The trades are seconds apart: one bucket, unless a week began between them.
    expect(page.records.map((r) => Number(r.timestamp))).toEqual([...weeks].sort());
    if (page.records.length === 1)
      expect(page.records[0]).toEqual({
        timestamp: String([...weeks][0]),
        trade_count: '4',
        base_volume: '16.0000000',
        counter_volume: '34.0000000',
        avg: '2.1250000',
        high: '3.0000000',
        high_r: { n: '3', d: '1' },
        // The trade at the 4/2 offer keeps its offer's fraction; of equal prices the later is kept.
        low: '2.0000000',
        low_r: { n: '4', d: '2' },
        open: '2.0000000',
        open_r: { n: '2', d: '1' },
        close: '3.0000000',
        close_r: { n: '3', d: '1' },
      });
    const lumens = await horizon.tradeAggregation(xlm, usd, 0, FAR_FUTURE, WEEK, 0).call();
    if (lumens.records.length === 1)
      expect(lumens.records[0]).toMatchObject({
        trade_count: '4',
        base_volume: '34.0000000',
        counter_volume: '16.0000000',
        avg: '0.4705882',
        high: '0.5000000',
        low: '0.3333333',
        open: '0.5000000',
        close: '0.3333333',
      });
    const book = await horizon.orderbook(usd, xlm).call();
    expect(book.asks).toEqual([{ price_r: { n: 3, d: 1 }, price: '3.0000000', amount: '3.0000000' }]);
  });

  it('lists the asset with its holders, balances, claimable balance, pool and issuer flags', async () => {
    await submit(alice, [
      Operation.createClaimableBalance({
        asset: usd,
        amount: '5',
        claimants: [new Claimant(bob.publicKey())],
      }),
    ]);
    const share = new LiquidityPoolAsset(xlm, usd, LiquidityPoolFeeV18);
    const poolId = Buffer.from(
      getLiquidityPoolId('constant_product', share.getLiquidityPoolParameters()),
    ).toString('hex');
    await submit(carol, [
      Operation.changeTrust({ asset: share }),
      Operation.liquidityPoolDeposit({
        liquidityPoolId: poolId,
        maxAmountA: '20',
        maxAmountB: '10',
        minPrice: '1.9',
        maxPrice: '2.1',
      }),
    ]);
    const page = await horizon.assets().forCode('USD').forIssuer(alice.publicKey()).call();
    expect(page.records).toHaveLength(1);
    const [record] = page.records;
    // bob: 100 less the 16 sold; carol: 50 less the 10 deposited (her bids were not crossed).
    expect(record).toMatchObject({
      asset_type: 'credit_alphanum4',
      asset_code: 'USD',
      asset_issuer: alice.publicKey(),
      paging_token: `USD_${alice.publicKey()}_credit_alphanum4`,
      accounts: { authorized: 2, authorized_to_maintain_liabilities: 0, unauthorized: 0 },
      balances: {
        authorized: '124.0000000',
        authorized_to_maintain_liabilities: '0.0000000',
        unauthorized: '0.0000000',
      },
      num_claimable_balances: 1,
      claimable_balances_amount: '5.0000000',
      num_liquidity_pools: 1,
      liquidity_pools_amount: '10.0000000',
      num_contracts: 0,
      contracts_amount: '0.0000000',
      flags: {
        auth_required: false,
        auth_revocable: true,
        auth_immutable: false,
        auth_clawback_enabled: false,
      },
    });
    // The SDK types an asset's links as `self`; Horizon's (and ours) is the issuer's `toml`.
    const links = record?._links as unknown as { toml: { href: string } };
    expect(links.toml.href).toBe('https://example.org/.well-known/stellar.toml');
    const all = await horizon.assets().limit(200).call();
    expect(all.records.map((r) => r.paging_token)).toContain(record?.paging_token);
  });
});
