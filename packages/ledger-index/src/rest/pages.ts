/**
 * A page of a history collection: the paging arguments read as Horizon reads them, the rows
 * after the cursor, each record with its links, and the page's `self`/`next`/`prev`.
 */
import { buildPageLinks, parsePagingQuery } from '@starspec/ledger-api';
import type { HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import type { IndexStore, PageQuery } from '../store/index-store.js';
import { type RecordKind, withLinks } from './links.js';
import { BEFORE_HISTORY, invalidField, NOT_FOUND, problemResult } from './problems.js';
import { baseUrl, HAL_JSON, requestUrl } from './request.js';

export interface CollectionQuery {
  kind: RecordKind;
  table: PageQuery['table'];
  where?: string[];
  params?: PageQuery['params'];
  /** Adds to each page's records before links are built (e.g. `join=transactions`). */
  embed?: (records: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /** Whether the collection's subject is known; when not, 404 (after the paging arguments' checks). */
  exists?: () => Promise<boolean>;
}

type Request = Pick<HandlerRequest, 'headers' | 'raw' | 'query'>;

const TOID_PAIR = /^(\d+)(?:-(\d+))?$/;

/** The key after which a page starts, from a cursor already checked by parsePagingQuery. */
function afterKey(table: PageQuery['table'], cursor: string, order: 'asc' | 'desc'): bigint[] {
  const [, a = '0', b] = TOID_PAIR.exec(cursor) ?? [];
  const value = BigInt(a);
  if (table === 'ledgers') {
    // TOID(seq) > cursor ⇔ seq > ⌊cursor / 2³²⌋; TOID(seq) < cursor ⇔ seq < ⌈cursor / 2³²⌉.
    const ledger = value >> 32n;
    return [order === 'asc' || (value & 0xffffffffn) === 0n ? ledger : ledger + 1n];
  }
  if (table === 'effects' || table === 'trades') return [value, b === undefined ? 0n : BigInt(b)];
  return [value];
}

type Paging = Parameters<typeof buildPageLinks>[0]['paging'];

/** The page answer: links from the rows' paging tokens, each record (rows, or rows as embedded) with its own. */
function pageResult(
  request: Request,
  paging: Paging,
  kind: RecordKind,
  rows: Record<string, unknown>[],
  records: Record<string, unknown>[],
): HandlerResult {
  const base = baseUrl(request);
  return {
    status: 200,
    headers: HAL_JSON,
    body: {
      _links: buildPageLinks({
        url: requestUrl(request),
        paging,
        records: rows as { paging_token: string }[],
      }),
      _embedded: { records: records.map((record) => withLinks(kind, base, record)) },
    },
  };
}

/** Horizon's getCursor: `now` is the last toid of the latest ledger (toid.AfterLedger). */
export function cursorNow(latestLedger: number | undefined): string {
  return String(((BigInt(latestLedger ?? 0) + 1n) << 32n) - 1n);
}

export async function collectionPage(
  store: IndexStore,
  request: Request,
  query: CollectionQuery,
): Promise<HandlerResult> {
  const latestLedger = await store.latestLedger();
  const parsed = parsePagingQuery(request.query, { latestLedger });
  if (!parsed.ok) return problemResult(parsed.problem as never);
  const { paging } = parsed;
  let after: bigint[] | undefined;
  if (paging.cursor !== undefined) {
    const cursor = paging.cursor === 'now' ? cursorNow(latestLedger) : paging.cursor;
    after = afterKey(query.table, cursor, paging.order);
    const oldest = await store.oldestLedger();
    // Horizon's validateCursorWithinHistory: descending from before the oldest ledger is gone.
    const position = BigInt(TOID_PAIR.exec(cursor)?.[1] ?? '0');
    if (paging.order === 'desc' && oldest !== undefined && position <= BigInt(oldest) << 32n)
      return problemResult(BEFORE_HISTORY);
  }
  if (query.exists && !(await query.exists())) return problemResult(NOT_FOUND);
  const rows = (await store.page({
    table: query.table,
    where: query.where,
    params: query.params,
    after,
    order: paging.order,
    limit: paging.limit,
  })) as Record<string, unknown>[];
  const records = query.embed ? await query.embed(rows) : rows;
  return pageResult(request, paging, query.kind, rows, records);
}

/**
 * A page of a current-state collection (accounts, offers, claimable balances, pools): cursors are
 * the collection's own keys, checked by the store (a CursorError is a 400 on `cursor`).
 */
export async function statePage(
  request: Request,
  kind: RecordKind,
  read: (paging: { cursor?: string; order: 'asc' | 'desc'; limit: number }) => Promise<unknown[]>,
): Promise<HandlerResult> {
  const parsed = parsePagingQuery(request.query, { cursor: 'opaque' });
  if (!parsed.ok) return problemResult(parsed.problem as never);
  const { paging } = parsed;
  let rows: Record<string, unknown>[];
  try {
    rows = (await read({
      ...(paging.cursor ? { cursor: paging.cursor } : {}),
      order: paging.order,
      limit: paging.limit,
    })) as Record<string, unknown>[];
  } catch (error) {
    if ((error as Error).name === 'CursorError')
      return problemResult(invalidField('cursor', (error as Error).message));
    throw error;
  }
  return pageResult(request, paging, kind, rows, rows);
}
