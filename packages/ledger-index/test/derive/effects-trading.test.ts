import { Asset, hash, Keypair, xdr } from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClosedTransaction } from '../../src/meta/closed-ledger.js';
import { historyHandlers } from '../../src/rest/history.js';
import { runWorkload, type Workload } from '../support/effects-workload.js';

let w: Workload;
const key = (name: keyof Workload['keys']) => w.keys[name].publicKey();
const usdFields = (prefix = '') => ({
  [`${prefix}asset_type`]: 'credit_alphanum4',
  [`${prefix}asset_code`]: 'USD',
  [`${prefix}asset_issuer`]: w.usd.getIssuer(),
});

beforeAll(async () => {
  w = await runWorkload();
});

/** stellar-core getRevokeID: the balance the first operation's revocation made of one asset. */
function revokeId(tx: ClosedTransaction, asset: Asset): string {
  const preimage = xdr.HashIdPreimage.envelopeTypePoolRevokeOpId(
    new xdr.HashIdPreimageRevokeId({
      sourceAccount: Keypair.fromPublicKey(tx.inner.source).xdrAccountId(),
      seqNum: BigInt(tx.inner.sequence),
      opNum: 0,
      liquidityPoolId: new xdr.PoolId(Buffer.from(w.poolId, 'hex')),
      asset: asset.toXDRObject(),
    }),
  );
  return xdr.ClaimableBalanceId.claimableBalanceIdTypeV0(hash(preimage.toXDR())).toXDR('hex');
}

/** The pool as the effects show it, after the step. */
function pool(shares: string, xlm: string, usd: string, trustlines = '1') {
  return {
    id: w.poolId,
    fee_bp: 30,
    type: 'constant_product',
    total_trustlines: trustlines,
    total_shares: shares,
    reserves: [
      { asset: 'native', amount: xlm },
      { asset: `USD:${w.usd.getIssuer()}`, amount: usd },
    ],
  };
}

describe('trade effects', () => {
  it('a taker and the offer owner each see the trade from their side, with the offer id', () => {
    const offerId = w.bodies('alice trades').find((e) => e.type === 'trade')?.offer_id;
    // A muxed taker keeps its M address, on its own effect and as the owner's `seller`.
    const taker = (muxed: boolean) =>
      muxed
        ? { account: key('alice'), account_muxed: w.aliceMuxed, account_muxed_id: '42' }
        : { account: key('alice') };
    const takerAsSeller = (muxed: boolean) =>
      muxed
        ? { seller: key('alice'), seller_muxed: w.aliceMuxed, seller_muxed_id: '42' }
        : { seller: key('alice') };
    const trade = (amount: string, muxed = false) => [
      {
        ...taker(muxed),
        type: 'trade',
        seller: key('maker'),
        offer_id: offerId,
        sold_amount: amount,
        sold_asset_type: 'native',
        bought_amount: amount,
        ...usdFields('bought_'),
      },
      {
        account: key('maker'),
        type: 'trade',
        ...takerAsSeller(muxed),
        offer_id: offerId,
        sold_amount: amount,
        ...usdFields('sold_'),
        bought_amount: amount,
        bought_asset_type: 'native',
      },
    ];
    const payment = (amount: string) => [
      { account: key('bob'), type: 'account_credited', ...usdFields(), amount },
      { account: key('alice'), type: 'account_debited', asset_type: 'native', amount },
    ];
    const muxed = { account: key('alice'), account_muxed: w.aliceMuxed, account_muxed_id: '42' };
    const want = [
      [1, trade('10.0000000', true)],
      [2, [...payment('5.0000000'), ...trade('5.0000000')]],
      [3, [...payment('4.0000000'), ...trade('4.0000000')]],
      [
        4,
        [
          { ...muxed, type: 'account_credited', asset_type: 'native', amount: '1.0000000' },
          { ...muxed, type: 'account_debited', asset_type: 'native', amount: '1.0000000' },
        ],
      ],
    ] as const;
    expect(typeof offerId).toBe('string');
    expect(w.bodies('alice trades')).toEqual(
      want.flatMap(([op, effects]) => effects.map((effect) => ({ op, ...effect }))),
    );
  });
});

