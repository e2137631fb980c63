// The official SDK's rpc.Server, unchanged, against a sandbox closing a ledger every 200 ms:
// friendbot, payments, an issued asset, crossing offers, fee bumps and failures, read back through
// getTransaction, getLedgerEntries (the SDK's getAccount / getTrustline) and getEvents.
import {
  Asset,
  BASE_FEE,
  getLiquidityPoolId,
  Keypair,
  LiquidityPoolAsset,
  LiquidityPoolFeeV18,
  Operation,
  rpc,
  scValToNative,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROTOCOL_VERSION } from '../../src/index.js';
import { fund, signed, submit, type TestSandbox, testSandbox } from '../support/sandbox.js';

let t: TestSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
const issuer = Keypair.random();

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 200 });
  await fund(t, alice, bob, issuer);
});
afterAll(async () => {
  await t.net.stop();
  expect(t.errors).toEqual([]);
});

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const topicsOf = (event: xdr.ContractEvent) => event.body.v0.topics.map((topic) => scValToNative(topic));

/** The id of the offer a manage-offer transaction left on the book. */
function createdOfferId(result: xdr.TransactionResult): bigint {
  const op = result.result.type === 'txSuccess' ? result.result.results[0] : undefined;
  if (op?.type !== 'opInner' || op.tr.type !== 'manageSellOffer')
    throw new Error('not a manage sell offer result');
  const outcome = op.tr.manageSellOfferResult;
  if (outcome.type !== 'manageSellOfferSuccess' || outcome.success.offer.type !== 'manageOfferCreated')
    throw new Error('no offer was left on the book');
  return outcome.success.offer.offer.offerId;
}

const lumens = async (kp: Keypair) => {
  const entry = await t.server.getAccountEntry(kp.publicKey());
  return entry.balance.toString();
};

describe('friendbot through the SDK', () => {
  it('funds a new account with 10,000 lumens, seen through getAccount', async () => {
    expect(await lumens(alice)).toBe('100000000000');
    const account = await t.server.getAccount(alice.publicKey());
    expect(BigInt(account.sequenceNumber()) > 0n).toBe(true);
  });

  it('answers requestAirdrop with the account, its sequence number from the meta', async () => {
    const carol = Keypair.random();
    const account = await t.server.requestAirdrop(carol.publicKey());
    expect(account.accountId()).toBe(carol.publicKey());
    expect(account.sequenceNumber()).toBe((await t.server.getAccount(carol.publicKey())).sequenceNumber());
  });

  it('serves more concurrent calls than it has channel accounts', async () => {
    const many = Array.from({ length: 20 }, () => Keypair.random());
    const funded = await Promise.all(many.map((kp) => t.server.fundAddress(kp.publicKey())));
    expect(funded.map((f) => f.status)).toEqual(many.map(() => 'SUCCESS'));
    expect(new Set(await Promise.all(many.map(lumens)))).toEqual(new Set(['100000000000']));
  });
});

describe('a payment', () => {
  it('lands with its envelope, result, meta, ledger, time, order and events', async () => {
    const before = await lumens(bob);
    const tx = await signed(t, alice, [
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '12.5' }),
    ]);
    const final = await submit(t, tx);
    expect(final.status).toBe(rpc.Api.GetTransactionStatus.SUCCESS);
    expect(final.txHash).toBe(hex(tx.hash()));
    expect(final.envelopeXdr.toXdr('base64')).toBe(tx.toEnvelope().toXdr('base64'));
    expect(final.resultXdr.result.type).toBe('txSuccess');
    expect(final.feeBump).toBe(false);
    expect(final.applicationOrder).toBe(1);
    const ledger = await t.server.getLedgers({ startLedger: final.ledger, pagination: { limit: 1 } });
    expect(String(final.createdAt)).toBe(ledger.ledgers[0]?.ledgerCloseTime);
    expect(final.events.transactionEventsXdr.map((e) => topicsOf(e.event)[0])).toEqual(['fee']);
    const [transfer] = final.events.contractEventsXdr[0] ?? [];
    expect(transfer && topicsOf(transfer)).toEqual([
      'transfer',
      alice.publicKey(),
      bob.publicKey(),
      'native',
    ]);
    expect(BigInt(await lumens(bob)) - BigInt(before)).toBe(125_000_000n);
  });

  it('a failed one is FAILED with its result, fee charged and sequence number used', async () => {
    const before = await t.server.getAccount(alice.publicKey());
    const tx = await signed(t, alice, [
      Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: '1' }),
    ]);
    const final = await submit(t, tx);
    expect(final.status).toBe(rpc.Api.GetTransactionStatus.FAILED);
    expect(final.resultXdr.result.type).toBe('txFailed');
    const after = await t.server.getAccount(alice.publicKey());
    expect(BigInt(after.sequenceNumber())).toBe(BigInt(before.sequenceNumber()) + 1n);
  });

  it('a fee bump reports feeBump and its outer hash', async () => {
    const inner = await signed(t, alice, [
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' }),
    ]);
    const bump = TransactionBuilder.buildFeeBumpTransaction(bob, '200', inner, t.net.passphrase);
    bump.sign(bob);
    const final = await submit(t, bump);
    expect(final.status).toBe(rpc.Api.GetTransactionStatus.SUCCESS);
    expect(final.feeBump).toBe(true);
    expect(final.txHash).toBe(hex(bump.hash()));
  });
});

