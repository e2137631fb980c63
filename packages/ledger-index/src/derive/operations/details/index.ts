/**
 * The details of every operation type, one record per XDR operation body, grouped by concern
 * (stellar-horizon `internal/ingest/processors/operations_processor.go`, `OperationDetails`).
 */
import type { DetailTable, OperationContext, OperationDetail } from '../context.js';
import { ACCOUNT_DETAILS } from './accounts.js';
import { CLAIMABLE_BALANCE_DETAILS } from './claimable-balances.js';
import { OFFER_DETAILS } from './offers.js';
import { PAYMENT_DETAILS } from './payments.js';
import { POOL_DETAILS } from './pools.js';
import { SOROBAN_DETAILS } from './soroban.js';
import { SPONSORSHIP_DETAILS } from './sponsorship.js';
import { TRUST_DETAILS } from './trust.js';

export const DETAILS: DetailTable = {
  ...PAYMENT_DETAILS,
  ...OFFER_DETAILS,
  ...TRUST_DETAILS,
  ...ACCOUNT_DETAILS,
  ...CLAIMABLE_BALANCE_DETAILS,
  ...SPONSORSHIP_DETAILS,
  ...POOL_DETAILS,
  ...SOROBAN_DETAILS,
};

export function operationDetail(ctx: OperationContext): OperationDetail {
  const body = ctx.op.body;
  const make = DETAILS[body.type] as ((c: OperationContext, op: unknown) => OperationDetail) | undefined;
  if (!make) throw new Error(`operation type ${body.type} is not indexed`);
  return make(ctx, body.value);
}
