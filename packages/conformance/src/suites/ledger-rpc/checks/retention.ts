/**
 * The retained ledger range: getHealth's oldestLedger, latestLedger and ledgerRetentionWindow
 * agree with what getLatestLedger, getLedgers, getTransactions and getEvents serve; a start
 * ledger outside the range gets stellar-rpc's refusal: -32600 from go-stellar-sdk
 * `protocols/rpc` ValidatePagination (getLedgers, getTransactions) and from `methods/get_events.go`,
 * -32602 for a getLedgers cursor (`methods/get_ledgers.go` parseCursor).
 */
import { CheckFailure, type Evidence, evidenceOf, fail, skip } from '../../../model.js';
import type { CheckDefinition, Recorder } from '../../../runner.js';
import { type Called, callMethod, isRecord, type LedgerRpcState } from '../state.js';
import { type ExpectedError, expectErrors, listOf, messagePattern, num } from './common.js';

interface Health {
  oldest: number;
  latest: number;
  window?: number;
  answer: Called;
}

async function health(state: LedgerRpcState, t: Recorder): Promise<Health> {
  const answer = await callMethod(state, t, 'getHealth');
  const h = isRecord(answer.result) ? answer.result : {};
  const [oldest, latest] = [num(h.oldestLedger), num(h.latestLedger)];
  if (!Number.isInteger(oldest) || !Number.isInteger(latest)) {
    fail(
      'getHealth answered no ledger range',
      answer.exchange,
      'oldestLedger and latestLedger',
      JSON.stringify(answer.error ?? h),
    );
  }
  const window = typeof h.ledgerRetentionWindow === 'number' ? h.ledgerRetentionWindow : undefined;
  return { oldest, latest, ...(window === undefined ? {} : { window }), answer };
}

const RANGED = ['getLedgers', 'getTransactions', 'getEvents'] as const;

/** A paginated method from the oldest ledger getHealth reports (asked again if it has moved on since). */
async function fromOldest(
  state: LedgerRpcState,
  t: Recorder,
  method: (typeof RANGED)[number],
  h: Health,
): Promise<{ answer: Called; asked: number }> {
  let asked = h.oldest;
  let answer = await callMethod(state, t, method, { startLedger: asked, pagination: { limit: 1 } });
  if (answer.error) {
    // On a full window the oldest ledger is trimmed as each new one closes.
    const now = await health(state, t);
    if (now.oldest > asked) {
      asked = now.oldest;
      answer = await callMethod(state, t, method, { startLedger: asked, pagination: { limit: 1 } });
    }
  }
  return { answer, asked };
}

/** A message with the range stellar-rpc writes in it, both ends no older than getHealth's. */
function rangeMessage(template: string, h: Health): { test(text: string): boolean; toString(): string } {
  const pattern = messagePattern(template);
  return {
    test(text) {
      const found = pattern.exec(text);
      return found !== null && Number(found[1]) >= h.oldest && Number(found[2]) >= h.latest;
    },
    toString: () => `"${template}" (oldest ≥ ${h.oldest}, latest ≥ ${h.latest})`,
  };
}

/** The refusals of a start ledger (and a getLedgers cursor) outside the range, as stellar-rpc words them. */
function refusals(asked: number, h: Health, side: 'before' | 'after'): ExpectedError[] {
  const page = rangeMessage(
    `start ledger (${asked}) must be between the oldest ledger: {oldest} and the latest ledger: {latest} for this rpc instance`,
    h,
  );
  const calls: ExpectedError[] = [
    {
      method: 'getLedgers',
      params: { startLedger: asked },
      what: `getLedgers from ledger ${asked}`,
      code: -32600,
      message: page,
      // stellar-rpc with serve-ledgers-from-datastore serves older ledgers from its datastore.
      ...(side === 'before'
        ? {
            orResult: {
              test: (result: unknown) => listOf(result, 'ledgers')[0]?.sequence === asked,
              what: `ledger ${asked} served from a datastore`,
            },
          }
        : {}),
    },
    {
      method: 'getTransactions',
      params: { startLedger: asked },
      what: `getTransactions from ledger ${asked}`,
      code: -32600,
      message: page,
    },
    {
      method: 'getEvents',
      params: { startLedger: asked },
      what: `getEvents from ledger ${asked}`,
      code: -32600,
      message: rangeMessage('startLedger must be within the ledger range: {oldest} - {latest}', h),
    },
  ];
  if (side === 'after') {
    calls.push({
      method: 'getLedgers',
      params: { pagination: { cursor: String(asked) } },
      what: `getLedgers after cursor ${asked}`,
      code: -32602,
      message: rangeMessage(
        `cursor ('${asked}') must be between the oldest ledger: {oldest} and the latest ledger: {latest} for this rpc instance`,
        h,
      ),
    });
  }
  return calls;
}

