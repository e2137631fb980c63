/**
 * The walks of the paging checks: the history collections followed through `next` from their
 * first page, both ways. The history is the provider's own: it waits (bounded) for a provider
 * that has just started to close two pages of ledgers; a descending link that reaches the elder
 * ledger may be answered 410 before_history, as Horizon answers it; and the records of ledgers
 * trimmed since (the elder ledger moved on) are gone.
 */
import type { OperationId } from '@starspec/ledger-api';
import { CheckFailure, fail } from '../../model.js';
import type { Recorder } from '../../runner.js';
import { poll } from '../../stellar/live.js';
import { isBeforeHistory, ledgerOfToken, type Order } from '../../stellar/paging-tokens.js';
import { type Answer, call, isRecord, type LedgerApiState, linkQuery, recordsOf } from './state.js';

/** The history collections walked, whose paging tokens are ordered. */
export const WALKED: readonly { path: string; operationId: OperationId }[] = [
  { path: '/ledgers', operationId: 'listLedgers' },
  { path: '/transactions', operationId: 'listTransactions' },
  { path: '/operations', operationId: 'listOperations' },
  { path: '/payments', operationId: 'listPayments' },
  { path: '/effects', operationId: 'listEffects' },
  { path: '/trades', operationId: 'listTrades' },
];

export const PAGE = 3;
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

export async function getPage(
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
export async function linkedPage(
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

/**
 * Waits until the provider's history (its root document's elder to latest ledger) holds two
 * pages of ledgers: one that has just started closes them on its own. Bounded: polled for at most
 * about ten ledgers of a public network (LANDING_TIMEOUT_MS); the walks then take what there is.
 */
function historyToWalk(state: LedgerApiState, t: Recorder): Promise<unknown> {
  return state.probes.use(t, 'history-to-walk', (r) =>
    poll(async () => {
      const root = await call(state, r, 'getRoot', { path: '/' });
      const body = isRecord(root.body) ? root.body : {};
      const { history_elder_ledger: elder, history_latest_ledger: latest } = body;
      // Without both numbers there is nothing to wait on.
      if (typeof elder !== 'number' || typeof latest !== 'number') return true;
      return latest - elder + 1 > PAGE ? true : undefined;
    }),
  );
}

/** Every served collection, walked both ways; fails when none could be walked. */
export async function walks(state: LedgerApiState, t: Recorder): Promise<Walk[]> {
  await historyToWalk(state, t);
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

/**
 * Whether `found` is `expected` without its records of ledgers before the elder ledger now: the
 * oldest come last in a descending page, so those trimmed since are its tail.
 */
export async function trimmedSince(
  state: LedgerApiState,
  t: Recorder,
  found: string[],
  expected: string[],
): Promise<boolean> {
  if (found.some((token, i) => token !== expected[i])) return false;
  const elder = await elderLedger(state, t);
  return elder !== undefined && expected.slice(found.length).every((token) => ledgerOfToken(token) < elder);
}
