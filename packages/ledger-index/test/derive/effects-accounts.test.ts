import { Keypair, Operation } from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { effectsOf, stripped } from '../support/effects.js';
import { runWorkload, type Workload } from '../support/effects-workload.js';
import { testLedger } from '../support/ledger.js';

describe('effect ids, order and accounts', () => {
  it('create_account: created, the funder debited, the master key as signer, numbered as Horizon', async () => {
    const t = await testLedger({ history: false });
    const [alice] = await t.accounts(1);
    if (!alice) throw new Error('no account');
    const bob = Keypair.random();
    const hash = t.send(alice, [
      Operation.createAccount({ destination: bob.publicKey(), startingBalance: '12.5' }),
    ]);
    const sequence = await t.close();
    const rows = effectsOf(t, hash);
    const operationId = (BigInt(sequence) << 32n) | (1n << 12n) | 1n;
    const padded = operationId.toString().padStart(19, '0');
    expect(
      rows.map((r) => [r.operationId, r.order, r.ledger, r.account, r.body.id, r.body.paging_token]),
    ).toEqual([
      [operationId, 1, sequence, bob.publicKey(), `${padded}-0000000001`, `${operationId}-1`],
      [operationId, 2, sequence, alice.publicKey(), `${padded}-0000000002`, `${operationId}-2`],
      [operationId, 3, sequence, bob.publicKey(), `${padded}-0000000003`, `${operationId}-3`],
    ]);
    expect(rows.map((r) => [r.body.type_i, r.body.created_at])).toEqual(
      [0, 3, 10].map((i) => [i, new Date(t.closed().closeTime * 1000).toISOString().replace('.000Z', 'Z')]),
    );
    expect(rows.map(stripped)).toEqual([
      { op: 1, account: bob.publicKey(), type: 'account_created', starting_balance: '12.5000000' },
      {
        op: 1,
        account: alice.publicKey(),
        type: 'account_debited',
        asset_type: 'native',
        amount: '12.5000000',
      },
      {
        op: 1,
        account: bob.publicKey(),
        type: 'signer_created',
        weight: 1,
        public_key: bob.publicKey(),
        key: '',
      },
    ]);
  });
});

type Want = (w: Workload, key: (name: keyof Workload['keys']) => string) => Record<string, unknown>[];

const USD = (w: Workload) => ({
  asset_type: 'credit_alphanum4',
  asset_code: 'USD',
  asset_issuer: w.usd.getIssuer(),
});
const EURO = (w: Workload) => ({
  asset_type: 'credit_alphanum12',
  asset_code: 'EUROLONG',
  asset_issuer: w.euro.getIssuer(),
});
const MAX_LIMIT = '922337203685.4775807';
const signer = (publicKey: string, weight: number) => ({ weight, public_key: publicKey, key: '' });

