/**
 * Paging across many ledgers: getLedgers, getTransactions and getEvents walked with small pages
 * over at least PAGED_LEDGERS ledgers (traffic made first when the provider has too little):
 * ascending, no item twice, no gap (ledgers in sequence; transactions and events as one large
 * page has them). And the end of the data, as stellar-rpc answers it: past the latest ledger
 * getLedgers refuses the cursor (-32602, `methods/get_ledgers.go` parseCursor), getTransactions
 * and getEvents answer no item already given.
 */
import { CheckFailure, evidenceOf, fail, skip } from '../../../model.js';
import type { CheckContext, CheckDefinition, Recorder } from '../../../runner.js';
import { compareTokens } from '../../../stellar/paging-tokens.js';
import { history, PAGED_LEDGERS } from '../history.js';
import { type Called, callMethod, isRecord, type LedgerRpcState } from '../state.js';
import { cursorRangeMessage, isPastLatest, lacking, listOf, num } from './common.js';

type Item = Record<string, unknown>;

interface Pager {
  method: 'getLedgers' | 'getTransactions' | 'getEvents';
  key: 'ledgers' | 'transactions' | 'events';
  /** Page size of the walk: small, so that it turns many pages. */
  limit: number;
  /** One large page: what the walk must equal, item for item. */
  reference: number;
  id(item: Item): string;
  /** Negative when `a` comes first. */
  compare(a: Item, b: Item): number;
  show(item: Item): string;
}

const PAGERS: Record<Pager['key'], Pager> = {
  ledgers: {
    method: 'getLedgers',
    key: 'ledgers',
    limit: 2,
    reference: 200,
    id: (item) => String(item.sequence),
    compare: (a, b) => num(a.sequence) - num(b.sequence),
    show: (item) => `ledger ${item.sequence}`,
  },
  transactions: {
    method: 'getTransactions',
    key: 'transactions',
    limit: 3,
    reference: 200,
    id: (item) => String(item.txHash),
    compare: (a, b) => num(a.ledger) - num(b.ledger) || num(a.applicationOrder) - num(b.applicationOrder),
    show: (item) => `transaction ${item.ledger}/${item.applicationOrder}`,
  },
  events: {
    method: 'getEvents',
    key: 'events',
    limit: 4,
    reference: 1000,
    id: (item) => String(item.id),
    compare: (a, b) => compareTokens(String(a.id), String(b.id)),
    show: (item) => `event ${item.id}`,
  },
};

/** A walk stops after this many pages, whatever it has covered. */
const MAX_PAGES = 100;

const ledgerOf = (item: Item) => num(item.ledger ?? item.sequence);
const cursorOf = (answer: Called) => (isRecord(answer.result) ? answer.result.cursor : undefined);

interface Walk {
  items: Item[];
  /** The answer each item came in. */
  pageOf: Map<Item, Called>;
  pages: number;
  /** The last page's answer, and whether it was short (the end of the data). */
  last: Called;
  ended: boolean;
}

/**
 * Pages from `startLedger` with the returned cursors until `enough`, a short page, the end of the
 * ledgers (stellar-rpc refuses a getLedgers cursor at the latest ledger, which is at least
 * `closed`), or MAX_PAGES.
 */
async function walk(
  state: LedgerRpcState,
  t: Recorder,
  pager: Pager,
  startLedger: number,
  limit: number,
  closed: number,
  enough: (items: Item[]) => boolean = () => false,
): Promise<Walk> {
  const items: Item[] = [];
  const pageOf = new Map<Item, Called>();
  const seen = new Set<string>();
  let params: unknown = { startLedger, pagination: { limit } };
  let cursor: string | undefined;
  let previous: Called | undefined;
  for (let pages = 1; ; pages++) {
    const page = await callMethod(state, t, pager.method, params);
    if (previous && cursor !== undefined && pager.key === 'ledgers' && isPastLatest(page, cursor, closed))
      return { items, pageOf, pages: pages - 1, last: previous, ended: true };
    if (page.error)
      fail(
        `${pager.method} answered an error while paging`,
        page.exchange,
        'a page',
        JSON.stringify(page.error),
      );
    const next = cursorOf(page);
    if (typeof next !== 'string' || next === '')
      fail(
        `${pager.method} answered no cursor`,
        page.exchange,
        'a cursor to continue from',
        JSON.stringify(next),
      );
    cursor = next;
    previous = page;
    for (const item of listOf(page.result, pager.key)) {
      const before = items.at(-1);
      if (seen.has(pager.id(item)) || (before && pager.compare(before, item) >= 0)) {
        fail(
          `${pager.method} gave ${pager.show(item)} out of order or twice`,
          page.exchange,
          `${pager.key} in ascending order, each once: after ${before ? pager.show(before) : 'nothing'}`,
          pager.show(item),
        );
      }
      seen.add(pager.id(item));
      items.push(item);
      pageOf.set(item, page);
    }
    const ended = listOf(page.result, pager.key).length < limit;
    if (ended || enough(items) || pages >= MAX_PAGES) return { items, pageOf, pages, last: page, ended };
    params = { pagination: { cursor, limit } };
  }
}

