/**
 * The cursor round trip of getLedgers, getTransactions and getEvents: the page after a returned
 * cursor continues right after the page that returned it.
 */
import { fail, skip } from '../../../model.js';
import type { CheckContext, CheckDefinition } from '../../../runner.js';
import { compareTokens } from '../../../stellar/paging-tokens.js';
import { history } from '../history.js';
import { callMethod, isRecord, type LedgerRpcState } from '../state.js';
import { isPastLatest, lacking, listOf, num } from './common.js';

/** The ledger an item of getLedgers, getTransactions or getEvents belongs to. */
const ledgerOf = (item: Record<string, unknown>) => num(item.ledger ?? item.sequence);

/**
 * Whether one large page from `startLedger` holds an item that `isAfter` picks, among the items of
 * ledgers up to `upTo`: items of ledgers closed since (the provider's latest when it answered the
 * empty page) were not there to be given.
 */
async function anyAfter(
  state: LedgerRpcState,
  t: CheckContext,
  method: 'getLedgers' | 'getTransactions' | 'getEvents',
  key: string,
  startLedger: number,
  upTo: number,
  isAfter: (item: Record<string, unknown>) => boolean,
): Promise<boolean> {
  const limit = method === 'getEvents' ? 1000 : 200;
  const all = await callMethod(state, t, method, { startLedger, pagination: { limit } });
  return listOf(all.result, key).some((item) => !(ledgerOf(item) > upTo) && isAfter(item));
}

/** Two pages through a cursor; `order` says whether the second page starts strictly after the first. */
async function roundTrip(
  state: LedgerRpcState,
  t: CheckContext,
  method: 'getLedgers' | 'getTransactions' | 'getEvents',
  key: string,
  after: (last: Record<string, unknown>, next: Record<string, unknown>) => boolean,
  show: (item: Record<string, unknown>) => string,
  /** What the first item of the second page must be, when the sequence has no gaps. */
  firstIs?: (last: Record<string, unknown>, first: Record<string, unknown>) => boolean,
): Promise<void> {
  const { start: startLedger, latest, noTraffic, noLedgers } = await history(state, t);
  const first = await callMethod(state, t, method, { startLedger, pagination: { limit: 2 } });
  if (first.error)
    fail(`${method} answered an error`, first.exchange, `a ${method} result`, JSON.stringify(first.error));
  const page = listOf(first.result, key);
  if (page.length < 2)
    skip(
      `${method} from ledger ${startLedger} answered fewer than 2 ${key}: nothing to page through` +
        lacking(key, { noTraffic, noLedgers }),
    );
  const cursor = isRecord(first.result) ? first.result.cursor : undefined;
  if (typeof cursor !== 'string' || cursor === '') {
    fail(
      `${method} answered no cursor`,
      first.exchange,
      'a cursor (string) to continue from',
      JSON.stringify(cursor),
    );
  }
  const second = await callMethod(state, t, method, { pagination: { cursor, limit: 2 } });
  if (method === 'getLedgers' && isPastLatest(second, cursor, latest))
    skip(`ledger ${cursor} is still the latest: no page after it yet${lacking(key, { noLedgers })}`);
  if (second.error)
    fail(
      `${method} refused its own cursor`,
      second.exchange,
      `the page after cursor ${cursor}`,
      JSON.stringify(second.error),
    );
  const next = listOf(second.result, key);
  const last = page[page.length - 1] as Record<string, unknown>;
  // An empty page after the last item so far is stellar-rpc's answer too: no fault unless more
  // came in the ledgers that answer covered.
  const coveredUpTo = isRecord(second.result) ? num(second.result.latestLedger) : Number.NaN;
  const upTo = Number.isFinite(coveredUpTo) ? coveredUpTo : Number.POSITIVE_INFINITY;
  if (
    next.length === 0 &&
    !(await anyAfter(state, t, method, key, startLedger, upTo, (item) => after(last, item)))
  )
    skip(`the first page ended with the last of the ${key} so far, ${show(last)}: no page after it to check`);
  const early = next.filter((item) => !after(last, item));
  if (next[0] && firstIs && !firstIs(last, next[0])) early.unshift(next[0]);
  if (next.length === 0 || early.length > 0) {
    fail(
      `the page after cursor ${cursor} does not continue after the first page`,
      second.exchange,
      `${key} strictly after ${show(last)}, the last of the first page`,
      next.length === 0 ? `no ${key}` : early.map(show).join(', '),
    );
  }
  t.note(
    `${show(page[0] as Record<string, unknown>)} … ${show(last)}, then ${show(next[0] as Record<string, unknown>)} …`,
  );
}

export const pagingChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'paging.get-ledgers',
    title: 'getLedgers: the page after the returned cursor starts with the next ledger',
    // Apps page with the cursor rpc.Server returns.
    level: 'must',
    needsBehaviour: 'pages computed from the cursor',
    run: (state, t) =>
      roundTrip(
        state,
        t,
        'getLedgers',
        'ledgers',
        (last, item) => num(item.sequence) > num(last.sequence),
        (item) => `ledger ${item.sequence}`,
        (last, first) => num(first.sequence) === num(last.sequence) + 1,
      ),
  },
  {
    id: 'paging.get-transactions',
    title: 'getTransactions: the page after the returned cursor starts after the last transaction',
    level: 'must',
    needsBehaviour: 'pages computed from the cursor',
    run: (state, t) =>
      roundTrip(
        state,
        t,
        'getTransactions',
        'transactions',
        (last, item) =>
          num(item.ledger) > num(last.ledger) ||
          (num(item.ledger) === num(last.ledger) && num(item.applicationOrder) > num(last.applicationOrder)),
        (item) => `${item.ledger}/${item.applicationOrder}`,
      ),
  },
  {
    id: 'paging.get-events',
    title: 'getEvents: the page after the returned cursor starts after the last event',
    level: 'must',
    needsBehaviour: 'pages computed from the cursor',
    run: (state, t) =>
      roundTrip(
        state,
        t,
        'getEvents',
        'events',
        (last, item) =>
          typeof item.id === 'string' && typeof last.id === 'string' && compareTokens(item.id, last.id) > 0,
        (item) => String(item.id),
      ),
  },
];
