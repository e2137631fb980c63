/**
 * Client-side paging: walk a collection page by page by following `_links.next`,
 * until a page comes back empty.
 *
 * Three ways in:
 * - the generated client and a collection path: `paginate(client, '/ledgers', { params: { query: { limit: 200 } } })`
 *   yields typed records. Later pages go through the same client (its base URL, headers
 *   and middleware apply) with the query the server put in `next`;
 * - a URL: `paginate('https://…/ledgers?limit=200')`, fetched with `fetch`;
 * - any page-fetching function, for other clients: it is called with `undefined` for the
 *   first page, then with each `next` href. It may return the page itself or an
 *   openapi-fetch style `{ data, error, response }`.
 *
 * The server's `next` link carries `order` and `limit` already; if a server drops them,
 * they are put back (from the first request, else from the first page's `self` link),
 * so that a walk never silently switches to the default order or page size.
 *
 * With `validateResponses` (tolerant) or `strict`, every page is checked against the contract
 * and one outside it rejects the walk with a ResponseValidationError (see the generated client);
 * a client created with those options checks its pages in any case.
 */
import {
  assertResponse,
  type ContractClient,
  type ResponseValidationOptions,
  readModeOf,
  responseValidation,
} from '../generated/client.gen.js';
import type { paths } from '../generated/types.gen.js';
import type { OperationId } from '../generated/validate.gen.js';

/** The part of a page this module reads. */
export interface PageLike<T> {
  _links?: { self?: { href: string }; next?: { href: string } };
  _embedded: { records: T[] };
}

type HalPage<Op> = Op extends { responses: { 200: { content: { 'application/hal+json': infer B } } } }
  ? B extends { _embedded: { records: unknown[] } }
    ? B
    : never
  : never;

/** The paths whose GET answers a paged collection. */
export type PagedPath = {
  [P in keyof paths]: paths[P] extends { get: infer Op }
    ? [HalPage<Op>] extends [never]
      ? never
      : P
    : never;
}[keyof paths];

type GetOf<P extends PagedPath> = paths[P] extends { get: infer Op } ? Op : never;

// The generated page types intersect the generic page (records: unknown[]) with the
// collection's own (records: Ledger[]); an array method on that intersection picks the
// unknown[] signature, so pages are handed out with a plain `records: R[]`.
type Flat<D extends PageLike<unknown>> = Omit<D, '_embedded'> & {
  _embedded: { records: D['_embedded']['records'][number][] };
};
/** The page type of a collection path. */
export type PageOf<P extends PagedPath> = Flat<HalPage<GetOf<P>>>;
/** The record type of a collection path. */
export type RecordOf<P extends PagedPath> = HalPage<GetOf<P>>['_embedded']['records'][number];

type ParamsOf<P extends PagedPath> = GetOf<P> extends { parameters: infer Q } ? Q : never;
/** The query arguments of a collection path (`cursor`, `order`, `limit` and its filters). */
export type CollectionQuery<P extends PagedPath> = NonNullable<
  ParamsOf<P> extends { query?: infer Q } ? Q : never
>;
type PathParamsOf<P extends PagedPath> = ParamsOf<P> extends { path: infer T } ? T : never;

export interface WalkOptions {
  /** Stop after this many pages even if more remain (default: no limit). */
  maxPages?: number;
  signal?: AbortSignal;
}

type ParamsInit<P extends PagedPath> = [PathParamsOf<P>] extends [never]
  ? { params?: { query?: CollectionQuery<P> } }
  : { params: { path: PathParamsOf<P>; query?: CollectionQuery<P> } };

export type PaginateInit<P extends PagedPath> = WalkOptions &
  ResponseValidationOptions & {
    headers?: Record<string, string>;
  } & ParamsInit<P>;

type InitArgs<P extends PagedPath> = [PathParamsOf<P>] extends [never]
  ? [init?: PaginateInit<P>]
  : [init: PaginateInit<P>];

/** A page-fetching function: `undefined` asks for the first page, a string is a `next` href. */
export type PageFetcher<T> = (
  href: string | undefined,
) => Promise<PageLike<T> | FetchResultLike<PageLike<T>>>;