describe('an issued asset', () => {
  const usd = new Asset('USD', issuer.publicKey());

  it('a trust line and a payment from the issuer: getTrustline and getAssetBalance see it, getEvents the mint', async () => {
    await submit(t, await signed(t, bob, [Operation.changeTrust({ asset: usd, limit: '1000' })]));
    const paid = await submit(
      t,
      await signed(t, issuer, [
        Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '250' }),
      ]),
    );
    const line = await t.server.getTrustline(bob.publicKey(), usd);
    expect(line.balance).toBe(2_500_000_000n);
    expect(line.limit).toBe(10_000_000_000n);
    const balance = await t.server.getAssetBalance(bob.publicKey(), usd);
    expect(balance.balanceEntry?.amount).toBe('2500000000');

    const sac = usd.contractId(t.net.passphrase);
    const mint = xdr.ScVal.scvSymbol('mint').toXdr('base64');
    const events = await t.server.getEvents({
      startLedger: paid.ledger,
      endLedger: paid.ledger + 1,
      filters: [{ type: 'contract', contractIds: [sac], topics: [[mint, '*', '**']] }],
    });
    expect(events.events).toHaveLength(1);
    const [event] = events.events;
    expect(event?.contractId?.contractId()).toBe(sac);
    expect(event?.txHash).toBe(paid.txHash);
    expect(event?.topic.map((s) => scValToNative(s))).toEqual([
      'mint',
      bob.publicKey(),
      `USD:${issuer.publicKey()}`,
    ]);
    expect(scValToNative(event?.value as xdr.ScVal)).toBe(2_500_000_000n);
  });

  it('offers crossing: the book trades and both sides see their balances', async () => {
    const seller = Keypair.random();
    await fund(t, seller);
    await submit(t, await signed(t, seller, [Operation.changeTrust({ asset: usd })]));
    await submit(
      t,
      await signed(t, issuer, [
        Operation.payment({ destination: seller.publicKey(), asset: usd, amount: '100' }),
      ]),
    );
    // seller offers 100 USD at 2 XLM each; bob buys 30 USD paying up to 2 XLM each. The seller paid two fees.
    const sell = await submit(
      t,
      await signed(t, seller, [
        Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '100', price: '2' }),
      ]),
    );
    const offerId = createdOfferId(sell.resultXdr);
    const buy = await submit(
      t,
      await signed(t, bob, [
        Operation.manageBuyOffer({ selling: Asset.native(), buying: usd, buyAmount: '30', price: '2' }),
      ]),
    );
    expect(buy.status).toBe(rpc.Api.GetTransactionStatus.SUCCESS);
    expect((await t.server.getTrustline(bob.publicKey(), usd)).balance).toBe(2_800_000_000n);
    expect((await t.server.getTrustline(seller.publicKey(), usd)).balance).toBe(700_000_000n);
    expect(await lumens(seller)).toBe(String(100_000_000_000n - 200n + 600_000_000n));

    const offerKey = xdr.LedgerKey.offer(
      new xdr.LedgerKeyOffer({ sellerId: seller.xdrAccountId(), offerId }),
    );
    const { entries } = await t.server.getLedgerEntries(offerKey);
    const offer = entries[0]?.val;
    expect(offer?.type === 'offer' && offer.offer.amount).toBe(700_000_000n);
    const transfers = buy.events.contractEventsXdr[0]?.map((e) => topicsOf(e)[0]);
    expect(transfers).toEqual(['transfer', 'transfer']);
  });
});

describe('other entries through getLedgerEntries', () => {
  it('a data entry', async () => {
    await submit(t, await signed(t, alice, [Operation.manageData({ name: 'greeting', value: 'hello' })]));
    const key = xdr.LedgerKey.data(
      new xdr.LedgerKeyData({ accountId: alice.xdrAccountId(), dataName: 'greeting' }),
    );
    const { entries, latestLedger } = await t.server.getLedgerEntries(key);
    const data = entries[0]?.val;
    expect(data?.type === 'data' && Buffer.from(data.data.dataValue.toBytes()).toString()).toBe('hello');
    expect(entries[0]?.lastModifiedLedgerSeq).toBeLessThanOrEqual(latestLedger);
  });

  it('a liquidity pool, created by a pool-share trust line', async () => {
    const usd = new Asset('USD', issuer.publicKey());
    const pool = new LiquidityPoolAsset(Asset.native(), usd, LiquidityPoolFeeV18);
    await submit(t, await signed(t, bob, [Operation.changeTrust({ asset: pool })]));
    const poolId = getLiquidityPoolId('constant_product', pool.getLiquidityPoolParameters());
    const key = xdr.LedgerKey.liquidityPool(
      new xdr.LedgerKeyLiquidityPool({ liquidityPoolId: new xdr.PoolId(poolId) }),
    );
    const { entries } = await t.server.getLedgerEntries(key);
    const entry = entries[0]?.val;
    expect(entry?.type).toBe('liquidityPool');
    expect(
      entry?.type === 'liquidityPool' && entry.liquidityPool.body.constantProduct.poolSharesTrustLineCount,
    ).toBe(1n);
  });
});

describe('fees and the network through the SDK', () => {
  it('getFeeStats counts the fees charged per operation in the last ledgers', async () => {
    const stats = await t.server.getFeeStats();
    expect(Number(stats.inclusionFee.transactionCount)).toBeGreaterThan(0);
    expect(stats.inclusionFee.min).toBe(BASE_FEE);
    expect(stats.sorobanInclusionFee.transactionCount).toBe('0');
  });

  it('getNetwork names the passphrase, the protocol and friendbot', async () => {
    expect(await t.server.getNetwork()).toEqual({
      passphrase: t.net.passphrase,
      protocolVersion: DEFAULT_PROTOCOL_VERSION,
      friendbotUrl: t.net.friendbotUrl,
    });
  });
});
