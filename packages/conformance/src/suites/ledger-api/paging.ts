/**
 * Paging invariants, walked over real pages of the history collections: records in order,
 * `next` continuing strictly after the last token, `prev` reversing from the first token, the
 * defaults (`asc`, 10) and the bounds of `limit`. The history is the provider's own: a descending
 * link that reaches its elder ledger may be answered 410 before_history, as Horizon answers it,
 * and the records of ledgers trimmed since (its elder ledger moved on) are gone.
 */
import type { OperationId } from '@starspec/ledger-api';
import { CheckFailure, type Evidence, evidenceOf, fail, skip } from '../../model.js';
import type { CheckDefinition, Recorder } from '../../runner.js';
import { after, isBeforeHistory, ledgerOfToken, type Order, reverse } from '../../stellar/paging-tokens.js';
import {
  type Answer,
  call,
  isRecord,
  type LedgerApiState,
  linkQuery,
  recordsOf,
  verdict,
} from './state.js';

/** The history collections walked, whose paging tokens are ordered. */
export const WALKED: readonly { path: string; operationId: OperationId }[] = [
  { path: '/ledgers', operationId: 'listLedgers' },
  { path: '/transactions', operationId: 'listTransactions' },
  { path: '/operations', operationId: 'listOperations' },
  { path: '/payments', operationId: 'listPayments' },
  { path: '/effects', operationId: 'listEffects' },
  { path: '/trades', operationId: 'listTrades' },
];

const PAGE = 3;
const PAGES = 4;

function tokensOf(answer: Answer): string[] {
  return (recordsOf(answer.body) ?? []).map((r) =>
    typeof r.paging_token === 'string' ? r.paging_token : '',
  );
}

export interface Page {
  answer: Answer;
  tokens: string[];
}

export interface Walk {
  path: string;
  order: Order;
  pages: Page[];
}

/** The page an answer holds; fails the check when it holds none. */
function pageOf(answer: Answer, path: string, query: Record<string, string>): Page {
  if (answer.status !== 200 || !recordsOf(answer.body)) {
    fail(
      `GET ${path} with ${new URLSearchParams(query)} answered no page`,
      answer.exchange,
      '200 with a page',
      `${answer.status}`,
    );
  }
  return { answer, tokens: tokensOf(answer) };
}

async function getPage(
  state: LedgerApiState,
  r: Recorder,
  operationId: OperationId,
  path: string,
  query: Record<string, string>,
): Promise<Page> {
  return pageOf(await call(state, r, operationId, { path, query }), path, query);
}

/** The elder ledger the root document reports now (Horizon's history_elder_ledger), when it does. */
async function elderLedger(state: LedgerApiState, r: Recorder): Promise<number | undefined> {
  const root = await call(state, r, 'getRoot', { path: '/' });
  const elder = isRecord(root.body) ? root.body.history_elder_ledger : undefined;
  return typeof elder === 'number' && Number.isInteger(elder) ? elder : undefined;
}

const isBeforeHistoryProblem = (body: unknown) =>
  isRecord(body) && typeof body.type === 'string' && /(^|\/)before_history$/.test(body.type);

/**
 * The page a link leads to; undefined when it is Horizon's 410 before_history for a descending
 * cursor at or before the elder ledger (the end of the history). The elder is read after the
 * answer: it only moves on, so a cursor after it now was after it then too.
 */
async function linkedPage(
  state: LedgerApiState,
  r: Recorder,
  operationId: OperationId,
  path: string,
  query: Record<string, string>,
): Promise<Page | undefined> {
  const answer = await call(state, r, operationId, { path, query });
  if (answer.status !== 410 || query.order !== 'desc' || !isBeforeHistoryProblem(answer.body))
    return pageOf(answer, path, query);
  const elder = await elderLedger(state, r);
  const cursor = query.cursor ?? '';
  if (elder !== undefined && isBeforeHistory(cursor, elder)) return undefined;
  fail(
    `GET ${path} with ${new URLSearchParams(query)} answered 410 before_history for a cursor within history`,
    answer.exchange,
    `a page: Horizon answers 410 before_history only to a descending cursor at or before the elder ledger's first id (toid(${elder ?? 'elder'}, 0, 0))`,
    `410 for cursor ${cursor}, after the elder ledger ${elder ?? '(the root document reports none)'}`,
  );
}

