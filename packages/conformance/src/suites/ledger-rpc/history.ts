/**
 * History to page through: ledgers from the start ledger, holding transactions and events. A
 * provider that has just started has too few ledgers: the suite waits for it to close more (a
 * bounded wait; a provider closes ledgers on its own). One with too little traffic gets some
 * (with --allow-submit and a friendbot): payments from a funded account, each sent once the one
 * before has landed, so that each lands in its own ledger.
 */
import { CheckSkip, skip } from '../../model.js';
import type { Recorder } from '../../runner.js';
import { LANDING_TIMEOUT_MS, poll } from '../../stellar/live.js';
import { liveAccounts, payment, sendAndLand } from './live.js';
import { callMethod, isRecord, type LedgerRpcState, readRange } from './state.js';

/** The paging walks cover at least this many ledgers holding what they page through. */
export const PAGED_LEDGERS = 5;

export interface History {
  start: number;
  /** A ledger the provider had closed: a getLedgers cursor before it has a next page. */
  latest: number;
  /** Ledgers from `start` that hold transactions, and events (a full first page counts as plenty). */
  transactionLedgers: number;
  eventLedgers: number;
  /** Payments the suite sent to make traffic. */
  made: number;
  /** Why no traffic could be made, when there is too little. */
  noTraffic?: string;
  /** Why there are fewer than PAGED_LEDGERS ledgers after `start`, when there are. */
  noLedgers?: string;
}

async function ledgersHolding(
  state: LedgerRpcState,
  t: Recorder,
  method: 'getTransactions' | 'getEvents',
  start: number,
): Promise<number> {
  const limit = method === 'getEvents' ? 1000 : 200;
  const key = method === 'getEvents' ? 'events' : 'transactions';
  const answer = await callMethod(state, t, method, { startLedger: start, pagination: { limit } });
  const items = isRecord(answer.result) && Array.isArray(answer.result[key]) ? answer.result[key] : [];
  const ledgers = new Set(items.filter(isRecord).map((item) => item.ledger)).size;
  return items.length >= limit ? Math.max(ledgers, PAGED_LEDGERS) : ledgers;
}

async function latestSequence(state: LedgerRpcState, t: Recorder): Promise<number | undefined> {
  const latest = await callMethod(state, t, 'getLatestLedger');
  const sequence = isRecord(latest.result) ? latest.result.sequence : undefined;
  return typeof sequence === 'number' ? sequence : undefined;
}

/**
 * Waits until the latest ledger is `sequence` or later: polls getLatestLedger, for at most about
 * ten ledgers of a public network (LANDING_TIMEOUT_MS). Answers the latest ledger seen, and why
 * it is before `sequence`, when it never came.
 */
async function awaitLedger(
  state: LedgerRpcState,
  t: Recorder,
  sequence: number,
): Promise<{ latest?: number; noLedgers?: string }> {
  let last: number | undefined;
  const reached = await poll(async () => {
    last = await latestSequence(state, t);
    return last !== undefined && last >= sequence ? last : undefined;
  });
  if (reached !== undefined) return { latest: reached };
  return {
    ...(last === undefined ? {} : { latest: last }),
    noLedgers: `the provider closed no ledger up to ${sequence} within ${LANDING_TIMEOUT_MS / 1000} s (latest ${last ?? 'unknown'})`,
  };
}

/** The oldest ledger getHealth reports now, when it does. */
async function oldestLedger(state: LedgerRpcState, t: Recorder): Promise<number | undefined> {
  const health = await callMethod(state, t, 'getHealth');
  const oldest = isRecord(health.result) ? health.result.oldestLedger : undefined;
  return typeof oldest === 'number' ? oldest : undefined;
}

/**
 * The start ledger and what it has to page through, read when the paging checks need it (not at
 * the run's start, which a trimmed retention window may have dropped since): enough ledgers after
 * it waited for, and traffic made first when there is too little.
 */
export function history(state: LedgerRpcState, t: Recorder): Promise<History> {
  return state.probes.use(t, 'history', async (r) => {
    const found = await readRange(state, r);
    if (!found) skip('needs the latest ledger, which neither getHealth nor getLatestLedger answered');
    let { start } = found;
    const awaited =
      found.latest >= start + PAGED_LEDGERS ? {} : await awaitLedger(state, r, start + PAGED_LEDGERS);
    let latest = Math.max(found.latest, awaited.latest ?? 0);
    const waited = awaited.noLedgers === undefined ? {} : { noLedgers: awaited.noLedgers };
    const count = async () => ({
      transactionLedgers: await ledgersHolding(state, r, 'getTransactions', start),
      eventLedgers: await ledgersHolding(state, r, 'getEvents', start),
    });
    let counted = await count();
    let made = 0;
    // Two rounds at most: traffic from the start ledger, then, when a trimmed window dropped the
    // start meanwhile, more from the first ledger the traffic landed in.
    for (let round = 0; round < 2; round++) {
      const missing = PAGED_LEDGERS - Math.min(counted.transactionLedgers, counted.eventLedgers);
      if (missing <= 0) break;
      let live: Awaited<ReturnType<typeof liveAccounts>>;
      try {
        live = await liveAccounts(state, r);
      } catch (error) {
        if (!(error instanceof CheckSkip)) throw error;
        const noTraffic = state.allowSubmit
          ? `no traffic could be made: ${error.message}`
          : 'with --allow-submit the suite makes its own traffic';
        return { start, latest, ...counted, made, noTraffic, ...waited };
      }
      let firstMade: number | undefined;
      for (let i = 0; i < missing; i++) {
        const { landed } = await sendAndLand(state, r, live, await payment(state, r, live, live.payee));
        const ledger = isRecord(landed.final.result) ? landed.final.result.ledger : undefined;
        if (typeof ledger !== 'number') continue;
        firstMade ??= ledger;
        latest = Math.max(latest, ledger);
      }
      made += missing;
      const oldest = await oldestLedger(state, r);
      if (firstMade !== undefined && oldest !== undefined && oldest > start) start = firstMade;
      counted = await count();
    }
    return { start, latest, ...counted, made, ...waited };
  });
}