describe('liquidity pool effects', () => {
  it.each([
    [
      'alice pools',
      () => [
        {
          op: 1,
          account: key('alice'),
          type: 'trustline_created',
          asset_type: 'liquidity_pool_shares',
          liquidity_pool_id: w.poolId,
          limit: '922337203685.4775807',
        },
        {
          op: 1,
          account: key('alice'),
          type: 'liquidity_pool_created',
          liquidity_pool: pool('0.0000000', '0.0000000', '0.0000000'),
        },
        {
          op: 2,
          account: key('alice'),
          type: 'liquidity_pool_deposited',
          liquidity_pool: pool('141.4213562', '100.0000000', '200.0000000'),
          reserves_deposited: [
            { asset: 'native', amount: '100.0000000' },
            { asset: `USD:${w.usd.getIssuer()}`, amount: '200.0000000' },
          ],
          shares_received: '141.4213562',
        },
      ],
    ],
    [
      // The pool's price beats the book's, so the path goes through the pool.
      'bob trades with the pool',
      () => [
        { op: 1, account: key('bob'), type: 'account_credited', ...usdFields(), amount: '1.9743160' },
        { op: 1, account: key('bob'), type: 'account_debited', asset_type: 'native', amount: '1.0000000' },
        {
          op: 1,
          account: key('bob'),
          type: 'liquidity_pool_trade',
          liquidity_pool: pool('141.4213562', '101.0000000', '198.0256840'),
          sold: { asset: `USD:${w.usd.getIssuer()}`, amount: '1.9743160' },
          bought: { asset: 'native', amount: '1.0000000' },
        },
      ],
    ],
    [
      'alice withdraws',
      () => [
        {
          op: 1,
          account: key('alice'),
          type: 'liquidity_pool_withdrew',
          liquidity_pool: pool('131.4213562', '93.8582216', '184.0231536'),
          reserves_received: [
            { asset: 'native', amount: '7.1417784' },
            { asset: `USD:${w.usd.getIssuer()}`, amount: '14.0025304' },
          ],
          shares_redeemed: '10.0000000',
        },
      ],
    ],
  ])('%s', (label, want) => {
    expect(w.bodies(label)).toEqual(want());
  });

  it('revoking a trust line redeems pool shares into balances, then the emptied pool is removed', () => {
    const revoked = w.step('issuer revokes').tx;
    const [xlmBalance, usdBalance] = [Asset.native(), w.usd].map((asset) => revokeId(revoked, asset));
    // Balances come in the order of their ids (the meta's changes sorted by ledger key).
    const [first, second] = [
      { asset: 'native', amount: '93.8582216', balance_id: xlmBalance },
      { asset: `USD:${w.usd.getIssuer()}`, amount: '184.0231536', balance_id: usdBalance },
    ].sort((a, b) => (String(a.balance_id) < String(b.balance_id) ? -1 : 1));
    if (!first || !second) throw new Error('no balances');
    const created = (b: typeof first) => [
      { op: 1, account: key('issuer'), type: 'claimable_balance_created', ...b },
      {
        op: 1,
        account: key('alice'),
        type: 'claimable_balance_claimant_created',
        ...b,
        predicate: { unconditional: true },
      },
    ];
    expect(revoked.successful).toBe(true);
    expect(w.bodies('issuer revokes').filter((e) => e.op === 1)).toEqual([
      {
        op: 1,
        account: key('issuer'),
        type: 'trustline_flags_updated',
        ...usdFields(),
        trustor: key('alice'),
        authorized_flag: false,
      },
      ...created(first),
      ...created(second),
      {
        op: 1,
        account: key('issuer'),
        type: 'liquidity_pool_revoked',
        liquidity_pool: pool('131.4213562', '93.8582216', '184.0231536'),
        reserves_revoked: [
          { asset: 'native', amount: '93.8582216', claimable_balance_id: xlmBalance },
          { asset: `USD:${w.usd.getIssuer()}`, amount: '184.0231536', claimable_balance_id: usdBalance },
        ],
        shares_revoked: '131.4213562',
      },
      ...[first, second].map((b) => ({
        op: 1,
        account: key('issuer'),
        type: 'claimable_balance_sponsorship_created',
        balance_id: b.balance_id,
        sponsor: key('alice'),
      })),
      { op: 1, account: key('issuer'), type: 'liquidity_pool_removed', liquidity_pool_id: w.poolId },
    ]);
  });

  it('/liquidity_pools/{id}/effects: every effect of the operations that touched the pool', async () => {
    const answer = await historyHandlers(w.t.store).listLiquidityPoolEffects({
      path: { id: w.poolId },
      query: { limit: 200 },
      headers: { host: 'ledger.example' },
      raw: { url: `/liquidity_pools/${w.poolId}/effects?limit=200` },
    } as never);
    const records = (answer.body as { _embedded: { records: { type: string; account: string }[] } })._embedded
      .records;
    // The pool's own effects, and those without a pool field of the same operations: bob's path
    // payment through the pool credits and debits, the revocation makes claimable balances.
    expect(records.map((r) => r.type)).toEqual([
      'trustline_created',
      'liquidity_pool_created',
      'liquidity_pool_deposited',
      'account_credited',
      'account_debited',
      'liquidity_pool_trade',
      'liquidity_pool_withdrew',
      'trustline_flags_updated',
      'claimable_balance_created',
      'claimable_balance_claimant_created',
      'claimable_balance_created',
      'claimable_balance_claimant_created',
      'liquidity_pool_revoked',
      'claimable_balance_sponsorship_created',
      'claimable_balance_sponsorship_created',
      'liquidity_pool_removed',
    ]);
  });
});
