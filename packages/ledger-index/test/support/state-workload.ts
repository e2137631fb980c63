/**
 * A sandbox workload that gives every current-state record something to show: an issuer with
 * flags, trust lines (one deauthorized, one sponsored), data entries, signers of every type,
 * a sponsored account, offers (one sponsored), claimable balances with nested predicates, a
 * pool with two depositors; then an offer closed, a balance claimed and an account merged.
 */
import {
  Asset,
  AuthClawbackEnabledFlag,
  type AuthFlag,
  AuthRevocableFlag,
  Claimant,
  getLiquidityPoolId,
  type Keypair,
  LiquidityPoolAsset,
  Operation,
  StrKey,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import { type TestLedger, testLedger } from './ledger.js';

export interface StateWorkload {
  t: TestLedger;
  issuer: Keypair;
  alice: Keypair;
  bob: Keypair;
  carol: Keypair;
  /** Sponsors carol's trust line, data entry and signer, bob's offer and frank's account. */
  dave: Keypair;
  /** Merged into bob in the last ledger. */
  eve: Keypair;
  frank: Keypair;
  usd: Asset;
  eur: Asset;
  poolId: string;
  /** sha256 hash-x and pre-authorized transaction signers of alice, and her signed payload signer. */
  hashX: string;
  preAuthTx: string;
  signedPayload: string;
  offers: { usdForXlm: string; xlmForEur: string; bobSponsored: string; closed: string };
  balances: { fromIssuer: string; forever: string; claimed: string };
  /** The ledger that created the offers, balances and pool; the last one removes some. */
  creationLedger: number;
  lastLedger: number;
  /** What the index held, after the creation ledger, of the records the last ledger removes. */
  beforeRemoval: { closedOffer: unknown; claimedBalance: unknown; mergedAccount: unknown };
}

/** The (hex) claimable balance id and offer id an operation of a closed transaction made. */
export function created(t: TestLedger, hash: string, index: number) {
  const record = t.network.closed.transaction(hash);
  if (!record) throw new Error(`transaction ${hash} is not in a closed ledger`);
  const tx = TransactionBuilder.fromXDR(record.envelope.toXDR('base64'), t.network.passphrase);
  const result = record.result.result;
  const op = result.type === 'txSuccess' ? result.results[index] : undefined;
  const tr = op?.type === 'opInner' ? op.tr : undefined;
  const offer =
    tr?.type === 'manageSellOffer' && tr.manageSellOfferResult.type === 'manageSellOfferSuccess'
      ? tr.manageSellOfferResult.success.offer
      : undefined;
  return {
    balanceId: () => ('getClaimableBalanceId' in tx ? tx.getClaimableBalanceId(index) : ''),
    offerId: () => (offer?.type === 'manageOfferCreated' ? offer.offer.offerId.toString() : ''),
  };
}

/** Closes a ledger whose every transaction must succeed. */
async function closeAll(t: TestLedger): Promise<number> {
  const sequence = await t.close();
  for (const tx of t.network.closed.get(sequence)?.transactions ?? [])
    expect(tx.successful, `transaction ${tx.hash}: ${tx.result.result.type}`).toBe(true);
  return sequence;
}

/** Runs on `given` (default: a new test ledger). */
export async function stateWorkload(given?: TestLedger): Promise<StateWorkload> {
  const t = given ?? (await testLedger({ history: false }));
  const [issuer, alice, bob, carol, dave, eve, frank] = await t.accounts(7);
  if (!issuer || !alice || !bob || !carol || !dave || !eve || !frank) throw new Error('no accounts');
  // frank is made again below, sponsored; the funded one is merged away first.
  t.send(frank, [Operation.accountMerge({ destination: dave.publicKey() })]);
  t.send(issuer, [
    Operation.setOptions({
      setFlags: (AuthRevocableFlag | AuthClawbackEnabledFlag) as AuthFlag,
      homeDomain: 'issuer.example',
    }),
  ]);
  await closeAll(t);

  const usd = new Asset('USD', issuer.publicKey());
  const eur = new Asset('EURO12345', issuer.publicKey());
  const hashX = StrKey.encodeSha256Hash(Buffer.alloc(32, 7));
  const preAuthTx = StrKey.encodePreAuthTx(Buffer.alloc(32, 9));
  const signedPayload = StrKey.encodeSignedPayload(
    new xdr.SignerKeyEd25519SignedPayload({
      ed25519: alice.rawPublicKey(),
      payload: Buffer.from('payload'),
    }).toXdr(),
  );
  t.send(alice, [
    Operation.changeTrust({ asset: usd, limit: '1000' }),
    Operation.changeTrust({ asset: eur }),
    Operation.manageData({ name: 'greeting', value: 'hello' }),
    Operation.manageData({ name: 'raw', value: Buffer.from([0, 1, 2, 255]) }),
    Operation.setOptions({ signer: { ed25519PublicKey: bob.publicKey(), weight: 2 } }),
    Operation.setOptions({ signer: { sha256Hash: StrKey.decodeSha256Hash(hashX), weight: 1 } }),
    Operation.setOptions({ signer: { preAuthTx: StrKey.decodePreAuthTx(preAuthTx), weight: 1 } }),
    Operation.setOptions({ signer: { ed25519SignedPayload: signedPayload, weight: 3 } }),
    Operation.setOptions({
      masterWeight: 5,
      lowThreshold: 1,
      medThreshold: 2,
      highThreshold: 3,
      homeDomain: 'alice.example',
      inflationDest: dave.publicKey(),
    }),
  ]);
  t.send(bob, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: eur })]);
  t.send(
    dave,
    [
      Operation.beginSponsoringFutureReserves({ sponsoredId: carol.publicKey() }),
      Operation.changeTrust({ asset: usd, limit: '500', source: carol.publicKey() }),
      Operation.manageData({ name: 'sponsored', value: 'yes', source: carol.publicKey() }),
      Operation.setOptions({
        signer: { ed25519PublicKey: alice.publicKey(), weight: 1 },
        source: carol.publicKey(),
      }),
      Operation.endSponsoringFutureReserves({ source: carol.publicKey() }),
    ],
    { signers: [carol] },
  );
  await closeAll(t);

  t.send(
    dave,
    [
      Operation.beginSponsoringFutureReserves({ sponsoredId: frank.publicKey() }),
      Operation.createAccount({ destination: frank.publicKey(), startingBalance: '10' }),
      Operation.endSponsoringFutureReserves({ source: frank.publicKey() }),
    ],
    { signers: [frank] },
  );
  t.send(issuer, [
    Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '100' }),
    Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '50' }),
    Operation.setTrustLineFlags({
      trustor: carol.publicKey(),
      asset: usd,
      flags: { authorized: false, authorizedToMaintainLiabilities: true },
    }),
  ]);
  await closeAll(t);

  const pool = new LiquidityPoolAsset(Asset.native(), usd, 30);
  const poolId = Buffer.from(
    getLiquidityPoolId('constant_product', { assetA: Asset.native(), assetB: usd, fee: 30 }),
  ).toString('hex');
  const deposit = (a: string, b: string) =>
    Operation.liquidityPoolDeposit({
      liquidityPoolId: poolId,
      maxAmountA: a,
      maxAmountB: b,
      minPrice: '0.1',
      maxPrice: '10',
    });
  const aliceOps = t.send(alice, [
    Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '10', price: { n: 3, d: 7 } }),
    Operation.manageSellOffer({ selling: Asset.native(), buying: eur, amount: '5', price: '2' }),
    Operation.manageSellOffer({ selling: usd, buying: eur, amount: '1', price: '1' }),
    Operation.createClaimableBalance({
      asset: usd,
      amount: '1',
      claimants: [
        new Claimant(carol.publicKey(), Claimant.predicateBeforeAbsoluteTime('9223372036854775807')),
      ],
    }),
    Operation.createClaimableBalance({
      asset: Asset.native(),
      amount: '2',
      claimants: [new Claimant(bob.publicKey(), Claimant.predicateUnconditional())],
    }),
    Operation.changeTrust({ asset: pool }),
    deposit('10', '20'),
  ]);
  const bobOffer = t.send(
    dave,
    [
      Operation.beginSponsoringFutureReserves({ sponsoredId: bob.publicKey() }),
      Operation.manageSellOffer({
        selling: usd,
        buying: eur,
        amount: '2',
        price: { n: 5, d: 3 },
        source: bob.publicKey(),
      }),
      Operation.endSponsoringFutureReserves({ source: bob.publicKey() }),
    ],
    { signers: [bob] },
  );
  // carol's master key goes to weight 0: alice, her other signer, still signs for her.
  t.send(carol, [Operation.setOptions({ masterWeight: 0 })]);
  const issuerBalance = t.send(issuer, [
    Operation.createClaimableBalance({
      asset: usd,
      amount: '5',
      claimants: [
        new Claimant(alice.publicKey(), Claimant.predicateUnconditional()),
        new Claimant(
          bob.publicKey(),
          Claimant.predicateAnd(
            Claimant.predicateOr(
              Claimant.predicateBeforeAbsoluteTime('4102444800'),
              Claimant.predicateBeforeRelativeTime('3600'),
            ),
            Claimant.predicateNot(Claimant.predicateBeforeAbsoluteTime('1000')),
          ),
        ),
      ],
    }),
  ]);
  const creationLedger = await closeAll(t);
  const offers = {
    usdForXlm: created(t, aliceOps, 0).offerId(),
    xlmForEur: created(t, aliceOps, 1).offerId(),
    closed: created(t, aliceOps, 2).offerId(),
    bobSponsored: created(t, bobOffer, 1).offerId(),
  };
  const balances = {
    fromIssuer: created(t, issuerBalance, 0).balanceId(),
    forever: created(t, aliceOps, 3).balanceId(),
    claimed: created(t, aliceOps, 4).balanceId(),
  };

  const beforeRemoval = {
    closedOffer: await t.store.state.offer(BigInt(offers.closed)),
    claimedBalance: await t.store.state.claimableBalance(balances.claimed),
    mergedAccount: await t.store.state.account(eve.publicKey()),
  };
  t.send(alice, [
    Operation.manageSellOffer({ selling: usd, buying: eur, amount: '0', price: '1', offerId: offers.closed }),
  ]);
  t.send(bob, [
    Operation.claimClaimableBalance({ balanceId: balances.claimed }),
    Operation.changeTrust({ asset: pool }),
    deposit('5', '10'),
  ]);
  t.send(eve, [Operation.accountMerge({ destination: bob.publicKey() })]);
  const lastLedger = await closeAll(t);
  return {
    t,
    ...{ issuer, alice, bob, carol, dave, eve, frank, usd, eur, poolId, hashX, preAuthTx, signedPayload },
    offers,
    balances,
    creationLedger,
    lastLedger,
    beforeRemoval,
  };
}