export const retentionChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'retention.window',
    title: "getHealth's ledger range agrees with getLatestLedger, getLedgers, getTransactions and getEvents",
    // Apps start paging at getHealth's oldestLedger; a range the methods do not serve fails their calls.
    level: 'must',
    needsBehaviour: 'a retained ledger range',
    async run(state, t) {
      // A ledger that closes mid-check may trim the oldest one asked for: that is the provider
      // keeping its window, not a wrong range. The check is judged on a range that held still.
      for (let attempt = 1; ; attempt++) {
        const h = await health(state, t);
        const evidence = await rangeEvidence(state, t, h);
        if (evidence.length === 0) {
          t.note(`ledgers ${h.oldest}..${h.latest}${h.window === undefined ? '' : `, window ${h.window}`}`);
          return;
        }
        const after = await health(state, t);
        if (after.oldest === h.oldest || attempt === RANGE_ATTEMPTS)
          throw new CheckFailure('the ledger range is not what the methods serve', evidence);
      }
    },
  },
  {
    id: 'retention.before-oldest',
    title: 'A start ledger before the oldest retained one gets -32600 naming the range',
    // rpc.Server throws the error object; apps read the range from the message to start again.
    level: 'should',
    needsBehaviour: 'a retained ledger range',
    async run(state, t) {
      const h = await health(state, t);
      if (h.oldest <= 1) skip('the provider retains every ledger from the first: none is before its oldest');
      await expectErrors(state, t, refusals(h.oldest - 1, h, 'before'));
    },
  },
  {
    id: 'retention.after-latest',
    title: 'A start ledger or cursor after the latest ledger gets the error naming the range',
    level: 'should',
    needsBehaviour: 'a retained ledger range',
    async run(state, t) {
      const h = await health(state, t);
      // Far enough ahead that no ledger closes up to it while the check runs.
      await expectErrors(state, t, refusals(h.latest + 1000, h, 'after'));
    },
  },
];

/** Tries of retention.window: a range that moved during a try is measured again. */
const RANGE_ATTEMPTS = 3;

/** Where getLatestLedger and the ranged methods disagree with getHealth's range `h`. */
async function rangeEvidence(state: LedgerRpcState, t: Recorder, h: Health): Promise<Evidence[]> {
  const evidence: Evidence[] = [];
  const wrong = (answer: Called, expected: string, found: string) =>
    evidence.push(evidenceOf(answer.exchange, expected, found));
  if (h.oldest > h.latest) wrong(h.answer, 'oldestLedger ≤ latestLedger', `${h.oldest} > ${h.latest}`);
  if (h.window !== undefined && h.latest - h.oldest + 1 > h.window)
    wrong(
      h.answer,
      `at most ledgerRetentionWindow (${h.window}) ledgers retained`,
      `${h.oldest}..${h.latest}`,
    );
  const latest = await callMethod(state, t, 'getLatestLedger');
  const sequence = isRecord(latest.result) ? num(latest.result.sequence) : Number.NaN;
  if (!(sequence >= h.latest))
    wrong(latest, `a sequence ≥ getHealth's latestLedger ${h.latest}`, String(sequence));
  for (const method of RANGED) {
    const { answer, asked } = await fromOldest(state, t, method, h);
    const r = isRecord(answer.result) ? answer.result : {};
    const first = method === 'getLedgers' ? listOf(r, 'ledgers')[0]?.sequence : asked;
    if (
      answer.error ||
      first !== asked ||
      !(num(r.oldestLedger) <= asked) ||
      !(num(r.latestLedger) >= h.latest)
    ) {
      wrong(
        answer,
        `${method} from getHealth's oldestLedger ${asked}: served` +
          (method === 'getLedgers' ? `, ledger ${asked} first` : '') +
          `, with oldestLedger ≤ ${asked} and latestLedger ≥ ${h.latest}`,
        answer.error
          ? `error ${JSON.stringify(answer.error)}`
          : `oldestLedger ${r.oldestLedger}, latestLedger ${r.latestLedger}, first ${first}`,
      );
    }
  }
  return evidence;
}
