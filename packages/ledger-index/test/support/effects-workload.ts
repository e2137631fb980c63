/**
 * A workload on a sandbox ledger with every operation type the sandbox applies, named steps in
 * several ledgers, and one transaction that fails when applied. Tests read each step's effects.
 */
import {
  Account,
  Asset,
  AuthClawbackEnabledFlag,
  AuthRequiredFlag,
  AuthRevocableFlag,
  Claimant,
  getLiquidityPoolId,
  Keypair,
  LiquidityPoolAsset,
  MuxedAccount,
  Operation,
  type xdr,
} from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import { transactionEffects } from '../../src/derive/effects/index.js';
import type { EffectRow } from '../../src/derive/records.js';
import type { ClosedLedger, ClosedTransaction } from '../../src/meta/closed-ledger.js';
import { stripped } from './effects.js';
import { type TestLedger, testLedger } from './ledger.js';

export interface Step {
  ledger: ClosedLedger;
  tx: ClosedTransaction;
  effects: EffectRow[];
}

export interface Workload {
  t: TestLedger;
  ledgers: ClosedLedger[];
  step(label: string): Step;
  /** The step's effects: the operation's index (1-based) and the fields but those every effect has. */
  bodies(label: string): Record<string, unknown>[];
  keys: Record<'issuer' | 'alice' | 'bob' | 'carol' | 'maker' | 'sponsor' | 'dave' | 'other', Keypair>;
  usd: Asset;
  euro: Asset;
  poolId: string;
  aliceMuxed: string;
}

const WIDE_PRICE = { min: { n: 1, d: 2_000_000_000 }, max: { n: 2_000_000_000, d: 1 } };