/** Follows `next` from the first page of a collection, up to four pages; undefined when not served. */
function walk(state: LedgerApiState, t: Recorder, path: string, operationId: OperationId, order: Order) {
  return state.probes.use(t, `walk:${path}:${order}`, async (r): Promise<Walk | undefined> => {
    const query = { limit: String(PAGE), order };
    const first = await call(state, r, operationId, { path, query });
    if (first.status === 404) return undefined;
    if (first.status !== 200 || !recordsOf(first.body)) {
      fail(
        `GET ${path} with ${new URLSearchParams(query)} answered no page`,
        first.exchange,
        '200 with a page',
        `${first.status}`,
      );
    }
    const pages: Page[] = [{ answer: first, tokens: tokensOf(first) }];
    while (pages.length < PAGES) {
      const last = pages[pages.length - 1] as Page;
      if (last.tokens.length === 0) break;
      const next = linkQuery(last.answer.body, 'next');
      if (!next) break; // the contract check of the page reports a missing link
      const page = await linkedPage(state, r, operationId, path, Object.fromEntries(next));
      if (!page) break; // before the elder ledger: the end of the history
      pages.push(page);
    }
    return { path, order, pages };
  });
}

/** Every served collection, walked both ways; fails when none could be walked. */
async function walks(state: LedgerApiState, t: Recorder): Promise<Walk[]> {
  const out: Walk[] = [];
  for (const { path, operationId } of WALKED) {
    for (const order of ['asc', 'desc'] as const) {
      const w = await walk(state, t, path, operationId, order);
      if (w) out.push(w);
    }
  }
  if (out.length === 0) {
    throw new CheckFailure('no history collection is served', [
      {
        expected: `pages of at least one of ${WALKED.map((w) => w.path).join(', ')}`,
        found: 'each answered 404',
      },
    ]);
  }
  return out;
}

/** Walks with at least two non-empty pages; skips when there are none. */
function multiPage(all: Walk[]): Walk[] {
  const out = all.filter((w) => w.pages.filter((p) => p.tokens.length > 0).length >= 2);
  if (out.length === 0) skip(`no collection has more than one page of ${PAGE} records to walk`);
  return out;
}

const describeLink = (query: URLSearchParams | undefined) =>
  query ? `a link with ${query.toString() || 'no query'}` : 'no link';

function nextChecks(w: Walk, evidence: Evidence[]): void {
  const seen = new Set<string>();
  w.pages.forEach((page, i) => {
    for (const token of page.tokens) {
      if (seen.has(token)) {
        evidence.push(
          evidenceOf(
            page.answer.exchange,
            `each record once in a walk of ${w.path} (${w.order})`,
            `the paging_token ${token} again`,
          ),
        );
      }
      seen.add(token);
    }
    const following = w.pages[i + 1];
    const lastToken = page.tokens[page.tokens.length - 1];
    if (lastToken === undefined) return;
    const link = linkQuery(page.answer.body, 'next');
    if (
      link?.get('cursor') !== lastToken ||
      link.get('order') !== w.order ||
      link.get('limit') !== String(PAGE)
    ) {
      evidence.push(
        evidenceOf(
          page.answer.exchange,
          `_links.next carries the last record's paging_token as cursor (${lastToken}), order=${w.order} and limit=${PAGE}`,
          describeLink(link),
        ),
      );
      return;
    }
    const early = following?.tokens.filter((token) => !after(w.order, token, lastToken)) ?? [];
    if (following && early.length > 0) {
      evidence.push(
        evidenceOf(
          following.answer.exchange,
          `the next page starts strictly after ${lastToken} (order ${w.order})`,
          `paging_token(s) ${early.join(', ')}`,
        ),
      );
    }
  });
}

