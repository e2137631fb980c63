/**
 * Paging invariants, walked over real pages of the history collections: records in order,
 * `next` continuing strictly after the last token, `prev` reversing from the first token, the
 * defaults (`asc`, 10) and the bounds of `limit` (the walks: paging-walks.ts).
 */
import type { OperationId } from '@starspec/ledger-api';
import { type Evidence, evidenceOf, skip } from '../../model.js';
import type { CheckDefinition, Recorder } from '../../runner.js';
import { after, reverse } from '../../stellar/paging-tokens.js';
import { getPage, linkedPage, PAGE, trimmedSince, WALKED, type Walk, walks } from './paging-walks.js';
import { call, type LedgerApiState, linkQuery, recordsOf, verdict } from './state.js';

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
  if (
    prev.tokens.join(',') !== expected.join(',') &&
    !(await trimmedSince(state, t, prev.tokens, expected))
  ) {
    evidence.push(
      evidenceOf(
        prev.answer.exchange,
        `following prev from the second page of ${w.path} (${w.order}) gives the first page reversed: ${expected.join(', ')}`,
        `paging_token(s) ${prev.tokens.join(', ') || '(none)'}`,
      ),
    );
  }
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
