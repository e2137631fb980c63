/**
 * The history endpoints: ledgers, transactions, operations, payments, effects and trades, each a
 * collection query over the index (filters as Horizon's actions apply them).
 */
import type { Handler, HandlerRequest } from '@starspec/runtime/http';
import type { IndexStore } from '../store/index-store.js';
import { withLinks } from './links.js';
import { type CollectionQuery, collectionPage } from './pages.js';
import { BEFORE_HISTORY, NOT_FOUND, problemResult } from './problems.js';
import { baseUrl, HAL_JSON } from './request.js';

type Query = Record<string, unknown>;

const param = (request: HandlerRequest, name: string): string => String(request.path[name] ?? '');
const includeFailed = (request: HandlerRequest): boolean => request.query.include_failed === true;
const successfulOnly = (request: HandlerRequest, column = 'successful'): string[] =>
  includeFailed(request) ? [] : [`${column} = 1`];

/** `join=transactions`: each operation with its transaction (links included). */
function joinTransactions(store: IndexStore, request: HandlerRequest): CollectionQuery['embed'] {
  if (request.query.join !== 'transactions') return undefined;
  return async (records) => {
    const ids = records.map((r) => BigInt(String(r.paging_token)) & ~0xfffn);
    const bodies = await store.transactionBodies(ids);
    const base = baseUrl(request);
    return records.map((r, i) => ({
      ...r,
      transaction: withLinks('transaction', base, bodies.get(ids[i] ?? 0n)),
    }));
  };
}

function participant(kind: string, collection: 'tx' | 'op', column = 'id'): string {
  return `${column} IN (SELECT id FROM participants WHERE kind = '${kind}' AND collection = '${collection}' AND subject = ?)`;
}

