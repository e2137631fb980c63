import { beforeAll, describe, expect, it } from 'vitest';
import { runWorkload, type Workload } from '../support/effects-workload.js';

let w: Workload;
const key = (name: keyof Workload['keys']) => w.keys[name].publicKey();
const usd = () => ({ asset_type: 'credit_alphanum4', asset_code: 'USD', asset_issuer: w.usd.getIssuer() });

beforeAll(async () => {
  w = await runWorkload();
});

/** The id of the balance the `index`th operation of alice's creating transaction made. */
function balance(index: number): string {
  return w.step('alice creates balances').tx.inner.getClaimableBalanceId(index);
}

describe('claimable balance effects', () => {
  it('create: the balance, each claimant with the predicate of the operation, the debit, the reserve sponsor', () => {
    const [xlm, dollars, kept] = [0, 1, 2].map(balance);
    const native = (id: string | undefined, amount: string) => ({ asset: 'native', balance_id: id, amount });
    const dollar = { asset: `USD:${w.usd.getIssuer()}`, balance_id: dollars, amount: '3.0000000' };
    const sponsored = (op: number, id: string | undefined) => ({
      op,
      account: key('alice'),
      type: 'claimable_balance_sponsorship_created',
      balance_id: id,
      sponsor: key('alice'),
    });
    expect(w.bodies('alice creates balances')).toEqual([
      { op: 1, account: key('alice'), type: 'claimable_balance_created', ...native(xlm, '10.0000000') },
      {
        op: 1,
        account: key('bob'),
        type: 'claimable_balance_claimant_created',
        ...native(xlm, '10.0000000'),
        predicate: { unconditional: true },
      },
      {
        op: 1,
        account: key('carol'),
        type: 'claimable_balance_claimant_created',
        ...native(xlm, '10.0000000'),
        predicate: { not: { abs_before: '2100-01-01T00:00:00Z', abs_before_epoch: '4102444800' } },
      },
      { op: 1, account: key('alice'), type: 'account_debited', asset_type: 'native', amount: '10.0000000' },
      sponsored(1, xlm),
      { op: 2, account: key('alice'), type: 'claimable_balance_created', ...dollar },
      // The operation's relative predicate, not the absolute one stellar-core stored.
      {
        op: 2,
        account: key('bob'),
        type: 'claimable_balance_claimant_created',
        ...dollar,
        predicate: { rel_before: '3600' },
      },
      { op: 2, account: key('alice'), type: 'account_debited', ...usd(), amount: '3.0000000' },
      sponsored(2, dollars),
      { op: 3, account: key('alice'), type: 'claimable_balance_created', ...native(kept, '2.0000000') },
      {
        op: 3,
        account: key('carol'),
        type: 'claimable_balance_claimant_created',
        ...native(kept, '2.0000000'),
        predicate: {
          and: [
            { abs_before: '+10000-01-01T00:00:00Z', abs_before_epoch: '253402300800' },
            { or: [{ unconditional: true }, { rel_before: '60' }] },
          ],
        },
      },
      { op: 3, account: key('alice'), type: 'account_debited', asset_type: 'native', amount: '2.0000000' },
      sponsored(3, kept),
    ]);
  });

  it.each([
    [
      'bob claims',
      () => [
        {
          op: 1,
          account: key('bob'),
          type: 'claimable_balance_claimed',
          asset: 'native',
          balance_id: balance(0),
          amount: '10.0000000',
        },
        { op: 1, account: key('bob'), type: 'account_credited', asset_type: 'native', amount: '10.0000000' },
        // The reserve goes back to alice; the effect is the operation source's, as Horizon has it.
        {
          op: 1,
          account: key('bob'),
          type: 'claimable_balance_sponsorship_removed',
          balance_id: balance(0),
          former_sponsor: key('alice'),
        },
      ],
    ],
    [
      // The issuer is credited what it burns.
      'issuer claws back',
      () => [
        { op: 1, account: key('issuer'), type: 'claimable_balance_clawed_back', balance_id: balance(1) },
        { op: 1, account: key('issuer'), type: 'account_credited', ...usd(), amount: '3.0000000' },
        {
          op: 1,
          account: key('issuer'),
          type: 'claimable_balance_sponsorship_removed',
          balance_id: balance(1),
          former_sponsor: key('alice'),
        },
        { op: 2, account: key('issuer'), type: 'account_credited', ...usd(), amount: '1.0000000' },
        { op: 2, account: key('bob'), type: 'account_debited', ...usd(), amount: '1.0000000' },
      ],
    ],
  ])('%s', (label, want) => {
    expect(w.bodies(label)).toEqual(want());
  });
});

