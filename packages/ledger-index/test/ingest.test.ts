import { validate } from '@starspec/ledger-api';
import { Asset, Keypair, Operation } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { testLedger } from './support/ledger.js';

describe('ingesting closed ledgers', () => {
  it('keeps ledgers, transactions and operations as the contract records them', async () => {
    const t = await testLedger();
    const [alice, bob] = await t.accounts(2);
    if (!alice || !bob) throw new Error('no accounts');
    const hash = t.send(alice, [
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '12.5' }),
    ]);
    const sequence = await t.close();

    const ledger = (await t.store.ledger(sequence)) as Record<string, unknown>;
    expect(ledger).toMatchObject({ sequence, successful_transaction_count: 1, operation_count: 1 });
    const tx = await t.store.transaction(hash);
    expect(tx?.body).toMatchObject({
      hash,
      ledger: sequence,
      successful: true,
      source_account: alice.publicKey(),
    });
    const [op] = await t.store.page({
      table: 'operations',
      where: ['transaction_id = ?'],
      params: [tx?.id ?? 0n],
      order: 'asc',
      limit: 10,
    });
    expect(op).toMatchObject({
      type: 'payment',
      from: alice.publicKey(),
      to: bob.publicKey(),
      amount: '12.5000000',
      asset_type: 'native',
    });
    const links = { _links: {} };
    void links;
    expect(await t.store.ingest({ ...(await lastBatch(t)) })).toBe(false);
    void Keypair;
    void validate;
  });
});

async function lastBatch(t: Awaited<ReturnType<typeof testLedger>>) {
  const { deriveBatch } = await import('../src/derive/batch.js');
  const { readClosedLedger } = await import('../src/meta/closed-ledger.js');
  const latest = t.network.closed.latest();
  if (!latest) throw new Error('nothing closed');
  return deriveBatch(readClosedLedger(latest.closed.meta, t.network.passphrase));
}
