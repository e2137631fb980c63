// Paging over the ledger API mock's static examples, so a client that follows `_links.next`
// (the ledger-api package's paginate, js-stellar-sdk's .next()) ends as it would on Horizon:
// the first page holds the examples, and its `next` link (cursor = the last record's
// paging_token) leads to an empty page, Horizon's end of a collection.

/** @param {unknown} value */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The page Prism answered, with links that move and an empty page past the last record; undefined
 * when `text` is not a page of records.
 * @param {string} target the request target, e.g. `/ledgers?limit=2`
 * @param {string} origin e.g. `http://127.0.0.1:4011`
 * @param {string} text Prism's JSON answer
 */
export function pageAnswer(target, origin, text) {
  let page;
  try {
    page = JSON.parse(text);
  } catch {
    return undefined;
  }
  const records = isRecord(page) && isRecord(page._embedded) ? page._embedded.records : undefined;
  if (!Array.isArray(records) || !isRecord(page._links)) return undefined;
  const url = new URL(target, origin);
  const tokens = records.map((r) => (isRecord(r) ? r.paging_token : undefined));
  if (tokens.some((t) => typeof t !== 'string')) return undefined;
  const cursor = url.searchParams.get('cursor');
  const order = url.searchParams.get('order') === 'desc' ? 'desc' : 'asc';
  const limit = url.searchParams.get('limit') ?? '10';
  // Past the examples: the cursor of this mock's own next link (or of its prev link) ends it.
  const end = cursor !== null && (cursor === tokens.at(-1) || cursor === tokens[0]);
  const shown = end ? [] : records;
  const link = (at, direction) => {
    const href = new URL(url.pathname, origin);
    if (at !== undefined) href.searchParams.set('cursor', at);
    href.searchParams.set('limit', limit);
    href.searchParams.set('order', direction);
    return { href: href.toString() };
  };
  const reverse = order === 'asc' ? 'desc' : 'asc';
  const first = end ? (cursor ?? undefined) : tokens[0];
  const last = end ? (cursor ?? undefined) : tokens.at(-1);
  page._embedded.records = shown;
  page._links = {
    ...page._links,
    self: link(cursor ?? undefined, order),
    next: link(last, order),
    prev: link(first, reverse),
  };
  return JSON.stringify(page);
}
