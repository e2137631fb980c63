import { Keypair, Operation } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { bodiesOf, effectsOf } from '../support/effects.js';
import { testLedger } from '../support/ledger.js';

describe('effects of account operations', () => {
  it('create_account: created, the funder debited, the master key as signer (ids and order as Horizon)', async () => {
    const t = await testLedger({ ingest: false });
    const [alice] = await t.accounts(1);
    if (!alice) throw new Error('no account');
    const bob = Keypair.random();
    const hash = t.send(alice, [Operation.createAccount({ destination: bob.publicKey(), startingBalance: '12.5' })]);
    const sequence = await t.close();
    const rows = effectsOf(t, hash);
    const operationId = (BigInt(sequence) << 32n) | (1n << 12n) | 1n;
    expect(rows.map((r) => [r.operationId, r.order, r.account, r.body.id, r.body.paging_token, r.body.type_i])).toEqual([
      [operationId, 1, bob.publicKey(), `${operationId.toString().padStart(19, '0')}-0000000001`, `${operationId}-1`, 0],
      [operationId, 2, alice.publicKey(), `${operationId.toString().padStart(19, '0')}-0000000002`, `${operationId}-2`, 3],
      [operationId, 3, bob.publicKey(), `${operationId.toString().padStart(19, '0')}-0000000003`, `${operationId}-3`, 10],
    ]);
    expect(bodiesOf(t, hash)).toEqual([
      { account: bob.publicKey(), type: 'account_created', starting_balance: '12.5000000' },
      { account: alice.publicKey(), type: 'account_debited', asset_type: 'native', amount: '12.5000000' },
      { account: bob.publicKey(), type: 'signer_created', weight: 1, public_key: bob.publicKey(), key: '' },
    ]);
    expect(rows[0]?.body.created_at).toBe(new Date(t.closed().closeTime * 1000).toISOString().replace('.000Z', 'Z'));
  });

});