const distinctLedgers = (items: Item[]) => new Set(items.map(ledgerOf)).size;

/** The first place where the walk and one large page from the same ledger differ. */
async function gapAgainstOnePage(
  state: LedgerRpcState,
  t: Recorder,
  pager: Pager,
  start: number,
  items: Item[],
) {
  const reference = await callMethod(state, t, pager.method, {
    startLedger: start,
    pagination: { limit: pager.reference },
  });
  const all = listOf(reference.result, pager.key);
  const at = items.findIndex((item, i) => i < all.length && pager.id(item) !== pager.id(all[i] as Item));
  if (at < 0) return undefined;
  return evidenceOf(
    reference.exchange,
    `the walk's ${pager.key} as one page of ${pager.reference} has them: ${pager.show(all[at] as Item)} at position ${at + 1}`,
    `the walk has ${pager.show(items[at] as Item)} there: an item skipped or repeated between pages`,
  );
}

/**
 * The first item that does not follow the one before it: ledgers in sequence from the start;
 * in each ledger, transactions in application order 1, 2, 3…
 */
function gapIn(pager: Pager, items: Item[], start: number): { at: number; expected: string } | undefined {
  for (const [at, item] of items.entries()) {
    const before = items[at - 1];
    if (pager.key === 'ledgers' && num(item.sequence) !== start + at)
      return { at, expected: `ledger ${start + at}` };
    if (pager.key === 'transactions') {
      const order = before && ledgerOf(before) === ledgerOf(item) ? num(before.applicationOrder) + 1 : 1;
      if (num(item.applicationOrder) !== order)
        return { at, expected: `transaction ${item.ledger}/${order}` };
    }
  }
  return undefined;
}

function walkCheck(pager: Pager): CheckDefinition<LedgerRpcState> {
  return {
    id: `paging.walk.${pager.method.replace(/^get/, 'get-').toLowerCase()}`,
    title: `${pager.method} paged with small pages across ${PAGED_LEDGERS}+ ledgers: ascending, no item twice, no gap`,
    // Apps follow the ledger by paging with the cursor rpc.Server returns.
    level: 'must',
    needsBehaviour: 'pages computed from the cursor',
    async run(state, t) {
      const { start, latest, noTraffic, noLedgers, made } = await history(state, t);
      const enough = (items: Item[]) => distinctLedgers(items) >= PAGED_LEDGERS;
      const walked = await walk(state, t, pager, start, pager.limit, latest, enough);
      const { items, pages } = walked;
      if (walked.ended && !enough(items)) {
        skip(
          `from ledger ${start}, only ${distinctLedgers(items)} ledger(s) hold ${pager.key}: fewer than ${PAGED_LEDGERS} to page across` +
            lacking(pager.key, { noTraffic, noLedgers }),
        );
      }
      const gap = gapIn(pager, items, start);
      if (gap) {
        const item = items[gap.at] as Item;
        fail(
          `${pager.method} skipped an item between pages`,
          walked.pageOf.get(item)?.exchange,
          `${gap.expected} next, after ${gap.at > 0 ? pager.show(items[gap.at - 1] as Item) : `start ledger ${start}`}`,
          pager.show(item),
        );
      }
      if (pager.key !== 'ledgers') {
        const differs = await gapAgainstOnePage(state, t, pager, start, items);
        if (differs) throw new CheckFailure(`${pager.method} pages do not add up to one page`, [differs]);
      }
      const traffic = made > 0 ? ` (after ${made} payments made as traffic)` : '';
      t.note(
        `${pages} pages of ${pager.limit}: ${items.length} ${pager.key} across ${distinctLedgers(items)} ledgers${traffic}`,
      );
    },
  };
}

