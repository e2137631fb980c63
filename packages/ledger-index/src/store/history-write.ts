/**
 * The history rows of consecutive ledgers (ledgers, transactions, operations, who they involve,
 * effects, trades and their accounts, the trades' new asset ids), written table by table: the new
 * records in one bulk load each where the engine has one (COPY), else, like the rest, in
 * multi-row statements (a batch of ledgers costs a few statements per table, not one per row).
 */
import type { BodyJson, HistoryBatch } from '../derive/records.js';
import { appendRows, insertRows } from './bulk.js';
import type { SqlExecutor, SqlValue } from './driver.js';

const IGNORE = 'ON CONFLICT DO NOTHING';

function participantRows(batches: readonly HistoryBatch<BodyJson>[]): SqlValue[][] {
  const rows: SqlValue[][] = [];
  for (const batch of batches)
    for (const [collection, records] of [
      ['tx', batch.transactions],
      ['op', batch.operations],
    ] as const)
      for (const record of records) {
        for (const account of record.accounts) rows.push(['account', account, collection, record.id]);
        for (const id of record.claimableBalances)
          rows.push(['claimable_balance', id, collection, record.id]);
        for (const id of record.liquidityPools) rows.push(['liquidity_pool', id, collection, record.id]);
      }
  return rows;
}

/** The accounts on the two sides of a trade, each once (an account crossing its own offer). */
export function tradeAccountRows(operationId: SqlValue, order: SqlValue, body: unknown): SqlValue[][] {
  const { base_account, counter_account } = body as { base_account?: string; counter_account?: string };
  return [...new Set([base_account, counter_account])]
    .filter((account) => account !== undefined)
    .map((account) => [account, operationId, order]);
}

export function insertTradeAccounts(tx: SqlExecutor, rows: readonly SqlValue[][]): Promise<void> {
  return insertRows(tx, 'trade_accounts', ['account', 'operation_id', 'ord'], rows, IGNORE);
}

/** A body's JSON: as it came written (by a derivation thread), or written now. */
function bodyJson(body: object): string {
  return 'bodyJson' in body ? (body as BodyJson).bodyJson : JSON.stringify(body);
}

export async function writeHistory(
  tx: SqlExecutor,
  batches: readonly HistoryBatch<BodyJson>[],
): Promise<void> {
  const all = <T>(pick: (batch: HistoryBatch<BodyJson>) => readonly T[]) => batches.flatMap(pick);
  await appendRows(
    tx,
    'ledgers',
    ['sequence', 'body'],
    batches.map(({ ledger }) => [ledger.sequence, JSON.stringify(ledger.body)]),
  );
  await appendRows(tx, 'participants', ['kind', 'subject', 'collection', 'id'], participantRows(batches));
  await appendRows(
    tx,
    'transactions',
    ['id', 'hash', 'inner_hash', 'ledger', 'successful', 'body'],
    all((b) => b.transactions).map((row) => [
      row.id,
      row.hash,
      row.innerHash ?? null,
      row.ledger,
      row.successful ? 1 : 0,
      bodyJson(row.body),
    ]),
  );
  await appendRows(
    tx,
    'operations',
    ['id', 'transaction_id', 'ledger', 'successful', 'payment', 'body'],
    all((b) => b.operations).map((row) => [
      row.id,
      row.transactionId,
      row.ledger,
      row.successful ? 1 : 0,
      row.payment ? 1 : 0,
      bodyJson(row.body),
    ]),
  );
  await appendRows(
    tx,
    'effects',
    ['operation_id', 'ord', 'ledger', 'account', 'body'],
    all((b) => b.effects).map((row) => [
      row.operationId,
      row.order,
      row.ledger,
      row.account,
      bodyJson(row.body),
    ]),
  );
  const trades = all((b) => b.trades);
  await appendRows(
    tx,
    'trades',
    [
      'operation_id',
      'ord',
      'ledger',
      'base_asset',
      'counter_asset',
      'base_offer_id',
      'counter_offer_id',
      'liquidity_pool',
      'trade_type',
      'body',
    ],
    trades.map((row) => [
      row.operationId,
      row.order,
      row.ledger,
      row.baseAsset,
      row.counterAsset,
      row.baseOfferId ?? null,
      row.counterOfferId ?? null,
      row.liquidityPool ?? null,
      row.tradeType,
      JSON.stringify(row.body),
    ]),
  );
  await appendRows(
    tx,
    'trade_accounts',
    ['account', 'operation_id', 'ord'],
    trades.flatMap((row) => tradeAccountRows(row.operationId, row.order, row.body)),
  );
  await insertRows(
    tx,
    'trade_assets',
    ['key', 'id'],
    all((b) => b.tradeAssets ?? []),
  );
}
