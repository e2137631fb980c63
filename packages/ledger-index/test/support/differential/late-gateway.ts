/**
 * State made on a sandbox before a gateway starts (`--from` at the latest ledger), and a ledger
 * after: accounts with signers (one sponsored), trust lines, data entries (one sponsored),
 * offers, a claimable balance and a liquidity pool deposit; then a payment, an offer and a data
 * entry that let the gateway's index see some of those entries and not others.
 */
import type { Network } from '@starspec/sandbox';
import {
  Asset,
  AuthRevocableFlag,
  Claimant,
  getLiquidityPoolId,
  type Keypair,
  LiquidityPoolAsset,
  Operation,
} from '@stellar/stellar-sdk';
import { type TestLedger, testLedger } from '../ledger.js';

export interface LateState {
  t: TestLedger;
  issuer: Keypair;
  /** Signers only (one sponsored by the issuer): answerable from getLedgerEntries alone. */
  alice: Keypair;
  /** A trust line, a data entry and an offer made before the gateway: never all known to it. */
  bob: Keypair;
  /** Trusts USD; makes an offer after the gateway started, so the index knows every entry of it. */
  carol: Keypair;
  /** Trusts USD and holds pool shares made before the gateway. */
  dave: Keypair;
  /** A data entry sponsored by the issuer. */
  erin: Keypair;
  /** A trust line made before the gateway, paid after: its account entry is only in the RPC. */
  frank: Keypair;
  usd: Asset;
  poolId: string;
}

export async function stateBeforeGateway(network: Network): Promise<LateState> {
  const t = await testLedger({ network });
  const [issuer, alice, bob, carol, dave, erin, frank] = await t.accounts(7, '10000');
  if (!issuer || !alice || !bob || !carol || !dave || !erin || !frank) throw new Error('no accounts');
  const usd = new Asset('USD', issuer.publicKey());
  const share = new LiquidityPoolAsset(Asset.native(), usd, 30);
  const poolId = Buffer.from(
    getLiquidityPoolId('constant_product', { assetA: Asset.native(), assetB: usd, fee: 30 }),
  ).toString('hex');
  t.send(
    issuer,
    [
      Operation.setOptions({ setFlags: AuthRevocableFlag as 2, homeDomain: 'issuer.example' }),
      Operation.beginSponsoringFutureReserves({ sponsoredId: alice.publicKey() }),
      Operation.setOptions({
        source: alice.publicKey(),
        signer: { ed25519PublicKey: erin.publicKey(), weight: 1 },
      }),
      Operation.endSponsoringFutureReserves({ source: alice.publicKey() }),
      Operation.beginSponsoringFutureReserves({ sponsoredId: erin.publicKey() }),
      Operation.manageData({ source: erin.publicKey(), name: 'sponsored', value: 'by the issuer' }),
      Operation.endSponsoringFutureReserves({ source: erin.publicKey() }),
    ],
    { signers: [alice, erin] },
  );
  t.send(alice, [
    Operation.setOptions({ masterWeight: 3, lowThreshold: 1, medThreshold: 2, highThreshold: 3 }),
  ]);
  for (const kp of [bob, carol, dave, frank]) t.send(kp, [Operation.changeTrust({ asset: usd })]);
  await t.close();
  t.send(
    issuer,
    [bob, carol, dave].map((kp) =>
      Operation.payment({ destination: kp.publicKey(), asset: usd, amount: '1000' }),
    ),
  );
  t.send(bob, [Operation.manageData({ name: 'note', value: 'hello' })]);
  t.send(alice, [
    Operation.createClaimableBalance({
      asset: Asset.native(),
      amount: '50',
      claimants: [
        new Claimant(bob.publicKey()),
        new Claimant(carol.publicKey(), Claimant.predicateBeforeRelativeTime('3600')),
      ],
    }),
  ]);
  t.send(dave, [Operation.changeTrust({ asset: share })]);
  await t.close();
  t.send(bob, [
    Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '10', price: '2' }),
  ]);
  t.send(dave, [
    Operation.liquidityPoolDeposit({
      liquidityPoolId: poolId,
      maxAmountA: '100',
      maxAmountB: '200',
      minPrice: { n: 1, d: 10 },
      maxPrice: { n: 10, d: 1 },
    }),
  ]);
  await t.close();
  // An empty ledger: the gateway starts at it, after every ledger above.
  await t.close();
  return { t, issuer, alice, bob, carol, dave, erin, frank, usd, poolId };
}

/** The ledger after the gateway started. */
export async function stateAfterGateway(s: LateState): Promise<void> {
  s.t.send(s.issuer, [Operation.payment({ destination: s.frank.publicKey(), asset: s.usd, amount: '5' })]);
  s.t.send(s.carol, [
    Operation.manageSellOffer({ selling: s.usd, buying: Asset.native(), amount: '7', price: '3' }),
  ]);
  s.t.send(s.bob, [Operation.manageData({ name: 'later', value: 'seen' })]);
  await s.t.close();
}