/** What openapi-fetch answers. */
export interface FetchResultLike<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

export interface UrlWalkOptions extends WalkOptions, ResponseValidationOptions {
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/** A page could not be fetched (HTTP error, or the body is not a page). */
export class PageError extends Error {
  override readonly name = 'PageError';
  constructor(
    message: string,
    /** HTTP status, when a response came back. */
    readonly status: number | undefined,
    /** The response body (a problem document for the ledger API). */
    readonly body: unknown,
    /** The href of the page, when known. */
    readonly href: string | undefined,
  ) {
    super(message);
  }
}

interface Paging {
  order?: string | undefined;
  limit?: string | undefined;
}

function isFetchResult(value: unknown): value is FetchResultLike<unknown> {
  return (
    typeof value === 'object' && value !== null && 'response' in value && value.response instanceof Response
  );
}

function toPage<T>(value: unknown, href: string | undefined): PageLike<T> {
  let body = value;
  if (isFetchResult(value)) {
    if (value.error !== undefined || !value.response.ok) {
      throw new PageError(
        `page request failed with HTTP ${value.response.status}`,
        value.response.status,
        value.error,
        href ?? (value.response.url || undefined),
      );
    }
    body = value.data;
  }
  const records = (body as { _embedded?: { records?: unknown } } | undefined)?._embedded?.records;
  if (!Array.isArray(records))
    throw new PageError('the answer is not a page (_embedded.records missing)', undefined, body, href);
  return body as PageLike<T>;
}

function pagingOf(href: string | undefined): Paging {
  if (!href) return {};
  try {
    const params = new URL(href).searchParams;
    return { order: params.get('order') ?? undefined, limit: params.get('limit') ?? undefined };
  } catch {
    return {};
  }
}

/** The `next` href with `order` and `limit` put back when the server left them out. */
export function keepPaging(nextHref: string, paging: Paging): string {
  const url = new URL(nextHref);
  if (!url.searchParams.has('order') && paging.order !== undefined)
    url.searchParams.set('order', paging.order);
  if (!url.searchParams.has('limit') && paging.limit !== undefined)
    url.searchParams.set('limit', paging.limit);
  return url.href;
}

async function* walk<T>(
  fetchPage: PageFetcher<T>,
  requested: Paging,
  options: WalkOptions,
): AsyncGenerator<PageLike<T>, void, undefined> {
  const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
  let href: string | undefined;
  let paging = requested;
  for (let count = 0; count < maxPages; count++) {
    options.signal?.throwIfAborted();
    const page = toPage<T>(await fetchPage(href), href);
    if (page._embedded.records.length === 0) return;
    if (count === 0) {
      const self = pagingOf(page._links?.self?.href);
      paging = { order: paging.order ?? self.order, limit: paging.limit ?? self.limit };
    }
    yield page;
    const next = page._links?.next?.href;
    if (!next) return;
    const following = keepPaging(next, paging);
    // A non-empty page whose next link leads back to itself would be walked forever.
    if (following === href)
      throw new PageError('the next link does not move past this page', undefined, page, href);
    href = following;
  }
}

function asText(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value);
}

function clientFetcher(
  client: ContractClient,
  path: string,
  init: ResponseValidationOptions & {
    params?: { path?: unknown; query?: Record<string, unknown> };
    headers?: Record<string, string>;
  } = {},
  signal: AbortSignal | undefined,
): PageFetcher<unknown> {
  const mode = readModeOf(init);
  const checks = mode === undefined ? {} : { middleware: [responseValidation(mode)] };
  return (href) => {
    let query: Record<string, unknown> | undefined = init.params?.query;
    if (href !== undefined) query = Object.fromEntries(new URL(href).searchParams);
    const options = { params: { ...init.params, query }, headers: init.headers, signal, ...checks };
    // The path is one of the contract's collection paths; the call is typed by paginate's signature.
    return (client.GET as (path: string, init: unknown) => Promise<FetchResultLike<PageLike<unknown>>>)(
      path,
      options,
    );
  };
}

