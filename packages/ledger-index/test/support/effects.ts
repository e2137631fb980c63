/**
 * The effects of transactions in the last closed ledger, each checked against the contract's
 * `Effect` schema (with the links the REST face adds) before a test looks at it.
 */
import { validate } from '@starspec/ledger-api';
import { expect } from 'vitest';
import { transactionEffects } from '../../src/derive/effects/index.js';
import type { EffectRow } from '../../src/derive/records.js';
import type { TestLedger } from './ledger.js';

/** The effect record as served: the stored body and its links. */
export function served(row: EffectRow): Record<string, unknown> {
  const origin = 'https://ledger.example';
  const token = row.body.paging_token;
  return {
    _links: {
      operation: { href: `${origin}/operations/${row.operationId}` },
      succeeds: { href: `${origin}/effects?order=desc&cursor=${token}` },
      precedes: { href: `${origin}/effects?order=asc&cursor=${token}` },
    },
    ...row.body,
  };
}

export function expectValidEffect(row: EffectRow): void {
  const record = served(row);
  const result = validate.schema('Effect', record);
  expect(result.errors, JSON.stringify(record)).toEqual([]);
  expect(result.ok).toBe(true);
}

/** The rows of one transaction of the last closed ledger, all valid. */
export function effectsOf(t: TestLedger, hash: string): EffectRow[] {
  const ledger = t.closed();
  const tx = ledger.transactions.find((candidate) => candidate.hash === hash);
  if (!tx) throw new Error(`transaction ${hash} is not in ledger ${ledger.sequence}`);
  const rows = transactionEffects(ledger, tx);
  for (const row of rows) expectValidEffect(row);
  return rows;
}

/** The operation's index (1-based) and the fields of the effect but those every effect has. */
export function stripped({ operationId, body }: EffectRow): Record<string, unknown> {
  const {
    id: _id,
    paging_token: _token,
    created_at: _at,
    type_i: _i,
    ...rest
  } = body as Record<string, unknown>;
  return { op: Number(operationId & 0xfffn), ...rest };
}
