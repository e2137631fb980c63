// Operation records of every classic type, succeeding and failing, from a sandbox ledger: each
// checked against the contract and against values known from what was sent (stellar-horizon
// `OperationDetails`, `Participants`, and the claimable balance and liquidity pool processors).
import { Operation } from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationContexts, operationRows } from '../../src/derive/operations/index.js';
import type { IndexBatch, OperationRow } from '../../src/derive/records.js';
import { readClosedLedger } from '../../src/meta/closed-ledger.js';
import { operationErrors, operationsOf, type Sent } from './harness.js';
import { runWorkload, type Workload } from './workload.js';

let w: Workload;
let batches: IndexBatch[];
const ops = (name: string): OperationRow[] => operationsOf(batches, w.tx[name] as Sent);
const op = (name: string, index = 0): OperationRow => {
  const row = ops(name)[index];
  if (!row) throw new Error(`no operation ${index} in ${name}`);
  return row;
};

beforeAll(async () => {
  w = await runWorkload();
  batches = w.ledger.batches();
}, 120_000);

const CLASSIC_TYPES = [
  'create_account',
  'payment',
  'path_payment_strict_receive',
  'manage_sell_offer',
  'create_passive_sell_offer',
  'set_options',
  'change_trust',
  'allow_trust',
  'account_merge',
  'manage_data',
  'bump_sequence',
  'manage_buy_offer',
  'path_payment_strict_send',
  'create_claimable_balance',
  'claim_claimable_balance',
  'begin_sponsoring_future_reserves',
  'end_sponsoring_future_reserves',
  'revoke_sponsorship',
  'clawback',
  'clawback_claimable_balance',
  'set_trust_line_flags',
  'liquidity_pool_deposit',
  'liquidity_pool_withdraw',
];

/**
 * Where Horizon's records and the contract disagree (the records follow Horizon): set_options
 * writes account flag 8 (auth_clawback_enabled), which the contract's flag list lacks; a failed
 * pool deposit or withdrawal has amounts without their `asset`, which the contract requires.
 */
const CONTRACT_GAPS: Record<string, string[]> = {
  issuerOptions: ['/set_flags/1 enum'],
  depositFails: [
    '/reserves_max/0/asset required',
    '/reserves_max/1/asset required',
    '/reserves_deposited/0/asset required',
    '/reserves_deposited/1/asset required',
  ],
  withdrawFails: [
    '/reserves_min/0/asset required',
    '/reserves_min/1/asset required',
    '/reserves_received/0/asset required',
    '/reserves_received/1/asset required',
  ],
};