/** A step, its effects, and the first operation looked at (the others are another file's). */
const CASES: [string, Want, number?][] = [
  [
    // Every flag set shows as auth_required_flag alone; the destination has no field of its own.
    'issuer options',
    (_, k) => [
      { op: 1, account: k('issuer'), type: 'account_home_domain_updated', home_domain: 'issuer.example' },
      {
        op: 1,
        account: k('issuer'),
        type: 'account_thresholds_updated',
        low_threshold: 1,
        med_threshold: 2,
        high_threshold: 2,
      },
      { op: 1, account: k('issuer'), type: 'account_flags_updated', auth_required_flag: true },
      { op: 1, account: k('issuer'), type: 'account_inflation_destination_updated' },
      { op: 1, account: k('issuer'), type: 'signer_updated', ...signer(k('issuer'), 2) },
      { op: 1, account: k('issuer'), type: 'signer_created', ...signer(k('carol'), 1) },
      { op: 2, account: k('issuer'), type: 'data_created', name: 'config', value: 'b25l' },
    ],
  ],
  [
    'alice trusts',
    (w, k) => [
      { op: 1, account: k('alice'), type: 'trustline_created', ...USD(w), limit: MAX_LIMIT },
      { op: 2, account: k('alice'), type: 'trustline_created', ...EURO(w), limit: MAX_LIMIT },
    ],
  ],
  ['maker offers', () => []],
  ['bob passive offer', () => []],
  ['failed payment', () => []],
  [
    'issuer authorizes and pays',
    (w, k) => [
      {
        op: 1,
        account: k('issuer'),
        type: 'trustline_authorized',
        trustor: k('alice'),
        asset_type: 'credit_alphanum4',
        asset_code: 'USD',
      },
      {
        op: 1,
        account: k('issuer'),
        type: 'trustline_flags_updated',
        ...USD(w),
        trustor: k('alice'),
        authorized_flag: true,
      },
      {
        op: 2,
        account: k('issuer'),
        type: 'trustline_flags_updated',
        ...USD(w),
        trustor: k('bob'),
        authorized_flag: true,
      },
      {
        op: 3,
        account: k('issuer'),
        type: 'trustline_flags_updated',
        ...USD(w),
        trustor: k('maker'),
        authorized_flag: true,
      },
      {
        op: 4,
        account: k('issuer'),
        type: 'trustline_authorized',
        trustor: k('alice'),
        asset_type: 'credit_alphanum12',
        asset_code: 'EUROLONG',
      },
      {
        op: 4,
        account: k('issuer'),
        type: 'trustline_flags_updated',
        ...EURO(w),
        trustor: k('alice'),
        authorized_flag: true,
      },
      ...(['alice', 'bob', 'maker'] as const).flatMap((name, i) => [
        { op: 5 + i, account: k(name), type: 'account_credited', ...USD(w), amount: '1000.0000000' },
        { op: 5 + i, account: k('issuer'), type: 'account_debited', ...USD(w), amount: '1000.0000000' },
      ]),
    ],
  ],
  [
    // Maintain-liabilities shows no flag (Horizon stores it under a key its resource does not read).
    'issuer revokes',
    (w, k) => [
      {
        op: 2,
        account: k('issuer'),
        type: 'trustline_authorized_to_maintain_liabilities',
        trustor: k('alice'),
        asset_type: 'credit_alphanum12',
        asset_code: 'EUROLONG',
      },
      { op: 2, account: k('issuer'), type: 'trustline_flags_updated', ...EURO(w), trustor: k('alice') },
      {
        op: 3,
        account: k('issuer'),
        type: 'trustline_deauthorized',
        trustor: k('maker'),
        asset_type: 'credit_alphanum4',
        asset_code: 'USD',
      },
      {
        op: 3,
        account: k('issuer'),
        type: 'trustline_flags_updated',
        ...USD(w),
        trustor: k('maker'),
        authorized_flag: false,
      },
      { op: 4, account: k('issuer'), type: 'data_updated', name: 'config', value: 'dHdv' },
      { op: 5, account: k('issuer'), type: 'data_removed', name: 'config' },
      { op: 6, account: k('issuer'), type: 'account_flags_updated', auth_required_flag: false },
      { op: 6, account: k('issuer'), type: 'signer_updated', ...signer(k('carol'), 2) },
    ],
    2,
  ],
  [
    'carol cleans up',
    (w, k) => [
      { op: 1, account: k('carol'), type: 'trustline_removed', ...EURO(w), limit: '0.0000000' },
      {
        op: 1,
        account: k('carol'),
        type: 'trustline_sponsorship_removed',
        asset_type: 'credit_alphanum12',
        asset: `EUROLONG:${k('issuer')}`,
        former_sponsor: k('other'),
      },
      { op: 2, account: k('carol'), type: 'signer_removed', ...signer(k('other'), 0) },
      {
        op: 2,
        account: k('carol'),
        type: 'signer_sponsorship_removed',
        signer: k('other'),
        former_sponsor: k('other'),
      },
      { op: 3, account: k('carol'), type: 'sequence_bumped', new_seq: '9000000000000000000' },
    ],
  ],
  [
    'maker limits',
    (w, k) => [{ op: 1, account: k('maker'), type: 'trustline_updated', ...EURO(w), limit: '5000.0000000' }],
  ],
  [
    // The merged balance is what the account held after its fee.
    'dave merges',
    (w, k) => {
      const muxed = { account: k('alice'), account_muxed: w.aliceMuxed, account_muxed_id: '42' };
      return [
        { op: 1, account: k('dave'), type: 'account_debited', asset_type: 'native', amount: '9.9999900' },
        { op: 1, ...muxed, type: 'account_credited', asset_type: 'native', amount: '9.9999900' },
        { op: 1, account: k('dave'), type: 'account_removed' },
      ];
    },
  ],
];

describe('effects of account, trust and data operations (given a workload step, want its effects)', () => {
  let w: Workload;
  beforeAll(async () => {
    w = await runWorkload();
  });

  it.each(CASES)('%s', (label, want, fromOp = 1) => {
    const bodies = w.bodies(label).filter((effect) => Number(effect.op) >= fromOp);
    expect(bodies).toEqual(want(w, (name) => w.keys[name].publicKey()));
  });
});