async function latestSequence(state: LedgerRpcState, t: Recorder): Promise<number> {
  const latest = await callMethod(state, t, 'getLatestLedger');
  const sequence = isRecord(latest.result) ? num(latest.result.sequence) : Number.NaN;
  if (!Number.isInteger(sequence))
    fail('getLatestLedger answered no sequence', latest.exchange, 'a sequence');
  return sequence;
}

/** Past the latest ledger stellar-rpc refuses the cursor; while ledgers close, it answers them. */
async function ledgersEnd(state: LedgerRpcState, t: CheckContext): Promise<void> {
  const sequence = await latestSequence(state, t);
  const { last } = await walk(state, t, PAGERS.ledgers, sequence, 5, sequence);
  let cursor = cursorOf(last) as string;
  for (let round = 0; round < MAX_PAGES; round++) {
    const next = await callMethod(state, t, 'getLedgers', { pagination: { cursor, limit: 5 } });
    const message = cursorRangeMessage(cursor, cursor);
    if (isPastLatest(next, cursor, sequence)) {
      t.note(`past ledger ${cursor}: -32602 ${next.error?.message}`);
      return;
    }
    const ledgers = listOf(next.result, 'ledgers');
    if (next.error || num(ledgers[0]?.sequence) !== Number(cursor) + 1) {
      fail(
        'past the latest ledger, getLedgers did not answer as stellar-rpc does',
        next.exchange,
        `the error -32602 "${message}" (the next ledger after the cursor is not there yet), or the ledgers closed since`,
        next.error
          ? `error ${JSON.stringify(next.error)}`
          : `${ledgers.length} ledgers, cursor ${JSON.stringify(cursorOf(next))}`,
      );
    }
    cursor = String(ledgers.at(-1)?.sequence);
  }
  skip(`ledgers kept closing for ${MAX_PAGES} pages: the end was never reached`);
}

/** After the last page, the returned cursor answers no item already given, and no error. */
async function itemsEnd(state: LedgerRpcState, t: CheckContext, pager: Pager): Promise<void> {
  const sequence = await latestSequence(state, t);
  const { items, last, ended } = await walk(state, t, pager, sequence, 20, sequence);
  if (!ended) skip(`the ${pager.key} from the latest ledger did not end within ${MAX_PAGES} pages`);
  const cursor = cursorOf(last) as string;
  const next = await callMethod(state, t, pager.method, { pagination: { cursor, limit: 20 } });
  const given = new Set(items.map(pager.id));
  const lastItem = items.at(-1);
  const again = listOf(next.result, pager.key).filter(
    (item) => given.has(pager.id(item)) || (lastItem !== undefined && pager.compare(lastItem, item) >= 0),
  );
  // getEvents continues from the end of the window it scanned: its cursor never goes back.
  const back =
    pager.key === 'events' &&
    typeof cursorOf(next) === 'string' &&
    compareTokens(String(cursorOf(next)), cursor) < 0;
  if (next.error || again.length > 0 || back) {
    fail(
      `after the last page, ${pager.method} did not answer as stellar-rpc does`,
      next.exchange,
      `no error and no ${pager.key} already given (an empty page, or ${pager.key} that came since)` +
        (pager.key === 'events' ? ', and a cursor not before the one sent' : ''),
      next.error
        ? `error ${JSON.stringify(next.error)}`
        : back
          ? `cursor ${JSON.stringify(cursorOf(next))} before ${cursor}`
          : `again: ${again.map(pager.show).join(', ')}`,
    );
  }
  t.note(
    `${items.length} ${pager.key} from ledger ${sequence}, then ${listOf(next.result, pager.key).length}`,
  );
}

function endCheck(pager: Pager): CheckDefinition<LedgerRpcState> {
  return {
    id: `paging.end.${pager.method.replace(/^get/, 'get-').toLowerCase()}`,
    title: `${pager.method} past the last ${pager.key.replace(/s$/, '')} answers as stellar-rpc does`,
    // rpc.Server hands the answer on; an app polling for new items meets it at every poll.
    level: 'should',
    needsBehaviour: 'pages computed from the cursor',
    run: (state, t) => (pager.key === 'ledgers' ? ledgersEnd(state, t) : itemsEnd(state, t, pager)),
  };
}

const pagers = Object.values(PAGERS);

export const walkChecks: CheckDefinition<LedgerRpcState>[] = [
  ...pagers.map(walkCheck),
  ...pagers.map(endCheck),
];
