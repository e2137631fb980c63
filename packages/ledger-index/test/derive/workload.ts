/**
 * A workload with every classic operation type the sandbox applies, each succeeding once and
 * failing once, and what a test can check the records against without reading them: the
 * accounts, assets and amounts sent.
 */
import { createHash } from 'node:crypto';
import {
  Asset,
  AuthClawbackEnabledFlag,
  AuthRequiredFlag,
  AuthRevocableFlag,
  Claimant,
  getLiquidityPoolId,
  Keypair,
  LiquidityPoolAsset,
  LiquidityPoolId,
  MuxedAccount,
  Operation,
  Account as SdkAccount,
  xdr,
} from '@stellar/stellar-sdk';
import { type DeriveLedger, deriveLedger, type Sent } from './harness.js';

export const xlm = Asset.native();
const WIDE = { minPrice: { n: 1, d: 2_000_000_000 }, maxPrice: { n: 2_000_000_000, d: 1 } };
/** An absolute time for predicates: 2033-05-18T03:33:20Z. */
export const ABS_BEFORE = '2000000000';

export interface Workload {
  ledger: DeriveLedger;
  issuer: Keypair;
  alice: Keypair;
  bob: Keypair;
  carol: Keypair;
  dave: Keypair;
  erin: Keypair;
  /** Created and sponsored by alice. */
  frank: Keypair;
  gina: Keypair;
  usd: Asset;
  eur: Asset;
  pool: LiquidityPoolAsset;
  poolId: string;
  aliceMuxed: MuxedAccount;
  bobMuxed: MuxedAccount;
  /** Claimable balances by name. */
  balances: Record<'claimed' | 'clawedBack' | 'sponsored', string>;
  /** frank's offer, sponsored by alice. */
  frankOffer: string;
  /** Transactions by name. */
  tx: Record<string, Sent>;
}

/** A claimable balance id as stellar-core makes it: the transaction's source and sequence, and the operation's index. */
export function balanceIdOf(source: Keypair, sent: Sent, opIndex: number): string {
  const preimage = xdr.HashIdPreimage.envelopeTypeOpId(
    new xdr.HashIdPreimageOperationId({
      sourceAccount: source.xdrAccountId(),
      seqNum: sent.sequence,
      opNum: opIndex,
    }),
  );
  return `00000000${createHash('sha256').update(preimage.toXDR()).digest('hex')}`;
}

/** An account that does not exist. */
const nobody = () => Keypair.random().publicKey();

