// Following the cursor of getLedgers, getTransactions and getEvents (Stellar RPC paging rules,
// reference §6): the first call takes the caller's params (startLedger, filters, ...); each next
// call sends `pagination.cursor` from the previous page and drops startLedger/endLedger, which the
// server does not accept together with a cursor.
import type { RpcClient } from './generated/client.gen.js';
import type { ParamsOf, ResultOf } from './generated/types.gen.js';

export type PagedMethod = 'getLedgers' | 'getTransactions' | 'getEvents';

/** The list each paged method returns its records in. */
const ITEMS = { getLedgers: 'ledgers', getTransactions: 'transactions', getEvents: 'events' } as const;

/** The server's default page size (Stellar RPC config defaults), used when params give no limit. */
export const DEFAULT_LIMITS: Readonly<Record<PagedMethod, number>> = {
  getLedgers: 50,
  getTransactions: 50,
  getEvents: 100,
};

type ItemsKey<M extends PagedMethod> = (typeof ITEMS)[M];
export type PageOf<M extends PagedMethod> = ResultOf<M>;
export type ItemOf<M extends PagedMethod> =
  NonNullable<ResultOf<M>[ItemsKey<M> & keyof ResultOf<M>]> extends ReadonlyArray<infer Item> ? Item : never;

export interface PaginateOptions {
  /** Stop after this many pages. Default: no cap (the rules below end every walk at the tip). */
  maxPages?: number;
}

/** The client surface paginate needs: any object with a typed `call`. */
export type PagingClient = Pick<RpcClient, 'call'>;

interface LooseParams {
  startLedger?: number;
  endLedger?: number;
  pagination?: { cursor?: string; limit?: number };
  [key: string]: unknown;
}

interface LoosePage {
  cursor?: string;
  latestLedger?: number;
  [key: string]: unknown;
}

/** The ledger sequence a cursor points into: a ledger sequence, a TOID, or an event id `TOID-index`. */
export function cursorLedger(method: PagedMethod, cursor: string): number | undefined {
  if (method === 'getLedgers') {
    const n = Number(cursor);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  const toid = method === 'getEvents' ? cursor.split('-')[0] : cursor;
  if (!toid || !/^\d+$/.test(toid)) return undefined;
  return Number(BigInt(toid) >> 32n);
}

const ledgerOf = (method: PagedMethod, item: unknown): number | undefined => {
  const record = item as { sequence?: unknown; ledger?: unknown };
  const value = method === 'getLedgers' ? record?.sequence : record?.ledger;
  return typeof value === 'number' ? value : undefined;
};

/**
 * Walks every page of a paged method, starting from `params`, until the server has nothing after
 * the last page:
 *   - getLedgers / getTransactions: an empty page, or one shorter than the limit (the scan reached
 *     the latest ledger), or a page ending at the latest ledger;
 *   - getEvents: a page that is not full and whose cursor is at or past the latest ledger (a page
 *     that is not full before that is only the end of one 10000-ledger scan window, so the walk
 *     goes on); with `endLedger`, the walk ends there and later events are left out;
 *   - any method: a missing cursor, or a cursor that did not move.
 */
export async function* paginate<M extends PagedMethod>(
  client: PagingClient,
  method: M,
  params: ParamsOf<M>,
  options: PaginateOptions = {},
): AsyncGenerator<PageOf<M>, void, undefined> {
  const first = { ...(params as LooseParams) };
  const limit = first.pagination?.limit || DEFAULT_LIMITS[method];
  const endLedger = method === 'getEvents' ? first.endLedger : undefined;
  const call = client.call as (method: PagedMethod, params: LooseParams) => Promise<LoosePage>;
  let request: LooseParams = first;
  let sent: string | undefined = first.pagination?.cursor;
  for (let pages = 0; options.maxPages === undefined || pages < options.maxPages; pages++) {
    const page = await call(method, request);
    let items = (page[ITEMS[method]] as unknown[] | undefined) ?? [];
    let pastEnd = false;
    if (endLedger !== undefined) {
      const kept = items.filter((item) => (ledgerOf(method, item) ?? 0) < endLedger);
      pastEnd = kept.length < items.length;
      items = kept;
    }
    yield (pastEnd ? { ...page, [ITEMS[method]]: items } : page) as unknown as PageOf<M>;
    if (pastEnd) return;

    const cursor = page.cursor;
    if (!cursor || cursor === sent) return;
    const latest = page.latestLedger;
    const at = cursorLedger(method, cursor);
    if (method === 'getEvents') {
      // A page that is not full means the server scanned its whole window, up to the cursor's ledger.
      const full = items.length >= limit;
      if (!full && at !== undefined) {
        if (latest !== undefined && at >= latest) return;
        if (endLedger !== undefined && at >= endLedger - 1) return;
      }
    } else {
      if (items.length === 0 || items.length < limit) return;
      const last = ledgerOf(method, items[items.length - 1]);
      if (method === 'getLedgers' && latest !== undefined && last !== undefined && last >= latest) return;
    }
    const { startLedger: _start, endLedger: _end, ...rest } = first;
    request = { ...rest, pagination: { ...first.pagination, cursor } };
    sent = cursor;
  }
}

/** Every record (ledger, transaction or event) over all pages, in order. */
export async function* paginateItems<M extends PagedMethod>(
  client: PagingClient,
  method: M,
  params: ParamsOf<M>,
  options: PaginateOptions = {},
): AsyncGenerator<ItemOf<M>, void, undefined> {
  for await (const page of paginate(client, method, params, options)) {
    const items = (page as unknown as LoosePage)[ITEMS[method]] as ItemOf<M>[] | undefined;
    for (const item of items ?? []) yield item;
  }
}
