/**
 * Server-side paging: reading `cursor`, `order` and `limit` the way the reference
 * server does (same checks, same order of checks, same `extras.reason` texts), and
 * building a page's `_links`.
 *
 * The generated server adapter already refuses a `limit` or `order` outside the
 * contract before a handler runs; these helpers are for a handler that wants the
 * defaults applied, the cursor checked, or the exact reference wording (e.g. when
 * it reads a raw query string itself).
 */
import type { components } from '../generated/types.gen.js';
import { cursorAfterLedger } from './token.js';

type Problem = components['schemas']['Problem'];
export type HalLink = components['schemas']['Link'];
export type PageLinks = components['schemas']['PageLinks'];
export type PageOrder = 'asc' | 'desc';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 200;

export interface PagingQuery {
  /** Absent: the start of the collection (`asc`) or its end (`desc`). Otherwise a paging token, or `now`. */
  cursor: string | undefined;
  order: PageOrder;
  limit: number;
}

export type PagingResult = { ok: true; paging: PagingQuery } | { ok: false; problem: Problem };

export interface PagingOptions {
  /**
   * How a cursor is checked.
   * - `toid` (default, the reference server's default): a non-negative int64, or a pair
   *   `A-B` of them as effects and trades use.
   * - `opaque`: only the negative-number check (accounts, offers, assets, claimable
   *   balances and liquidity pools, whose tokens are not numbers).
   */
  cursor?: 'toid' | 'opaque';
  /** Latest ingested ledger: when given, `now` becomes the cursor just after it. Otherwise `now` is kept as is. */
  latestLedger?: number;
  /** The `Last-Event-ID` request header; when non-empty it replaces `cursor`, as for a resumed stream. */
  lastEventId?: string | undefined;
  /** Default page size (10; the order book uses 20). */
  defaultLimit?: number;
  /** Largest page size (200). */
  maxLimit?: number;
}

const BAD_REQUEST_DETAIL = 'The request you sent was invalid in some way.';

/** The problem a bad query argument is answered with (400 bad_request with `invalid_field` and `reason`). */
export function invalidFieldProblem(field: string, reason: string): Problem {
  return {
    type: 'https://stellar.org/horizon-errors/bad_request',
    title: 'Bad Request',
    status: 400,
    detail: BAD_REQUEST_DETAIL,
    extras: { invalid_field: field, reason },
  };
}

type QueryInput = URLSearchParams | Readonly<Record<string, unknown>>;

