/**
 * History to page through: ledgers holding transactions and events from the start ledger. A
 * provider with too little gets traffic (with --allow-submit and a friendbot): payments from a
 * funded account, each sent once the one before has landed, so that each lands in its own ledger.
 */
import { CheckSkip, skip } from '../../model.js';
import type { Recorder } from '../../runner.js';
import { liveAccounts, payment, sendAndLand } from './live.js';
import { callMethod, isRecord, type LedgerRpcState, range } from './state.js';

/** The paging walks cover at least this many ledgers holding what they page through. */
export const PAGED_LEDGERS = 5;

export interface History {
  start: number;
  /** Ledgers from `start` that hold transactions, and events (a full first page counts as plenty). */
  transactionLedgers: number;
  eventLedgers: number;
  /** Payments the suite sent to make traffic. */
  made: number;
  /** Why no traffic could be made, when there is too little. */
  noTraffic?: string;
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

/** The start ledger and what it has to page through; traffic made first when there is too little. */
export function history(state: LedgerRpcState, t: Recorder): Promise<History> {
  return state.probes.use(t, 'history', async (r) => {
    const found = await range(state, r);
    if (!found) skip('needs the latest ledger, which neither getHealth nor getLatestLedger answered');
    const { start } = found;
    const count = async () => ({
      transactionLedgers: await ledgersHolding(state, r, 'getTransactions', start),
      eventLedgers: await ledgersHolding(state, r, 'getEvents', start),
    });
    const before = await count();
    const missing = PAGED_LEDGERS - Math.min(before.transactionLedgers, before.eventLedgers);
    if (missing <= 0) return { start, ...before, made: 0 };
    let live: Awaited<ReturnType<typeof liveAccounts>>;
    try {
      live = await liveAccounts(state, r);
    } catch (error) {
      if (!(error instanceof CheckSkip)) throw error;
      const noTraffic = state.allowSubmit
        ? `no traffic could be made: ${error.message}`
        : 'with --allow-submit the suite makes its own traffic';
      return { start, ...before, made: 0, noTraffic };
    }
    for (let made = 0; made < missing; made++) {
      await sendAndLand(state, r, live, await payment(state, r, live, live.payee));
    }
    return { start, ...(await count()), made: missing };
  });
}