describe('operation records', () => {
  it('cover every classic operation type, succeeding and failing', () => {
    const seen = new Set(batches.flatMap((b) => b.operations).map((o) => `${o.body.type} ${o.successful}`));
    const want = CLASSIC_TYPES.flatMap((type) => [`${type} true`, `${type} false`]);
    expect(want.filter((pair) => !seen.has(pair))).toEqual([]);
  });

  it('validate against the contract, but where Horizon writes what the contract does not allow', () => {
    const nameOf = new Map(Object.entries(w.tx).map(([name, sent]) => [sent.hash, name]));
    const errors = batches
      .flatMap((b) => b.operations)
      .map((row) => ({
        tx: nameOf.get(row.body.transaction_hash) ?? row.body.transaction_hash,
        // `if` errors only repeat, at the union, the errors below it.
        errors: operationErrors(row).filter((e) => !e.endsWith(' if')),
      }))
      .filter((r) => r.errors.length > 0);
    expect(Object.fromEntries(errors.map((r) => [r.tx, r.errors]))).toEqual(CONTRACT_GAPS);
  });

  it('are kept by the store as derived', async () => {
    for (const name of ['paymentMuxed', 'pathReceive', 'deposit', 'createBalances']) {
      const row = op(name);
      expect(await w.ledger.t.store.operation(row.id)).toEqual(row.body);
    }
  });

  it('carry the fields Horizon writes for each type', () => {
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
    const table: { name: string; index?: number; want: Record<string, unknown>; absent?: string[] }[] = [
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
    for (const { name, index, want, absent = [] } of table) {
      const body = op(name, index).body as Record<string, unknown>;
      expect({ name, index, ...body }).toMatchObject({ name, index, ...want });
      for (const field of absent) expect(body, `${name} ${field}`).not.toHaveProperty(field);
    }
    expect(op('setOptionsFails').body).toMatchObject({ type: 'set_options', transaction_successful: false });
  });

  it('name who took part: accounts, claimable balances and pools', () => {
    const [I, A, B, C, F, G] = [
      w.issuer.publicKey(),
      w.alice.publicKey(),
      w.bob.publicKey(),
      w.carol.publicKey(),
      w.frank.publicKey(),
      w.gina.publicKey(),
    ];
    const sorted = (...keys: string[]) => [...keys].sort();
    const table: {
      name: string;
      index?: number;
      accounts: string[];
      balances?: string[];
      pools?: string[];
    }[] = [
      { name: 'paymentMuxed', accounts: sorted(A, B) },
      { name: 'pathSend', accounts: sorted(C, B), pools: [w.poolId] },
      { name: 'pathReceive', accounts: sorted(A, C) },
      { name: 'allowTrust', accounts: sorted(I, C) },
      { name: 'clawback', accounts: sorted(I, B) },
      { name: 'deposit', accounts: [A], pools: [w.poolId] },
      { name: 'depositFails', accounts: [B] },
      { name: 'poolTrust', accounts: [A], pools: [w.poolId] },
      { name: 'createBalances', accounts: sorted(B, A, C), balances: [w.balances.claimed] },
      { name: 'claim', accounts: [A], balances: [w.balances.claimed] },
      { name: 'claimFails', accounts: [C] },
      { name: 'clawbackBalance', accounts: [I], balances: [w.balances.clawedBack] },
      { name: 'sponsorFrank', index: 2, accounts: sorted(F, A) },
      { name: 'sponsorFrank', index: 8, accounts: sorted(F, A) },
      { name: 'revokeData', accounts: sorted(A, F) },
      { name: 'revokeSigner', accounts: sorted(A, F) },
      { name: 'revokeBalance', index: 1, accounts: [A], balances: [w.balances.sponsored] },
      { name: 'revokeBalance', index: 0, accounts: sorted(G, A) },
      { name: 'merge', accounts: sorted(w.erin.publicKey(), A) },
    ];
    for (const { name, index, accounts, balances = [], pools = [] } of table) {
      const row = op(name, index);
      expect({
        name,
        index,
        accounts: row.accounts,
        balances: row.claimableBalances,
        pools: row.liquidityPools,
      }).toEqual({
        name,
        index,
        accounts,
        balances,
        pools,
      });
    }
  });

  it('list payments: create_account, payment, path payments and account_merge', () => {
    const payments = new Set([
      'create_account',
      'payment',
      'path_payment_strict_receive',
      'path_payment_strict_send',
      'account_merge',
    ]);
    for (const row of batches.flatMap((b) => b.operations))
      expect({ type: row.body.type, payment: row.payment }).toEqual({
        type: row.body.type,
        payment: payments.has(row.body.type),
      });
  });

  it('record inflation, which the sandbox refuses, as Horizon does: no fields of its own', () => {
    const sent = w.tx.bump as Sent;
    const { closed: ledgers, passphrase } = w.ledger.t.network;
    const record = ledgers.get(ledgers.transaction(sent.hash)?.ledger ?? 0);
    if (!record) throw new Error('no ledger');
    const closed = readClosedLedger(record.closed.meta, passphrase);
    const tx = closed.transactions.find((t) => t.hash === sent.hash);
    if (!tx) throw new Error('no transaction');
    const [ctx] = operationContexts(closed, tx);
    if (!ctx) throw new Error('no operation');
    const [row] = operationRows([{ ...ctx, op: Operation.inflation(), changes: [], result: undefined }], 1n);
    if (!row) throw new Error('no row');
    expect(row.body).toMatchObject({ type: 'inflation', type_i: 9 });
    expect(Object.keys(row.body).sort()).toEqual(
      [
        'created_at',
        'id',
        'paging_token',
        'source_account',
        'transaction_hash',
        'transaction_successful',
        'type',
        'type_i',
      ].sort(),
    );
    expect(operationErrors(row)).toEqual([]);
  });
});
