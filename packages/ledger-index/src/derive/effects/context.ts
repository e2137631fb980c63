/**
 * What an operation's effect builders read (the operation, its result, its sorted entry
 * changes) and where they write: effects numbered from 1 in the order they are added, as
 * stellar-horizon's `effectsWrapper.add` numbers them.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { ClosedLedger, ClosedTransaction } from '../../meta/closed-ledger.js';
import type { EntryChange } from '../changes.js';
import { accountId, type MuxedParts } from '../format.js';
import type { EffectBody, EffectRow } from '../records.js';
import { EFFECT_TYPE_I, type EffectType } from './types.js';

export interface EffectContext {
  ledger: ClosedLedger;
  tx: ClosedTransaction;
  /** 0-based index in the transaction. */
  index: number;
  op: xdr.Operation;
  /** The operation's source (the transaction's when it has none). */
  sourceAccount: xdr.MuxedAccount;
  source: MuxedParts;
  /** The operation's result (successful transactions only get here). */
  result: xdr.OperationResultTr;
  changes: EntryChange[];
  effects: EffectList;
}

type ResultOf<N extends xdr.OperationResultTr['type']> = Extract<xdr.OperationResultTr, { type: N }>;

/** The operation's result as the given type's (a mismatch means the meta is not what it claims). */
export function resultOf<N extends xdr.OperationResultTr['type']>(ctx: EffectContext, type: N): ResultOf<N> {
  if (ctx.result.type !== type)
    throw new Error(
      `operation ${ctx.index + 1} of ${ctx.tx.hash} has a ${ctx.result.type} result, not ${type}`,
    );
  return ctx.result as ResultOf<N>;
}

/** The account behind a possibly muxed one. */
export function keyOf(account: xdr.MuxedAccount): xdr.PublicKey {
  return xdr.PublicKey.publicKeyTypeEd25519(
    account.type === 'keyTypeEd25519' ? account.ed25519 : account.med25519.ed25519,
  );
}

/** An account without a muxed form (Horizon's `addUnmuxed`). */
export function plain(key: xdr.PublicKey): MuxedParts {
  return { account: accountId(key) };
}

/** `<operation id, 19 digits>-<order, 10 digits>`, as Horizon's `history.Effect.ID`. */
export function effectId(operationId: bigint, order: number): string {
  return `${operationId.toString().padStart(19, '0')}-${order.toString().padStart(10, '0')}`;
}

export class EffectList {
  readonly rows: EffectRow[] = [];

  constructor(
    readonly operationId: bigint,
    readonly ledger: number,
    readonly createdAt: string,
  ) {}

  /** Adds an effect; `details` are the fields of its type, in the order Horizon writes them. */
  add(who: MuxedParts, type: EffectType, details: Record<string, unknown> = {}): void {
    const order = this.rows.length + 1;
    // Built field by field, in the record's order (see transactionBody).
    const body = {
      id: effectId(this.operationId, order),
      paging_token: `${this.operationId}-${order}`,
      account: who.account,
    } as Record<string, unknown>;
    if (who.muxed) {
      body.account_muxed = who.muxed;
      body.account_muxed_id = who.muxedId;
    }
    body.type = type;
    body.type_i = EFFECT_TYPE_I[type];
    body.created_at = this.createdAt;
    Object.assign(body, details);
    this.rows.push({
      operationId: this.operationId,
      order,
      ledger: this.ledger,
      account: who.account,
      body: body as EffectBody,
    });
  }
}