/** Runs on `given` (default: a new derive ledger). */
export async function runWorkload(given?: DeriveLedger): Promise<Workload> {
  const ledger = given ?? (await deriveLedger());
  const [issuer, alice, bob, carol, dave, erin, gina] = (await ledger.accounts(7)) as Keypair[] as [
    Keypair,
    Keypair,
    Keypair,
    Keypair,
    Keypair,
    Keypair,
    Keypair,
  ];
  const frank = Keypair.random();
  const usd = new Asset('USD', issuer.publicKey());
  const eur = new Asset('EUR', issuer.publicKey());
  const pool = new LiquidityPoolAsset(xlm, usd, 30);
  const poolId = Buffer.from(
    getLiquidityPoolId('constant_product', { assetA: xlm, assetB: usd, fee: 30 }),
  ).toString('hex');
  const aliceMuxed = new MuxedAccount(new SdkAccount(alice.publicKey(), '0'), '42');
  const bobMuxed = new MuxedAccount(new SdkAccount(bob.publicKey(), '0'), '7');
  const tx: Record<string, Sent> = {};
  const send = async (name: string, source: Keypair, ops: xdr.Operation[], also?: Keypair[]) => {
    tx[name] = await ledger.send(source, ops, also);
  };

  await send('issuerOptions', issuer, [
    Operation.setOptions({
      setFlags: (AuthRevocableFlag | AuthClawbackEnabledFlag) as 2,
      homeDomain: 'example.com',
      masterWeight: 10,
      lowThreshold: 1,
      medThreshold: 2,
      highThreshold: 3,
      inflationDest: alice.publicKey(),
    }),
  ]);
  await send('aliceSetFlag', alice, [Operation.setOptions({ setFlags: AuthRequiredFlag })]);
  await send('createAccountFails', dave, [
    Operation.createAccount({ destination: bob.publicKey(), startingBalance: '1' }),
  ]);
  await send('setOptionsFails', dave, [Operation.setOptions({ inflationDest: nobody() })]);
  await ledger.close();

  for (const who of [alice, bob, carol])
    await send(`trust_${who.publicKey()}`, who, [
      Operation.changeTrust({ asset: usd }),
      Operation.changeTrust({ asset: eur }),
    ]);
  tx.trustAlice = tx[`trust_${alice.publicKey()}`] as Sent;
  await send('aliceClearFlagAddSigner', alice, [
    Operation.setOptions({
      clearFlags: AuthRequiredFlag,
      signer: { ed25519PublicKey: dave.publicKey(), weight: 1 },
    }),
  ]);
  await send('changeTrustFails', dave, [Operation.changeTrust({ asset: new Asset('NOPE', nobody()) })]);
  await ledger.close();

  await send('fund', issuer, [
    Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '5000' }),
    Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '1000' }),
    Operation.payment({ destination: carol.publicKey(), asset: usd, amount: '1000' }),
    Operation.payment({ destination: bob.publicKey(), asset: eur, amount: '500' }),
  ]);
  await send('allowTrust', issuer, [
    Operation.allowTrust({ trustor: carol.publicKey(), assetCode: 'EUR', authorize: 2 }),
  ]);
  await send('allowTrustFails', issuer, [
    Operation.allowTrust({ trustor: dave.publicKey(), assetCode: 'USD', authorize: 1 }),
  ]);
  await send('paymentMuxed', alice, [
    Operation.payment({
      source: aliceMuxed.accountId(),
      destination: bobMuxed.accountId(),
      asset: xlm,
      amount: '12.5',
    }),
  ]);
  await send('paymentFails', alice, [Operation.payment({ destination: nobody(), asset: xlm, amount: '1' })]);
  await ledger.close();

  await send('setTrustLineFlags', issuer, [
    Operation.setTrustLineFlags({
      trustor: carol.publicKey(),
      asset: eur,
      flags: { authorized: true, authorizedToMaintainLiabilities: false },
    }),
  ]);
  await send('setTrustLineFlagsFails', issuer, [
    Operation.setTrustLineFlags({ trustor: dave.publicKey(), asset: usd, flags: { authorized: true } }),
  ]);
  await send('poolTrust', alice, [Operation.changeTrust({ asset: pool })]);
  await send('changeTrustLimit', carol, [Operation.changeTrust({ asset: usd, limit: '5000' })]);
  await send('changeTrustLimitFails', bob, [Operation.changeTrust({ asset: usd, limit: '1' })]);
  await send('restingOffer', bob, [
    Operation.manageSellOffer({ selling: eur, buying: xlm, amount: '100', price: '2' }),
  ]);
  await send('manageSellFails', dave, [
    Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '10', price: '1' }),
  ]);
  await send('manageBuyFails', erin, [
    Operation.manageBuyOffer({ selling: usd, buying: xlm, buyAmount: '10', price: '1' }),
  ]);
  await send('passiveFails', gina, [
    Operation.createPassiveSellOffer({ selling: usd, buying: xlm, amount: '10', price: '1' }),
  ]);
  await ledger.close();

  await send('deposit', alice, [
    Operation.liquidityPoolDeposit({
      liquidityPoolId: poolId,
      maxAmountA: '1000',
      maxAmountB: '2000',
      ...WIDE,
    }),
  ]);
  await send('pathReceive', alice, [
    Operation.pathPaymentStrictReceive({
      sendAsset: xlm,
      sendMax: '50',
      destination: carol.publicKey(),
      destAsset: eur,
      destAmount: '10',
      path: [],
    }),
  ]);
  await send('depositFails', bob, [
    Operation.liquidityPoolDeposit({ liquidityPoolId: poolId, maxAmountA: '10', maxAmountB: '20', ...WIDE }),
  ]);
  await send('passiveOffer', bob, [
    Operation.createPassiveSellOffer({ selling: usd, buying: eur, amount: '10', price: '1' }),
  ]);
  await ledger.close();

  await send('pathSend', carol, [
    Operation.pathPaymentStrictSend({
      sendAsset: xlm,
      sendAmount: '10',
      destination: bob.publicKey(),
      destAsset: usd,
      destMin: '1',
      path: [],
    }),
  ]);
  await send('pathSendFails', carol, [
    Operation.pathPaymentStrictSend({
      sendAsset: xlm,
      sendAmount: '10',
      destination: dave.publicKey(),
      destAsset: usd,
      destMin: '1',
      path: [],
    }),
  ]);
  await send('pathReceiveFails', carol, [
    Operation.pathPaymentStrictReceive({
      sendAsset: xlm,
      sendMax: '0.0000001',
      destination: bob.publicKey(),
      destAsset: usd,
      destAmount: '10',
      path: [],
    }),
  ]);
  await send('crossingSell', carol, [
    Operation.manageSellOffer({ selling: xlm, buying: eur, amount: '30', price: '0.5' }),
  ]);
  await send('manageData', alice, [Operation.manageData({ name: 'greeting', value: 'hello' })]);
  await send('manageDataFails', dave, [Operation.manageData({ name: 'missing', value: null })]);
  await ledger.close();

  await send('crossingBuy', alice, [
    Operation.manageBuyOffer({ selling: xlm, buying: eur, buyAmount: '100', price: '2' }),
  ]);
  await send('deleteData', alice, [Operation.manageData({ name: 'greeting', value: null })]);
  await send('withdraw', alice, [
    Operation.liquidityPoolWithdraw({
      liquidityPoolId: poolId,
      amount: '100',
      minAmountA: '0',
      minAmountB: '0',
    }),
  ]);
  await send('bump', dave, [Operation.bumpSequence({ bumpTo: '9000000000' })]);
  await send('bumpFails', erin, [
    Operation.bumpSequence({ bumpTo: '9000000000' }),
    Operation.payment({ destination: nobody(), asset: xlm, amount: '1' }),
  ]);
  await send('withdrawFails', bob, [
    Operation.liquidityPoolWithdraw({
      liquidityPoolId: poolId,
      amount: '1',
      minAmountA: '0',
      minAmountB: '0',
    }),
  ]);
  await send('clawback', issuer, [Operation.clawback({ asset: usd, from: bob.publicKey(), amount: '5' })]);
  await send('clawbackFails', issuer, [
    Operation.clawback({ asset: usd, from: bob.publicKey(), amount: '100000' }),
  ]);
  await ledger.close();

  await send('createBalances', bob, [
    Operation.createClaimableBalance({
      asset: usd,
      amount: '10',
      claimants: [
        new Claimant(alice.publicKey(), Claimant.predicateUnconditional()),
        new Claimant(
          carol.publicKey(),
          Claimant.predicateAnd(
            Claimant.predicateNot(Claimant.predicateBeforeAbsoluteTime(ABS_BEFORE)),
            Claimant.predicateOr(
              Claimant.predicateBeforeRelativeTime('3600'),
              Claimant.predicateBeforeAbsoluteTime('9223372036854775807'),
            ),
          ),
        ),
      ],
    }),
    Operation.createClaimableBalance({
      asset: usd,
      amount: '5',
      claimants: [new Claimant(carol.publicKey(), Claimant.predicateUnconditional())],
    }),
  ]);
  const missingBalance = `00000000${'ab'.repeat(32)}`;
  await send('createBalanceFails', dave, [
    Operation.createClaimableBalance({
      asset: usd,
      amount: '1',
      claimants: [new Claimant(alice.publicKey(), Claimant.predicateUnconditional())],
    }),
  ]);
  await send('claimFails', carol, [Operation.claimClaimableBalance({ balanceId: missingBalance })]);
  await send('clawbackBalanceFails', issuer, [
    Operation.clawbackClaimableBalance({ balanceId: missingBalance }),
  ]);
  await ledger.close();
  const created = tx.createBalances as Sent;
  const claimed = balanceIdOf(bob, created, 0);
  const clawedBack = balanceIdOf(bob, created, 1);

  await send('claim', alice, [Operation.claimClaimableBalance({ balanceId: claimed })]);
  await send('clawbackBalance', issuer, [Operation.clawbackClaimableBalance({ balanceId: clawedBack })]);
  await ledger.close();

  const f = frank.publicKey();
  await send(
    'sponsorFrank',
    alice,
    [
      Operation.beginSponsoringFutureReserves({ sponsoredId: f }),
      Operation.createAccount({ destination: f, startingBalance: '100' }),
      Operation.changeTrust({ asset: usd, source: f }),
      Operation.changeTrust({ asset: pool, source: f }),
      Operation.manageData({ name: 'k', value: 'v', source: f }),
      Operation.setOptions({ signer: { ed25519PublicKey: gina.publicKey(), weight: 1 }, source: f }),
      Operation.manageSellOffer({ selling: xlm, buying: usd, amount: '1', price: '1', source: f }),
      Operation.createClaimableBalance({
        asset: xlm,
        amount: '1',
        claimants: [new Claimant(alice.publicKey(), Claimant.predicateUnconditional())],
        source: f,
      }),
      Operation.endSponsoringFutureReserves({ source: f }),
    ],
    [frank],
  );
  await send('beginFails', bob, [
    Operation.beginSponsoringFutureReserves({ sponsoredId: carol.publicKey() }),
  ]);
  await send('endFails', carol, [Operation.endSponsoringFutureReserves({})]);
  await ledger.close();
  const sponsored = balanceIdOf(alice, tx.sponsorFrank as Sent, 7);
  const offers = await ledger.t.store.entriesOf(f, 'offer');
  const offer = offers[0]?.data;
  if (offer?.type !== 'offer') throw new Error('frank has no offer');
  const frankOffer = offer.offer.offerId.toString();

  await send('revokeAccount', alice, [Operation.revokeAccountSponsorship({ account: f })]);
  await send('revokeTrustline', alice, [Operation.revokeTrustlineSponsorship({ account: f, asset: usd })]);
  await send('revokePoolTrustline', alice, [
    Operation.revokeTrustlineSponsorship({ account: f, asset: new LiquidityPoolId(poolId) }),
  ]);
  await send('revokeOffer', alice, [Operation.revokeOfferSponsorship({ seller: f, offerId: frankOffer })]);
  await send('revokeData', alice, [Operation.revokeDataSponsorship({ account: f, name: 'k' })]);
  await send('revokeSigner', alice, [
    Operation.revokeSignerSponsorship({ account: f, signer: { ed25519PublicKey: gina.publicKey() } }),
  ]);
  await send('revokeBalanceFails', alice, [
    Operation.revokeClaimableBalanceSponsorship({ balanceId: sponsored }),
  ]);
  await ledger.close();

  await send(
    'revokeBalance',
    gina,
    [
      Operation.beginSponsoringFutureReserves({ sponsoredId: alice.publicKey() }),
      Operation.revokeClaimableBalanceSponsorship({ balanceId: sponsored, source: alice.publicKey() }),
      Operation.endSponsoringFutureReserves({ source: alice.publicKey() }),
    ],
    [alice],
  );
  await send('mergeFails', erin, [Operation.accountMerge({ destination: nobody() })]);
  await send('merge', erin, [Operation.accountMerge({ destination: aliceMuxed.accountId() })]);
  await ledger.close();

  return {
    ledger,
    issuer,
    alice,
    bob,
    carol,
    dave,
    erin,
    frank,
    gina,
    usd,
    eur,
    pool,
    poolId,
    aliceMuxed,
    bobMuxed,
    balances: { claimed, clawedBack, sponsored },
    frankOffer,
    tx,
  };
}