describe('sponsorship effects', () => {
  const euro = () => ({ asset_type: 'credit_alphanum12', asset: `EUROLONG:${w.euro.getIssuer()}` });

  it.each([
    [
      // Begin and end make no effect of their own; what they sponsor does.
      'sponsor sandwich',
      () => [
        { op: 2, account: key('dave'), type: 'account_created', starting_balance: '10.0000000' },
        {
          op: 2,
          account: key('sponsor'),
          type: 'account_debited',
          asset_type: 'native',
          amount: '10.0000000',
        },
        { op: 2, account: key('dave'), type: 'signer_created', weight: 1, public_key: key('dave'), key: '' },
        { op: 2, account: key('dave'), type: 'account_sponsorship_created', sponsor: key('sponsor') },
        { op: 5, account: key('carol'), type: 'data_created', name: 'sponsored', value: 'eWVz' },
        {
          op: 5,
          account: key('carol'),
          type: 'data_sponsorship_created',
          data_name: 'sponsored',
          sponsor: key('sponsor'),
        },
        {
          op: 6,
          account: key('carol'),
          type: 'signer_created',
          weight: 1,
          public_key: key('other'),
          key: '',
        },
        {
          op: 6,
          account: key('carol'),
          type: 'signer_sponsorship_created',
          signer: key('other'),
          sponsor: key('sponsor'),
        },
        {
          op: 7,
          account: key('carol'),
          type: 'trustline_created',
          asset_type: 'credit_alphanum12',
          asset_code: 'EUROLONG',
          asset_issuer: w.euro.getIssuer(),
          limit: '922337203685.4775807',
        },
        {
          op: 7,
          account: key('carol'),
          type: 'trustline_sponsorship_created',
          ...euro(),
          sponsor: key('sponsor'),
        },
      ],
    ],
    [
      // Revoked inside another sponsor's sandwich, each sponsorship moves to that sponsor.
      'sponsorship moves',
      () => {
        const moved = { former_sponsor: key('sponsor'), new_sponsor: key('other') };
        return [
          { op: 3, account: key('carol'), type: 'trustline_sponsorship_updated', ...euro(), ...moved },
          {
            op: 4,
            account: key('sponsor'),
            type: 'data_sponsorship_updated',
            data_name: 'sponsored',
            ...moved,
          },
          {
            op: 5,
            account: key('carol'),
            type: 'signer_sponsorship_updated',
            signer: key('other'),
            ...moved,
          },
          { op: 6, account: key('dave'), type: 'account_sponsorship_updated', ...moved },
          {
            op: 7,
            account: key('alice'),
            type: 'claimable_balance_sponsorship_updated',
            balance_id: balance(2),
            former_sponsor: key('alice'),
            new_sponsor: key('other'),
          },
        ];
      },
    ],
    [
      'sponsorships end',
      () => [
        {
          op: 1,
          account: key('other'),
          type: 'data_sponsorship_removed',
          data_name: 'sponsored',
          former_sponsor: key('other'),
        },
        { op: 2, account: key('dave'), type: 'account_sponsorship_removed', former_sponsor: key('other') },
      ],
    ],
  ])('%s', (label, want) => {
    expect(w.bodies(label)).toEqual(want());
  });
});
