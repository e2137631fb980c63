// Operation records of every classic type, succeeding and failing, from a sandbox ledger: each
// checked against the contract and against values known from what was sent (stellar-horizon
// `OperationDetails`, `Participants`, and the claimable balance and liquidity pool processors).
import { Operation } from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationContexts, operationRows } from '../../src/derive/operations/index.js';
import type { IndexBatch, OperationRow } from '../../src/derive/records.js';
import { readClosedLedger } from '../../src/meta/closed-ledger.js';
import { CLASSIC_OPERATION_TYPES } from '../support/operation-types.js';
import { expectedFields } from './expected-fields.js';
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
});

describe('operation records', () => {
  it('cover every classic operation type, succeeding and failing', () => {
    const seen = new Set(batches.flatMap((b) => b.operations).map((o) => `${o.body.type} ${o.successful}`));
    const want = CLASSIC_OPERATION_TYPES.flatMap((type) => [`${type} true`, `${type} false`]);
    expect(want.filter((pair) => !seen.has(pair))).toEqual([]);
  });

  it('validate against the contract (account flag 8, amounts without assets of a failed pool operation)', () => {
    const nameOf = new Map(Object.entries(w.tx).map(([name, sent]) => [sent.hash, name]));
    const errors = batches
      .flatMap((b) => b.operations)
      .map((row) => ({
        tx: nameOf.get(row.body.transaction_hash) ?? row.body.transaction_hash,
        // `if` errors only repeat, at the union, the errors below it.
        errors: operationErrors(row).filter((e) => !e.endsWith(' if')),
      }))
      .filter((r) => r.errors.length > 0);
    expect(Object.fromEntries(errors.map((r) => [r.tx, r.errors]))).toEqual({});
  });

  it('are kept by the store as derived', async () => {
    for (const name of ['paymentMuxed', 'pathReceive', 'deposit', 'createBalances']) {
      const row = op(name);
      expect(await w.ledger.t.store.operation(row.id)).toEqual(row.body);
    }
  });

  it('carry the fields Horizon writes for each type', () => {
    for (const { name, index, want, absent = [] } of expectedFields(w)) {
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
