import { Asset, Operation } from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveBatch } from '../../src/derive/batch.js';
import { effectRows } from '../../src/derive/effects/index.js';
import { EFFECT_TYPE_I } from '../../src/derive/effects/types.js';
import { expectValidEffect } from '../support/effects.js';
import { runWorkload, type Workload } from '../support/effects-workload.js';
import { testLedger } from '../support/ledger.js';

/** Every operation type the sandbox applies (its README's list). */
const SANDBOX_OPERATIONS = [
  'createAccount',
  'payment',
  'pathPaymentStrictReceive',
  'manageSellOffer',
  'createPassiveSellOffer',
  'setOptions',
  'changeTrust',
  'allowTrust',
  'accountMerge',
  'manageData',
  'bumpSequence',
  'manageBuyOffer',
  'pathPaymentStrictSend',
  'createClaimableBalance',
  'claimClaimableBalance',
  'beginSponsoringFutureReserves',
  'endSponsoringFutureReserves',
  'revokeSponsorship',
  'clawback',
  'clawbackClaimableBalance',
  'setTrustLineFlags',
  'liquidityPoolDeposit',
  'liquidityPoolWithdraw',
];

/** Effects a classic ledger cannot make: those of Stellar Asset Contract events. */
const CONTRACT_ONLY = ['contract_credited', 'contract_debited'];

describe('effects of a workload of every operation type', () => {
  let w: Workload;
  beforeAll(async () => {
    w = await runWorkload();
  });

  it('covers every operation type the sandbox applies, in successful transactions', () => {
    const applied = new Set(
      w.ledgers
        .flatMap((l) => l.transactions.filter((tx) => tx.successful).flatMap((tx) => tx.operations))
        .map((op) => op.body.type),
    );
    expect([...applied].sort()).toEqual([...SANDBOX_OPERATIONS].sort());
  });

  it('gives every effect type but the contract ones, each record valid against the contract', () => {
    const rows = w.ledgers.flatMap((ledger) => effectRows(ledger));
    for (const row of rows) expectValidEffect(row);
    const seen = new Set(rows.map((r) => r.body.type));
    const expected = Object.keys(EFFECT_TYPE_I).filter((type) => !CONTRACT_ONLY.includes(type));
    expect([...seen].sort()).toEqual(expected.sort());
  });

  it('numbers effects 1, 2, … per operation, with the id and paging token Horizon gives them', () => {
    const rows = w.ledgers.flatMap((ledger) => effectRows(ledger));
    const byOperation = new Map<bigint, typeof rows>();
    for (const row of rows)
      byOperation.set(row.operationId, [...(byOperation.get(row.operationId) ?? []), row]);
    expect(byOperation.size).toBeGreaterThan(40);
    for (const [operationId, effects] of byOperation) {
      expect(effects.map((e) => e.order)).toEqual(effects.map((_, i) => i + 1));
      for (const e of effects) {
        expect(e.body.paging_token).toBe(`${operationId}-${e.order}`);
        expect(e.body.id).toBe(
          `${String(operationId).padStart(19, '0')}-${String(e.order).padStart(10, '0')}`,
        );
        expect(e.account).toBe(e.body.account);
        expect(e.body.type_i).toBe(EFFECT_TYPE_I[e.body.type]);
      }
    }
  });

  it('a failed transaction has no effects (no fee effects either)', () => {
    const failed = w.step('failed payment');
    expect(failed.tx.successful).toBe(false);
    expect(failed.effects).toEqual([]);
    const ledgerRows = effectRows(failed.ledger);
    const failedId = (BigInt(failed.ledger.sequence) << 32n) | (BigInt(failed.tx.order) << 12n);
    expect(ledgerRows.filter((r) => r.operationId >> 12n === failedId >> 12n)).toEqual([]);
  });
});

describe('effects in the index', () => {
  it('are stored with each ledger and paged by (operation, order)', async () => {
    const t = await testLedger();
    const [alice, bob] = await t.accounts(2);
    if (!alice || !bob) throw new Error('no accounts');
    t.send(alice, [Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '3' })]);
    await t.close();
    const batch = deriveBatch(t.closed());
    const stored = await t.store.page({
      table: 'effects',
      where: ['ledger = ?'],
      params: [batch.ledger.sequence],
      order: 'asc',
      limit: 10,
    });
    expect(stored).toEqual(batch.effects.map((row) => row.body));
    expect(stored).toMatchObject([
      { type: 'account_credited', account: bob.publicKey(), amount: '3.0000000' },
      { type: 'account_debited', account: alice.publicKey(), amount: '3.0000000' },
    ]);
  });
});