/** Runs on `given` (default: a new test ledger, ingested whole). */
export async function runWorkload(given?: TestLedger): Promise<Workload> {
  const t = given ?? (await testLedger());
  const ledgers: ClosedLedger[] = [];
  const hashes = new Map<string, string>();
  const steps = new Map<string, Step>();
  let pending: string[] = [];

  const send = (label: string, source: Keypair, ops: xdr.Operation[], signers: Keypair[] = []) => {
    hashes.set(label, t.send(source, ops, { signers }));
    pending.push(label);
  };
  const close = async () => {
    await t.close();
    const ledger = t.closed();
    ledgers.push(ledger);
    for (const label of pending) {
      const tx = ledger.transactions.find((candidate) => candidate.hash === hashes.get(label));
      if (!tx) throw new Error(`step ${label} is not in ledger ${ledger.sequence}`);
      expect([label, tx.successful]).toEqual([label, !label.startsWith('failed')]);
      steps.set(label, { ledger, tx, effects: transactionEffects(ledger, tx) });
    }
    pending = [];
  };

  const [issuer, alice, bob, carol, maker, sponsor, other] = await t.accounts(7);
  if (!issuer || !alice || !bob || !carol || !maker || !sponsor || !other) throw new Error('no accounts');
  const dave = Keypair.random();
  const usd = new Asset('USD', issuer.publicKey());
  const euro = new Asset('EUROLONG', issuer.publicKey());
  const xlm = Asset.native();
  const share = new LiquidityPoolAsset(xlm, usd, 30);
  const poolId = Buffer.from(
    getLiquidityPoolId('constant_product', { assetA: xlm, assetB: usd, fee: 30 }),
  ).toString('hex');
  const aliceMuxed = new MuxedAccount(new Account(alice.publicKey(), '0'), '42').accountId();

  send('issuer options', issuer, [
    Operation.setOptions({
      setFlags: (AuthRequiredFlag | AuthRevocableFlag | AuthClawbackEnabledFlag) as never,
      homeDomain: 'issuer.example',
      masterWeight: 2,
      lowThreshold: 1,
      medThreshold: 2,
      highThreshold: 2,
      inflationDest: alice.publicKey(),
      signer: { ed25519PublicKey: carol.publicKey(), weight: 1 },
    }),
    Operation.manageData({ name: 'config', value: 'one' }),
  ]);
  await close();

  for (const [label, kp] of [
    ['alice trusts', alice],
    ['bob trusts', bob],
    ['maker trusts', maker],
  ] as const)
    send(label, kp, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: euro })]);
  await close();

  send('issuer authorizes and pays', issuer, [
    Operation.allowTrust({ trustor: alice.publicKey(), assetCode: 'USD', authorize: 1 }),
    Operation.setTrustLineFlags({ trustor: bob.publicKey(), asset: usd, flags: { authorized: true } }),
    Operation.setTrustLineFlags({ trustor: maker.publicKey(), asset: usd, flags: { authorized: true } }),
    Operation.allowTrust({ trustor: alice.publicKey(), assetCode: 'EUROLONG', authorize: 1 }),
    ...[alice, bob, maker].map((kp) =>
      Operation.payment({ destination: kp.publicKey(), asset: usd, amount: '1000' }),
    ),
  ]);
  await close();

  send('maker offers', maker, [
    Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '100', price: '1' }),
  ]);
  send('bob passive offer', bob, [
    Operation.createPassiveSellOffer({ selling: xlm, buying: usd, amount: '5', price: '3' }),
  ]);
  await close();

  send('alice trades', alice, [
    Operation.manageBuyOffer({ selling: xlm, buying: usd, buyAmount: '10', price: '1', source: aliceMuxed }),
    Operation.pathPaymentStrictReceive({
      sendAsset: xlm,
      sendMax: '20',
      destination: bob.publicKey(),
      destAsset: usd,
      destAmount: '5',
      path: [],
    }),
    Operation.pathPaymentStrictSend({
      sendAsset: xlm,
      sendAmount: '4',
      destination: bob.publicKey(),
      destAsset: usd,
      destMin: '1',
      path: [],
    }),
    Operation.payment({ destination: aliceMuxed, asset: xlm, amount: '1', source: aliceMuxed }),
  ]);
  await close();

  send('alice pools', alice, [
    Operation.changeTrust({ asset: share }),
    Operation.liquidityPoolDeposit({
      liquidityPoolId: poolId,
      maxAmountA: '100',
      maxAmountB: '200',
      minPrice: WIDE_PRICE.min,
      maxPrice: WIDE_PRICE.max,
    }),
  ]);
  await close();

  send('bob trades with the pool', bob, [
    Operation.pathPaymentStrictSend({
      sendAsset: xlm,
      sendAmount: '1',
      destination: bob.publicKey(),
      destAsset: usd,
      destMin: '0.1',
      path: [],
    }),
  ]);
  // Alone in its ledger: the pool's amounts depend on which of the trade and the withdrawal goes first.
  await close();

  send('alice withdraws', alice, [
    Operation.liquidityPoolWithdraw({
      liquidityPoolId: poolId,
      amount: '10',
      minAmountA: '0',
      minAmountB: '0',
    }),
  ]);
  send('failed payment', carol, [
    Operation.payment({ destination: alice.publicKey(), asset: xlm, amount: '900000' }),
  ]);
  await close();

  send('alice creates balances', alice, [
    Operation.createClaimableBalance({
      asset: xlm,
      amount: '10',
      claimants: [
        new Claimant(bob.publicKey(), Claimant.predicateUnconditional()),
        new Claimant(
          carol.publicKey(),
          Claimant.predicateNot(Claimant.predicateBeforeAbsoluteTime('4102444800')),
        ),
      ],
    }),
    Operation.createClaimableBalance({
      asset: usd,
      amount: '3',
      claimants: [new Claimant(bob.publicKey(), Claimant.predicateBeforeRelativeTime('3600'))],
    }),
    Operation.createClaimableBalance({
      asset: xlm,
      amount: '2',
      claimants: [
        new Claimant(
          carol.publicKey(),
          Claimant.predicateAnd(
            Claimant.predicateBeforeAbsoluteTime('253402300800'),
            Claimant.predicateOr(
              Claimant.predicateUnconditional(),
              Claimant.predicateBeforeRelativeTime('60'),
            ),
          ),
        ),
      ],
    }),
  ]);
  await close();
  const created = steps.get('alice creates balances');
  const [xlmBalance, usdBalance, keptBalance] = [0, 1, 2].map((i) =>
    created?.tx.inner.getClaimableBalanceId(i),
  );

  send('bob claims', bob, [Operation.claimClaimableBalance({ balanceId: xlmBalance ?? '' })]);
  send('issuer claws back', issuer, [
    Operation.clawbackClaimableBalance({ balanceId: usdBalance ?? '' }),
    Operation.clawback({ asset: usd, amount: '1', from: bob.publicKey() }),
  ]);
  await close();

  send(
    'sponsor sandwich',
    sponsor,
    [
      Operation.beginSponsoringFutureReserves({ sponsoredId: dave.publicKey() }),
      Operation.createAccount({ destination: dave.publicKey(), startingBalance: '10' }),
      Operation.endSponsoringFutureReserves({ source: dave.publicKey() }),
      Operation.beginSponsoringFutureReserves({ sponsoredId: carol.publicKey() }),
      Operation.manageData({ name: 'sponsored', value: 'yes', source: carol.publicKey() }),
      Operation.setOptions({
        signer: { ed25519PublicKey: other.publicKey(), weight: 1 },
        source: carol.publicKey(),
      }),
      Operation.changeTrust({ asset: euro, source: carol.publicKey() }),
      Operation.endSponsoringFutureReserves({ source: carol.publicKey() }),
    ],
    [dave, carol],
  );
  await close();

  // The sponsor's and alice's sponsorships move to `other`, then some end.
  send(
    'sponsorship moves',
    other,
    [
      Operation.beginSponsoringFutureReserves({ sponsoredId: sponsor.publicKey() }),
      Operation.beginSponsoringFutureReserves({ sponsoredId: alice.publicKey() }),
      Operation.revokeTrustlineSponsorship({
        account: carol.publicKey(),
        asset: euro,
        source: sponsor.publicKey(),
      }),
      Operation.revokeDataSponsorship({
        account: carol.publicKey(),
        name: 'sponsored',
        source: sponsor.publicKey(),
      }),
      Operation.revokeSignerSponsorship({
        account: carol.publicKey(),
        signer: { ed25519PublicKey: other.publicKey() },
        source: sponsor.publicKey(),
      }),
      Operation.revokeAccountSponsorship({ account: dave.publicKey(), source: sponsor.publicKey() }),
      Operation.revokeClaimableBalanceSponsorship({
        balanceId: keptBalance ?? '',
        source: alice.publicKey(),
      }),
      Operation.endSponsoringFutureReserves({ source: sponsor.publicKey() }),
      Operation.endSponsoringFutureReserves({ source: alice.publicKey() }),
    ],
    [sponsor, alice],
  );
  await close();

  send('sponsorships end', other, [
    Operation.revokeDataSponsorship({ account: carol.publicKey(), name: 'sponsored' }),
    Operation.revokeAccountSponsorship({ account: dave.publicKey() }),
  ]);
  await close();

  send('issuer revokes', issuer, [
    Operation.setTrustLineFlags({ trustor: alice.publicKey(), asset: usd, flags: { authorized: false } }),
    Operation.allowTrust({ trustor: alice.publicKey(), assetCode: 'EUROLONG', authorize: 2 }),
    Operation.allowTrust({ trustor: maker.publicKey(), assetCode: 'USD', authorize: 0 }),
    Operation.manageData({ name: 'config', value: 'two' }),
    Operation.manageData({ name: 'config', value: null }),
    Operation.setOptions({
      clearFlags: AuthRequiredFlag as never,
      signer: { ed25519PublicKey: carol.publicKey(), weight: 2 },
    }),
  ]);
  send('carol cleans up', carol, [
    Operation.changeTrust({ asset: euro, limit: '0' }),
    Operation.setOptions({ signer: { ed25519PublicKey: other.publicKey(), weight: 0 } }),
    Operation.bumpSequence({ bumpTo: '9000000000000000000' }),
  ]);
  send('dave merges', dave, [Operation.accountMerge({ destination: aliceMuxed })]);
  send('maker limits', maker, [Operation.changeTrust({ asset: euro, limit: '5000' })]);
  await close();

  const step = (label: string) => {
    const found = steps.get(label);
    if (!found) throw new Error(`no step ${label}`);
    return found;
  };
  return {
    t,
    ledgers,
    step,
    bodies: (label) => step(label).effects.map(stripped),
    keys: { issuer, alice, bob, carol, maker, sponsor, dave, other },
    usd,
    euro,
    poolId,
    aliceMuxed,
  };
}