async function prevChecks(state: LedgerApiState, t: Recorder, w: Walk, evidence: Evidence[]): Promise<void> {
  const [first, second] = w.pages;
  const firstToken = second?.tokens[0];
  if (!first || !second || firstToken === undefined) return;
  const link = linkQuery(second.answer.body, 'prev');
  const back = reverse(w.order);
  if (
    link?.get('cursor') !== firstToken ||
    link.get('order') !== back ||
    link.get('limit') !== String(PAGE)
  ) {
    evidence.push(
      evidenceOf(
        second.answer.exchange,
        `_links.prev carries the first record's paging_token as cursor (${firstToken}), order=${back} (reversed) and limit=${PAGE}`,
        describeLink(link),
      ),
    );
    return;
  }
  const operationId = WALKED.find((c) => c.path === w.path)?.operationId as OperationId;
  const prev = await linkedPage(state, t, operationId, w.path, Object.fromEntries(link));
  if (!prev) return; // the first page is before the elder ledger now
  const expected = [...first.tokens].reverse();
  if (prev.tokens.join(',') !== expected.join(',') && !(await trimmedSince(state, t, prev.tokens, expected))) {
    evidence.push(
      evidenceOf(
        prev.answer.exchange,
        `following prev from the second page of ${w.path} (${w.order}) gives the first page reversed: ${expected.join(', ')}`,
        `paging_token(s) ${prev.tokens.join(', ') || '(none)'}`,
      ),
    );
  }
}

/**
 * Whether `found` is `expected` without its records of ledgers before the elder ledger now: the
 * oldest come last in a descending page, so those trimmed since are its tail.
 */
async function trimmedSince(
  state: LedgerApiState,
  t: Recorder,
  found: string[],
  expected: string[],
): Promise<boolean> {
  if (found.some((token, i) => token !== expected[i])) return false;
  const elder = await elderLedger(state, t);
  return elder !== undefined && expected.slice(found.length).every((token) => ledgerOfToken(token) < elder);
}

const NEEDS_PAGES = 'pages computed from cursor, order and limit';