// One value per name, as the reference server reads it: the first of repeated values;
// numbers (from an adapter that already coerced them) back to their decimal text.
function read(query: QueryInput, name: string): string {
  const raw = query instanceof URLSearchParams ? query.get(name) : query[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

// Go's strconv.ParseInt(s, 10, 64): optional sign, ASCII digits, int64 range.
function parseInt64(text: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value < -(2n ** 63n) || value > 2n ** 63n - 1n ? undefined : value;
}

// A cursor the reference server's int64-pair reading accepts: `A` or `A-B`, both >= 0.
function isToidCursor(cursor: string): boolean {
  const dash = cursor.indexOf('-');
  const parts = dash === -1 ? [cursor] : [cursor.slice(0, dash), cursor.slice(dash + 1)];
  return parts.every((part) => {
    const value = parseInt64(part);
    return value !== undefined && value >= 0n;
  });
}

/**
 * Reads the paging arguments. Checks run in the reference server's order: the cursor
 * is negative, then `limit`, then `order`, then the cursor's form; the first failure
 * is answered.
 */
export function parsePagingQuery(query: QueryInput, options: PagingOptions = {}): PagingResult {
  const defaultLimit = options.defaultLimit ?? DEFAULT_LIMIT;
  const maxLimit = options.maxLimit ?? MAX_LIMIT;

  let cursor = read(query, 'cursor');
  if (cursor === 'now' && options.latestLedger !== undefined)
    cursor = cursorAfterLedger(options.latestLedger);
  if (options.lastEventId) cursor = options.lastEventId;
  const asInteger = parseInt64(cursor);
  if (asInteger !== undefined && asInteger < 0n) {
    // The reference text, trailing colon and space included.
    return {
      ok: false,
      problem: invalidFieldProblem('cursor', `the cursor ${asInteger} is a negative number: `),
    };
  }

  let limit = defaultLimit;
  const limitText = read(query, 'limit');
  if (limitText !== '') {
    const parsed = parseInt64(limitText);
    if (parsed === undefined)
      return { ok: false, problem: invalidFieldProblem('limit', 'unparseable value') };
    if (parsed <= 0n) {
      return {
        ok: false,
        problem: invalidFieldProblem('limit', 'invalid limit: non-positive value provided'),
      };
    }
    if (parsed > BigInt(maxLimit)) {
      return {
        ok: false,
        problem: invalidFieldProblem(
          'limit',
          `invalid limit: value provided that is over limit max of ${maxLimit}`,
        ),
      };
    }
    limit = Number(parsed);
  }

  const orderText = read(query, 'order');
  if (orderText !== '' && orderText !== 'asc' && orderText !== 'desc') {
    return { ok: false, problem: invalidFieldProblem('order', 'order: invalid value') };
  }
  const order: PageOrder = orderText === 'desc' ? 'desc' : 'asc';

  // `now` is valid wherever it is accepted; when it was not resolved to a ledger it stays a word.
  if ((options.cursor ?? 'toid') === 'toid' && cursor !== '' && cursor !== 'now' && !isToidCursor(cursor)) {
    return { ok: false, problem: invalidFieldProblem('cursor', 'cursor: invalid value') };
  }

  return { ok: true, paging: { cursor: cursor === '' ? undefined : cursor, order, limit } };
}

/** A HAL link; `templated` only when the href is a URI template, as the reference server does. */
export function halLink(href: string): HalLink {
  return href.includes('{') ? { href, templated: true } : { href };
}

// Go's url.QueryEscape: unreserved characters stay, space becomes '+', the rest %XX (upper case).
function queryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

// Go's url.Values.Encode: keys sorted, each key's values in their order.
function encodeQuery(params: URLSearchParams): string {
  const keys = [...new Set(params.keys())].sort();
  return keys
    .flatMap((key) => params.getAll(key).map((v) => `${queryEscape(key)}=${queryEscape(v)}`))
    .join('&');
}

function withPaging(url: URL, cursor: string, order: PageOrder, limit: number): string {
  const target = new URL(url.href);
  const params = new URLSearchParams(target.search);
  params.set('cursor', cursor);
  params.set('limit', String(limit));
  params.set('order', order);
  target.search = '';
  target.hash = '';
  return `${target.href}?${encodeQuery(params)}`;
}

export interface PageLinksInput {
  /** The request's absolute URL (other query arguments, such as filters, are kept). */
  url: string | URL;
  /** The paging the page was read with. */
  paging: PagingQuery;
  /** The page's records, in page order. */
  records: readonly { paging_token: string }[];
}

/**
 * `self`: the request with `cursor`, `limit` and `order` filled in (query keys sorted).
 * `next`: `cursor` = the last record's token, same order and limit; on an empty page it
 * equals `self`. `prev`: `cursor` = the first record's token, order reversed, same limit.
 */
export function buildPageLinks(input: PageLinksInput): PageLinks {
  const url = new URL(input.url);
  const { order, limit } = input.paging;
  const cursor = input.paging.cursor ?? '';
  const reversed: PageOrder = order === 'asc' ? 'desc' : 'asc';
  const first = input.records[0]?.paging_token ?? cursor;
  const last = input.records[input.records.length - 1]?.paging_token ?? cursor;
  return {
    self: halLink(withPaging(url, cursor, order, limit)),
    next: halLink(withPaging(url, last, order, limit)),
    prev: halLink(withPaging(url, first, reversed, limit)),
  };
}
