/**
 * The official SDK's `strictReceivePaths()` and `strictSendPaths()` against both REST faces (the
 * sandbox's own, and the gateway over the sandbox's RPC), over offers and a pool: the amounts
 * those imply, worked out here from the offers' prices and CAP-38's constant-product formulas
 * with Horizon's rounding, not by the server's code.
 */
import {
  Asset,
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

const STROOPS = 10_000_000n;
const units = (amount: number) => BigInt(amount) * STROOPS;
const text = (stroops: bigint) => `${stroops / STROOPS}.${(stroops % STROOPS).toString().padStart(7, '0')}`;
/** The pool's reserves: 100 lumens and 50 EUR; 30 bps fee (9970 of 10000 kept). */
const [POOL_XLM, POOL_EUR] = [units(100), units(50)];
/** What must go into the pool for `out` of the other reserve: ceil(X·y / ((Y − y)·0.997)). */
const poolCost = (paidIn: bigint, paidOut: bigint, out: bigint) => {
  const numerator = paidIn * out * 10_000n;
  const denominator = (paidOut - out) * 9_970n;
  return (numerator + denominator - 1n) / denominator;
};
/** What the pool pays out for `x` paid in: floor(0.997·Y·x / (X + 0.997·x)). */
const poolPayout = (paidIn: bigint, paidOut: bigint, x: bigint) =>
  (paidOut * x * 9_970n) / (paidIn * 10_000n + x * 9_970n);

describe.each(FACES)('payment paths against the %s', (face) => {
  let horizon: Horizon.Server;
  const alice = Keypair.random();
  const bob = Keypair.random();
  const carol = Keypair.random();
  const dave = Keypair.random();
  const usd = new Asset('USD', alice.publicKey());
  const eur = new Asset('EUR', alice.publicKey());
  const xlm = Asset.native();
  const fields = (asset: Asset, prefix: string) =>
    asset.isNative()
      ? { [`${prefix}asset_type`]: 'native' }
      : {
          [`${prefix}asset_type`]: 'credit_alphanum4',
          [`${prefix}asset_code`]: asset.getCode(),
          [`${prefix}asset_issuer`]: asset.getIssuer(),
        };
  const record = (source: Asset, paid: bigint, destination: Asset, got: bigint, path: Asset[] = []) => ({
    ...fields(source, 'source_'),
    source_amount: text(paid),
    ...fields(destination, 'destination_'),
    destination_amount: text(got),
    path: path.map((asset) => fields(asset, '')),
  });

  async function submit(source: Keypair, operations: xdr.Operation[]) {
    await horizon.submitTransaction(await signedViaHorizon(horizon, faces.t, source, operations));
    await faces.caughtUp(face);
  }

  beforeAll(async () => {
    horizon = new Horizon.Server(faces.url(face), { allowHttp: true });
    await fund(faces.t, alice, bob, carol, dave);
    await faces.caughtUp(face);
    await submit(bob, [Operation.changeTrust({ asset: usd })]);
    const share = new LiquidityPoolAsset(xlm, eur, LiquidityPoolFeeV18);
    await submit(carol, [
      Operation.changeTrust({ asset: usd }),
      Operation.changeTrust({ asset: eur }),
      Operation.changeTrust({ asset: share }),
    ]);
    await submit(alice, [
      Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '100' }),
      Operation.payment({ destination: carol.publicKey(), asset: usd, amount: '100' }),
      Operation.payment({ destination: carol.publicKey(), asset: eur, amount: '100' }),
    ]);
    // Bob sells USD for lumens: 10 at 3, then 5 at 4.
    await submit(bob, [
      Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '10', price: '3' }),
      Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '5', price: '4' }),
    ]);
    // Carol sells USD for EUR at 1, and opens the lumen/EUR pool at 2 lumens per EUR.
    const poolId = Buffer.from(
      getLiquidityPoolId('constant_product', share.getLiquidityPoolParameters()),
    ).toString('hex');
    await submit(carol, [
      Operation.manageSellOffer({ selling: usd, buying: eur, amount: '30', price: '1' }),
      Operation.liquidityPoolDeposit({
        liquidityPoolId: poolId,
        maxAmountA: '100',
        maxAmountB: '50',
        minPrice: '1.9',
        maxPrice: '2.1',
      }),
    ]);
  });

  it('finds the ways to deliver 12 USD from lumens: the offers, or the pool then an offer', async () => {
    // Bob's offers: 10 USD for 30 lumens, 2 more for 8. Carol's: 12 USD for 12 EUR, from the pool,
    // which is cheaper (a longer way is kept only when it does better, as Horizon's search does).
    const throughPool = poolCost(POOL_XLM, POOL_EUR, units(12));
    expect(throughPool).toBeLessThan(units(38));
    const page = await horizon.strictReceivePaths([xlm], usd, '12').call();
    expect(page.records).toEqual([
      record(xlm, throughPool, usd, units(12), [eur]),
      record(xlm, units(38), usd, units(12)),
    ]);
    // Horizon's older name answers the same.
    const legacy = await fetch(
      `${faces.url(face)}/paths?source_assets=native&destination_asset_type=credit_alphanum4&destination_asset_code=USD&destination_asset_issuer=${alice.publicKey()}&destination_amount=12`,
    );
    expect(((await legacy.json()) as { _embedded: unknown })._embedded).toEqual({ records: page.records });
  });

  it('from an account: what it holds, within its balances, and never through its own offers', async () => {
    const fromDave = await horizon.strictReceivePaths(dave.publicKey(), usd, '12').call();
    expect(fromDave.records.map((r) => r.source_amount)).toEqual([
      text(poolCost(POOL_XLM, POOL_EUR, units(12))),
      text(units(38)),
    ]);
    // Bob holds USD (paid as it is) and lumens; his own USD offers are left out.
    const fromBob = await horizon.strictReceivePaths(bob.publicKey(), usd, '12').call();
    expect(fromBob.records).toEqual([
      record(usd, units(12), usd, units(12)),
      record(xlm, poolCost(POOL_XLM, POOL_EUR, units(12)), usd, units(12), [eur]),
    ]);
    // More USD than Bob holds, and more than the offers he does not own can deliver.
    const tooMuch = await horizon.strictReceivePaths(bob.publicKey(), usd, '101').call();
    expect(tooMuch.records).toEqual([]);
    const nobody = await horizon.strictReceivePaths(Keypair.random().publicKey(), usd, '12').call();
    expect(nobody.records).toEqual([]);
  });

  it("finds what spending 10 lumens delivers: more through the pool than from Bob's offer", async () => {
    const eurFromPool = poolPayout(POOL_XLM, POOL_EUR, units(10));
    // 10 lumens buy 10/3 USD of Bob's, rounded down to the stroop.
    const fromOffer = units(10) / 3n;
    expect(eurFromPool).toBeGreaterThan(fromOffer);
    const page = await horizon.strictSendPaths(xlm, '10', [usd]).call();
    // The pool's EUR buy as many USD of Carol's at 1.
    expect(page.records).toEqual([
      record(xlm, units(10), usd, eurFromPool, [eur]),
      record(xlm, units(10), usd, fromOffer),
    ]);
    // To Carol's assets: EUR, USD and lumens (her pool shares are not an asset to pay in).
    const toCarol = await horizon.strictSendPaths(xlm, '10', carol.publicKey()).call();
    expect(toCarol.records).toEqual([
      record(xlm, units(10), eur, eurFromPool),
      record(xlm, units(10), usd, eurFromPool, [eur]),
      record(xlm, units(10), usd, fromOffer),
      record(xlm, units(10), xlm, units(10)),
    ]);
  });
});