/** The operation whose pages a URL walk checks; the contract's paths load only for a walk that checks. */
async function checkedOperation(url: string | URL): Promise<OperationId> {
  const { getOperationOf } = await import('./url-operation.js');
  const operationId = getOperationOf(url);
  if (operationId === undefined)
    throw new TypeError(`${new URL(url).pathname} is no path of the ledger API: its pages cannot be checked`);
  return operationId;
}

function urlFetcher(url: string | URL, options: UrlWalkOptions): PageFetcher<unknown> {
  const fetchImpl = options.fetch ?? fetch;
  const mode = readModeOf(options);
  let operation: Promise<OperationId> | undefined;
  return async (href) => {
    if (mode !== undefined) operation ??= checkedOperation(url);
    const operationId = await operation;
    const target = href ?? new URL(url).href;
    const response = await fetchImpl(target, {
      headers: { accept: 'application/hal+json', ...options.headers },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (mode !== undefined && operationId !== undefined) await assertResponse(operationId, response, mode);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the error.
    }
    if (!response.ok)
      throw new PageError(`page request failed with HTTP ${response.status}`, response.status, body, target);
    return body as PageLike<unknown>;
  };
}

/** Every page of a collection, in order, up to (not including) the first empty one. */
export function paginatePages<P extends PagedPath>(
  client: ContractClient,
  path: P,
  ...init: InitArgs<P>
): AsyncGenerator<PageOf<P>, void, undefined>;
export function paginatePages(
  url: string | URL,
  options?: UrlWalkOptions,
): AsyncGenerator<PageLike<unknown>, void, undefined>;
export function paginatePages<D extends PageLike<unknown>>(
  fetchPage: (href: string | undefined) => Promise<FetchResultLike<D>>,
  options?: WalkOptions,
): AsyncGenerator<Flat<D>, void, undefined>;
export function paginatePages<T>(
  fetchPage: PageFetcher<T>,
  options?: WalkOptions,
): AsyncGenerator<PageLike<T>, void, undefined>;
export function paginatePages(
  source: ContractClient | string | URL | PageFetcher<unknown>,
  second?: unknown,
  third?: unknown,
): AsyncGenerator<PageLike<unknown>, void, undefined> {
  if (typeof source === 'function') return walk(source, {}, (second ?? {}) as WalkOptions);
  if (typeof source === 'string' || source instanceof URL) {
    const options = (second ?? {}) as UrlWalkOptions;
    return walk(urlFetcher(source, options), pagingOf(new URL(source).href), options);
  }
  const init = (third ?? {}) as PaginateInit<PagedPath> & {
    params?: { path?: unknown; query?: Record<string, unknown> };
  };
  const query = init.params?.query;
  const requested = { order: asText(query?.order), limit: asText(query?.limit) };
  return walk(clientFetcher(source, String(second), init, init.signal), requested, init);
}

/** Every record of a collection, in order, following `next` until an empty page. */
export function paginate<P extends PagedPath>(
  client: ContractClient,
  path: P,
  ...init: InitArgs<P>
): AsyncGenerator<RecordOf<P>, void, undefined>;
export function paginate(
  url: string | URL,
  options?: UrlWalkOptions,
): AsyncGenerator<unknown, void, undefined>;
export function paginate<D extends PageLike<unknown>>(
  fetchPage: (href: string | undefined) => Promise<FetchResultLike<D>>,
  options?: WalkOptions,
): AsyncGenerator<D['_embedded']['records'][number], void, undefined>;
export function paginate<T>(
  fetchPage: PageFetcher<T>,
  options?: WalkOptions,
): AsyncGenerator<T, void, undefined>;
export async function* paginate(
  source: ContractClient | string | URL | PageFetcher<unknown>,
  second?: unknown,
  third?: unknown,
): AsyncGenerator<unknown, void, undefined> {
  const pages = (paginatePages as (a: unknown, b: unknown, c: unknown) => AsyncGenerator<PageLike<unknown>>)(
    source,
    second,
    third,
  );
  for await (const page of pages) yield* page._embedded.records;
}