export function historyHandlers(store: IndexStore) {
  const page = (request: HandlerRequest, query: CollectionQuery) => collectionPage(store, request, query);

  /** A transaction's page scoped by its hash: 404 when the index has no such transaction. */
  async function ofTransaction(request: HandlerRequest, make: (id: bigint) => CollectionQuery) {
    const tx = await store.transaction(param(request, 'hash').toLowerCase());
    return tx ? page(request, make(tx.id)) : problemResult(NOT_FOUND);
  }

  const operations = (
    request: HandlerRequest,
    where: string[],
    params: Query[keyof Query][] = [],
    exists?: CollectionQuery['exists'],
  ) =>
    page(request, {
      kind: 'operation',
      table: 'operations',
      where: [...where, ...successfulOnly(request)],
      params: params as never,
      embed: joinTransactions(store, request),
      ...(exists ? { exists } : {}),
    });

  /** Horizon's `AccountByAddress`: an account its history never named is 404. */
  const knownAccount = (request: HandlerRequest) => () => store.knowsAccount(param(request, 'account_id'));

  return {
    async listLedgers(request) {
      return page(request, { kind: 'ledger', table: 'ledgers' });
    },
    async getLedger(request) {
      const sequence = Number(param(request, 'sequence'));
      const body = await store.ledger(sequence);
      // Horizon's GetLedgerByIDHandler: a ledger before the elder one is gone, not missing.
      if (!body && sequence < ((await store.oldestLedger()) ?? 0)) return problemResult(BEFORE_HISTORY);
      return body
        ? { status: 200, headers: HAL_JSON, body: withLinks('ledger', baseUrl(request), body) }
        : problemResult(NOT_FOUND);
    },
    async listLedgerTransactions(request) {
      const where = ['ledger = ?', ...successfulOnly(request)];
      return page(request, {
        kind: 'transaction',
        table: 'transactions',
        where,
        params: [Number(param(request, 'sequence'))],
      });
    },
    async listLedgerOperations(request) {
      return operations(request, ['ledger = ?'], [Number(param(request, 'sequence'))]);
    },
    async listLedgerPayments(request) {
      return operations(request, ['ledger = ?', 'payment = 1'], [Number(param(request, 'sequence'))]);
    },
    async listLedgerEffects(request) {
      return page(request, {
        kind: 'effect',
        table: 'effects',
        where: ['ledger = ?'],
        params: [Number(param(request, 'sequence'))],
      });
    },
    async listTransactions(request) {
      return page(request, { kind: 'transaction', table: 'transactions', where: successfulOnly(request) });
    },
    async getTransaction(request) {
      const tx = await store.transaction(param(request, 'hash').toLowerCase());
      return tx
        ? { status: 200, headers: HAL_JSON, body: withLinks('transaction', baseUrl(request), tx.body) }
        : problemResult(NOT_FOUND);
    },
    async listTransactionOperations(request) {
      // Scoped to one transaction, failed operations are always listed (the contract's IncludeFailed).
      return ofTransaction(request, (id) => ({
        kind: 'operation',
        table: 'operations',
        where: ['transaction_id = ?'],
        params: [id],
        embed: joinTransactions(store, request),
      }));
    },
    async listTransactionPayments(request) {
      return ofTransaction(request, (id) => ({
        kind: 'operation',
        table: 'operations',
        where: ['transaction_id = ?', 'payment = 1'],
        params: [id],
        embed: joinTransactions(store, request),
      }));
    },
    async listTransactionEffects(request) {
      return ofTransaction(request, (id) => ({
        kind: 'effect',
        table: 'effects',
        where: ['operation_id > ?', 'operation_id < ?'],
        params: [id, id + 0x1000n],
      }));
    },
    async listOperations(request) {
      return operations(request, []);
    },
    async getOperation(request) {
      const id = param(request, 'id');
      const body = /^\d{1,19}$/.test(id) ? await store.operation(BigInt(id)) : undefined;
      // Horizon's OperationQuery.Validate: an operation of a ledger before the elder one is gone.
      if (!body && /^\d{1,19}$/.test(id) && Number(BigInt(id) >> 32n) < ((await store.oldestLedger()) ?? 0))
        return problemResult(BEFORE_HISTORY);
      if (!body) return problemResult(NOT_FOUND);
      const [record] = (await joinTransactions(store, request)?.([body as Record<string, unknown>])) ?? [
        body,
      ];
      return { status: 200, headers: HAL_JSON, body: withLinks('operation', baseUrl(request), record) };
    },
    async listOperationEffects(request) {
      const id = param(request, 'id');
      return page(request, {
        kind: 'effect',
        table: 'effects',
        where: ['operation_id = ?'],
        params: [BigInt(/^\d{1,19}$/.test(id) ? id : '0')],
      });
    },
    async listPayments(request) {
      return operations(request, ['payment = 1']);
    },
    async listEffects(request) {
      return page(request, { kind: 'effect', table: 'effects' });
    },
    async listClaimableBalanceTransactions(request) {
      const where = [participant('claimable_balance', 'tx'), ...successfulOnly(request)];
      return page(request, {
        kind: 'transaction',
        table: 'transactions',
        where,
        params: [param(request, 'id')],
      });
    },
    async listClaimableBalanceOperations(request) {
      return operations(request, [participant('claimable_balance', 'op')], [param(request, 'id')]);
    },
    async listLiquidityPoolTransactions(request) {
      const where = [participant('liquidity_pool', 'tx'), ...successfulOnly(request)];
      return page(request, {
        kind: 'transaction',
        table: 'transactions',
        where,
        params: [param(request, 'id')],
      });
    },
    async listLiquidityPoolOperations(request) {
      return operations(request, [participant('liquidity_pool', 'op')], [param(request, 'id')]);
    },
    async listAccountTransactions(request) {
      return page(request, {
        kind: 'transaction',
        table: 'transactions',
        where: [participant('account', 'tx'), ...successfulOnly(request)],
        params: [param(request, 'account_id')],
        exists: knownAccount(request),
      });
    },
    async listAccountOperations(request) {
      return operations(
        request,
        [participant('account', 'op')],
        [param(request, 'account_id')],
        knownAccount(request),
      );
    },
    async listAccountPayments(request) {
      return operations(
        request,
        [participant('account', 'op'), 'payment = 1'],
        [param(request, 'account_id')],
        knownAccount(request),
      );
    },
    // Horizon's EffectsForAccount: the effects whose account is the account.
    async listAccountEffects(request) {
      return page(request, {
        kind: 'effect',
        table: 'effects',
        where: ['account = ?'],
        params: [param(request, 'account_id')],
        exists: knownAccount(request),
      });
    },
    // Horizon's EffectsForLiquidityPool: every effect of the operations that touched the pool.
    async listLiquidityPoolEffects(request) {
      return page(request, {
        kind: 'effect',
        table: 'effects',
        where: [participant('liquidity_pool', 'op', 'operation_id')],
        params: [param(request, 'id')],
      });
    },
  } satisfies Record<string, Handler>;
}