export const pagingChecks: CheckDefinition<LedgerApiState>[] = [
  {
    id: 'paging.records-in-order',
    title: 'The records of a page are in the requested order of their paging tokens',
    // Apps read `records` in the order they asked for (js-stellar-sdk's CallBuilder.order).
    level: 'must',
    needsBehaviour: NEEDS_PAGES,
    async run(state, t) {
      const evidence: Evidence[] = [];
      const all = await walks(state, t);
      for (const w of all) {
        for (const page of w.pages) {
          const wrong = page.tokens.findIndex(
            (token, i) => i > 0 && !after(w.order, token, page.tokens[i - 1] as string),
          );
          if (wrong > 0) {
            evidence.push(
              evidenceOf(
                page.answer.exchange,
                `paging tokens strictly ${w.order === 'asc' ? 'increasing' : 'decreasing'} (order=${w.order})`,
                `${page.tokens[wrong - 1]} then ${page.tokens[wrong]}`,
              ),
            );
          }
        }
      }
      verdict(evidence, 'page(s) out of order');
      t.note(`${all.length} walks of ${all.map((w) => `${w.path} ${w.order}`).join(', ')}`);
    },
  },
  {
    id: 'paging.next-after-last',
    title: '`next` carries the last paging token, and the next page starts strictly after it',
    // CollectionPage.next() follows `_links.next`: a repeat or a gap loses or doubles records.
    level: 'must',
    needsBehaviour: NEEDS_PAGES,
    async run(state, t) {
      const evidence: Evidence[] = [];
      const all = multiPage(await walks(state, t));
      for (const w of all) nextChecks(w, evidence);
      verdict(evidence, 'next link(s) or page(s) wrong');
      t.note(`walked ${all.map((w) => `${w.path} ${w.order} (${w.pages.length} pages)`).join(', ')}`);
    },
  },
  {
    id: 'paging.prev-reverses',
    title:
      '`prev` carries the first paging token with the order reversed, and leads back to the previous page',
    // CollectionPage.prev() follows `_links.prev`.
    level: 'must',
    needsBehaviour: NEEDS_PAGES,
    async run(state, t) {
      const evidence: Evidence[] = [];
      const all = multiPage(await walks(state, t));
      for (const w of all) await prevChecks(state, t, w, evidence);
      verdict(evidence, 'prev link(s) wrong');
    },
  },
  {
    id: 'paging.defaults',
    title: 'Without order and limit, a collection answers order asc and 10 records',
    // js-stellar-sdk sends order and limit only when the app sets them and then follows the
    // provider's own links: another default changes which records come first, breaks no call.
    level: 'should',
    needsBehaviour: NEEDS_PAGES,
    async run(state, t) {
      const plain = await getPage(state, t, 'listLedgers', '/ledgers', {});
      const explicit = await getPage(state, t, 'listLedgers', '/ledgers', { order: 'asc', limit: '10' });
      const self = linkQuery(plain.answer.body, 'self');
      const problems: Evidence[] = [];
      if (
        (self?.has('order') && self.get('order') !== 'asc') ||
        (self?.has('limit') && self.get('limit') !== '10')
      ) {
        problems.push(
          evidenceOf(
            plain.answer.exchange,
            '_links.self shows the defaults order=asc and limit=10',
            describeLink(self),
          ),
        );
      }
      if (plain.tokens.join(',') !== explicit.tokens.join(',')) {
        problems.push(
          evidenceOf(
            plain.answer.exchange,
            `the same records as order=asc&limit=10 (${explicit.tokens.join(', ') || 'none'})`,
            `${plain.tokens.length} record(s): ${plain.tokens.join(', ') || 'none'}`,
          ),
        );
      }
      verdict(problems, 'default(s) wrong');
    },
  },
  {
    id: 'paging.limit.accepted',
    title: 'limit=1 answers one record and limit=200 a full page (a shorter one only at the end)',
    // An app bounds a page with CallBuilder.limit() and often stops at a short page.
    level: 'must',
    needsBehaviour: NEEDS_PAGES,
    async run(state, t) {
      const evidence: Evidence[] = [];
      const one = await getPage(state, t, 'listLedgers', '/ledgers', { limit: '1' });
      if (one.tokens.length !== 1) {
        evidence.push(
          evidenceOf(one.answer.exchange, 'exactly 1 record for limit=1', `${one.tokens.length} records`),
        );
      }
      // Newest first: ledgers that close between the two requests come before this page, never
      // after it, so on a live network a short page is still the last one.
      const full = await getPage(state, t, 'listLedgers', '/ledgers', { limit: '200', order: 'desc' });
      if (full.tokens.length > 200) {
        evidence.push(
          evidenceOf(
            full.answer.exchange,
            'at most 200 records for limit=200',
            `${full.tokens.length} records`,
          ),
        );
      } else if (full.tokens.length < 200) {
        // A short page must be the last one: it reached the oldest ledger, and what follows is an
        // empty page or, as Horizon answers a descending cursor at its oldest ledger, 410.
        const next = linkQuery(full.answer.body, 'next');
        const rest = next
          ? await call(state, t, 'listLedgers', { path: '/ledgers', query: Object.fromEntries(next) })
          : undefined;
        const more = rest?.status === 200 ? (recordsOf(rest.body)?.length ?? 0) : 0;
        if (rest && (more > 0 || (rest.status !== 200 && rest.status !== 410))) {
          evidence.push(
            evidenceOf(
              rest.exchange,
              '200 records for limit=200, or fewer only when no record follows (an empty page, or 410 before history)',
              more > 0
                ? `${full.tokens.length} records, and the next page has ${more} more`
                : `${full.tokens.length} records, and the next page was answered ${rest.status}`,
            ),
          );
        }
      }
      verdict(evidence, 'limit(s) not honoured');
    },
  },
];
