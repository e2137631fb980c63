/**
 * What the operation records of the workload must hold, by transaction (and operation index):
 * fields known from what was sent, and fields Horizon leaves out.
 */
import type { Workload } from './workload.js';

export interface FieldCase {
  name: string;
  index?: number;
  want: Record<string, unknown>;
  absent?: string[];
}

export function expectedFields(w: Workload): FieldCase[] {
  const { issuer, alice, bob, carol, dave, usd, poolId, aliceMuxed, bobMuxed, balances } = w;
  const [I, A, B, C, D, F] = [
    issuer.publicKey(),
    alice.publicKey(),
    bob.publicKey(),
    carol.publicKey(),
    dave.publicKey(),
    w.frank.publicKey(),
  ];
  const usdFields = { asset_type: 'credit_alphanum4', asset_code: 'USD', asset_issuer: I };
  const eurFields = { asset_type: 'credit_alphanum4', asset_code: 'EUR', asset_issuer: I };
  // The pool's constant product (CAP-38): 10 XLM in at reserves 1000 XLM / 2000 USD, fee 30 bp.
  const usdOut =
    (20_000_000_000n * 100_000_000n * 9_970n) / (10_000_000_000n * 10_000n + 100_000_000n * 9_970n);
  const shares = 14_142_135_623n; // floor(sqrt(1000e7 * 2000e7))
  const stroops = (n: bigint) => `${n / 10_000_000n}.${(n % 10_000_000n).toString().padStart(7, '0')}`;
  return [
    {
      name: 'issuerOptions',
      want: {
        type: 'set_options',
        type_i: 5,
        set_flags: [2, 8],
        set_flags_s: ['auth_revocable', 'auth_clawback_enabled'],
        home_domain: 'example.com',
        master_key_weight: 10,
        low_threshold: 1,
        med_threshold: 2,
        high_threshold: 3,
        inflation_dest: A,
      },
      absent: ['clear_flags', 'signer_key'],
    },
    {
      name: 'aliceClearFlagAddSigner',
      want: { clear_flags: [1], clear_flags_s: ['auth_required'], signer_key: D, signer_weight: 1 },
      absent: ['set_flags', 'home_domain', 'master_key_weight'],
    },
    {
      name: 'createAccountFails',
      want: {
        type: 'create_account',
        account: B,
        funder: D,
        starting_balance: '1.0000000',
        transaction_successful: false,
      },
    },
    {
      name: 'paymentMuxed',
      want: {
        type: 'payment',
        asset_type: 'native',
        amount: '12.5000000',
        source_account: A,
        source_account_muxed: aliceMuxed.accountId(),
        source_account_muxed_id: '42',
        from: A,
        from_muxed: aliceMuxed.accountId(),
        from_muxed_id: '42',
        to: B,
        to_muxed: bobMuxed.accountId(),
        to_muxed_id: '7',
      },
    },
    {
      name: 'fund',
      index: 3,
      want: { type: 'payment', ...eurFields, from: I, to: B, amount: '500.0000000' },
      absent: ['from_muxed', 'to_muxed'],
    },
    {
      name: 'pathReceive',
      want: {
        type: 'path_payment_strict_receive',
        ...eurFields,
        from: A,
        to: C,
        amount: '10.0000000',
        source_amount: '20.0000000',
        source_max: '50.0000000',
        source_asset_type: 'native',
        path: [],
      },
    },
    {
      name: 'pathReceiveFails',
      want: {
        source_amount: '0.0000000',
        amount: '10.0000000',
        source_max: '0.0000001',
        transaction_successful: false,
      },
    },
    {
      name: 'pathSend',
      want: {
        type: 'path_payment_strict_send',
        ...usdFields,
        from: C,
        to: B,
        amount: stroops(usdOut),
        source_amount: '10.0000000',
        destination_min: '1.0000000',
        source_asset_type: 'native',
      },
    },
    { name: 'pathSendFails', want: { amount: '0.0000000', source_amount: '10.0000000', to: D } },
    {
      name: 'restingOffer',
      want: {
        type: 'manage_sell_offer',
        offer_id: '0',
        amount: '100.0000000',
        price: '2.0000000',
        price_r: { n: 2, d: 1 },
        buying_asset_type: 'native',
        selling_asset_type: 'credit_alphanum4',
        selling_asset_code: 'EUR',
        selling_asset_issuer: I,
      },
      absent: ['buying_asset_code', 'buying_asset_issuer'],
    },
    { name: 'crossingSell', want: { price: '0.5000000', price_r: { n: 1, d: 2 }, amount: '30.0000000' } },
    {
      name: 'crossingBuy',
      want: { type: 'manage_buy_offer', offer_id: '0', amount: '100.0000000', buying_asset_code: 'EUR' },
    },
    {
      name: 'passiveOffer',
      want: {
        type: 'create_passive_sell_offer',
        amount: '10.0000000',
        selling_asset_code: 'USD',
        buying_asset_code: 'EUR',
      },
      absent: ['offer_id'],
    },
    {
      name: 'trustAlice',
      want: { type: 'change_trust', ...usdFields, trustee: I, trustor: A, limit: '922337203685.4775807' },
    },
    { name: 'changeTrustLimit', want: { trustor: C, limit: '5000.0000000' } },
    {
      name: 'poolTrust',
      want: { asset_type: 'liquidity_pool_shares', liquidity_pool_id: poolId, trustor: A },
      absent: ['asset_code', 'trustee'],
    },
    {
      name: 'allowTrust',
      want: {
        type: 'allow_trust',
        ...eurFields,
        trustee: I,
        trustor: C,
        authorize: false,
        authorize_to_maintain_liabilities: true,
      },
    },
    {
      name: 'allowTrustFails',
      want: { ...usdFields, trustor: D, authorize: true, authorize_to_maintain_liabilities: true },
    },
    {
      name: 'setTrustLineFlags',
      want: {
        type: 'set_trust_line_flags',
        ...eurFields,
        trustor: C,
        set_flags: [1],
        set_flags_s: ['authorized'],
        clear_flags: [2],
        clear_flags_s: ['authorized_to_maintain_liabilites'],
      },
    },
    { name: 'clawback', want: { type: 'clawback', ...usdFields, from: B, amount: '5.0000000' } },
    {
      name: 'manageData',
      want: { type: 'manage_data', name: 'greeting', value: Buffer.from('hello').toString('base64') },
    },
    { name: 'deleteData', want: { name: 'greeting', value: '' } },
    { name: 'bump', want: { type: 'bump_sequence', bump_to: '9000000000' } },
    { name: 'bumpFails', want: { type: 'bump_sequence', transaction_successful: false } },
    {
      name: 'deposit',
      want: {
        type: 'liquidity_pool_deposit',
        liquidity_pool_id: poolId,
        reserves_max: [
          { asset: 'native', amount: '1000.0000000' },
          { asset: usd.toString(), amount: '2000.0000000' },
        ],
        min_price: '0.0000000',
        min_price_r: { n: 1, d: 2_000_000_000 },
        max_price: '2000000000.0000000',
        max_price_r: { n: 2_000_000_000, d: 1 },
        reserves_deposited: [
          { asset: 'native', amount: '1000.0000000' },
          { asset: usd.toString(), amount: '2000.0000000' },
        ],
        shares_received: stroops(shares),
      },
    },
    {
      name: 'depositFails',
      want: {
        reserves_max: [{ amount: '10.0000000' }, { amount: '20.0000000' }],
        reserves_deposited: [{ amount: '0.0000000' }, { amount: '0.0000000' }],
        shares_received: '0.0000000',
      },
    },
    {
      name: 'withdraw',
      want: {
        type: 'liquidity_pool_withdraw',
        shares: '100.0000000',
        reserves_min: [
          { asset: 'native', amount: '0.0000000' },
          { asset: usd.toString(), amount: '0.0000000' },
        ],
        // Reserves 1010 XLM / (2000 USD - what pathSend took), shares redeemed pro rata, rounded down.
        reserves_received: [
          { asset: 'native', amount: stroops((10_100_000_000n * 1_000_000_000n) / shares) },
          {
            asset: usd.toString(),
            amount: stroops(((20_000_000_000n - usdOut) * 1_000_000_000n) / shares),
          },
        ],
      },
    },
    {
      name: 'withdrawFails',
      want: { reserves_received: [{ amount: '0.0000000' }, { amount: '0.0000000' }], shares: '1.0000000' },
    },
    {
      name: 'createBalances',
      want: {
        type: 'create_claimable_balance',
        asset: usd.toString(),
        amount: '10.0000000',
        sponsor: B,
        claimants: [
          { destination: A, predicate: { unconditional: true } },
          {
            destination: C,
            predicate: {
              and: [
                { not: { abs_before: '2033-05-18T03:33:20Z', abs_before_epoch: '2000000000' } },
                {
                  or: [
                    { rel_before: '3600' },
                    {
                      abs_before: '+292277026596-12-04T15:30:07Z',
                      abs_before_epoch: '9223372036854775807',
                    },
                  ],
                },
              ],
            },
          },
        ],
      },
    },
    {
      name: 'createBalanceFails',
      want: { asset: usd.toString(), amount: '1.0000000' },
      absent: ['sponsor'],
    },
    { name: 'claim', want: { type: 'claim_claimable_balance', balance_id: balances.claimed, claimant: A } },
    {
      name: 'clawbackBalance',
      want: { type: 'clawback_claimable_balance', balance_id: balances.clawedBack },
    },
    {
      name: 'sponsorFrank',
      index: 0,
      want: { type: 'begin_sponsoring_future_reserves', sponsored_id: F },
      absent: ['sponsor'],
    },
    { name: 'sponsorFrank', index: 1, want: { type: 'create_account', account: F, sponsor: A } },
    {
      name: 'sponsorFrank',
      index: 2,
      want: { type: 'change_trust', trustor: F, source_account: F, sponsor: A },
    },
    { name: 'sponsorFrank', index: 4, want: { type: 'manage_data', name: 'k', sponsor: A } },
    {
      name: 'sponsorFrank',
      index: 5,
      want: { type: 'set_options', signer_key: w.gina.publicKey(), sponsor: A },
    },
    { name: 'sponsorFrank', index: 6, want: { type: 'manage_sell_offer', offer_id: '0', sponsor: A } },
    {
      name: 'sponsorFrank',
      index: 7,
      want: { type: 'create_claimable_balance', asset: 'native', sponsor: A },
    },
    {
      name: 'sponsorFrank',
      index: 8,
      want: { type: 'end_sponsoring_future_reserves', begin_sponsor: A, source_account: F },
    },
    { name: 'endFails', want: { type: 'end_sponsoring_future_reserves' }, absent: ['begin_sponsor'] },
    { name: 'beginFails', want: { sponsored_id: C, transaction_successful: false } },
    { name: 'revokeAccount', want: { type: 'revoke_sponsorship', account_id: F } },
    {
      name: 'revokeTrustline',
      want: { trustline_account_id: F, trustline_asset: usd.toString() },
      absent: ['trustline_liquidity_pool_id'],
    },
    {
      name: 'revokePoolTrustline',
      want: { trustline_account_id: F, trustline_liquidity_pool_id: poolId },
      absent: ['trustline_asset'],
    },
    { name: 'revokeOffer', want: { offer_id: w.frankOffer } },
    { name: 'revokeData', want: { data_account_id: F, data_name: 'k' } },
    { name: 'revokeSigner', want: { signer_account_id: F, signer_key: w.gina.publicKey() } },
    {
      name: 'revokeBalanceFails',
      want: { claimable_balance_id: balances.sponsored, transaction_successful: false },
    },
    { name: 'revokeBalance', index: 2, want: { begin_sponsor: w.gina.publicKey(), source_account: A } },
    {
      name: 'merge',
      want: {
        type: 'account_merge',
        account: w.erin.publicKey(),
        into: A,
        into_muxed: aliceMuxed.accountId(),
        into_muxed_id: '42',
      },
    },
    {
      name: 'mergeFails',
      want: { type: 'account_merge', transaction_successful: false },
      absent: ['into_muxed'],
    },
  ];
}
