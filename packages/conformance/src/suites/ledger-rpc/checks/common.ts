/** What the ledger-rpc checks share: the start ledger, the lists of a result, JSON-RPC error shapes. */
import { CheckFailure, type Evidence, evidenceOf, skip } from '../../../model.js';
import { type CheckContext, neverSent, type Recorder } from '../../../runner.js';
import { type Called, callMethod, isRecord, type LedgerRpcState, range } from '../state.js';

export async function start(state: LedgerRpcState, t: Recorder): Promise<{ start: number; latest: number }> {
  const found = await range(state, t);
  if (!found) skip('needs the latest ledger, which neither getHealth nor getLatestLedger answered');
  return found;
}

export const listOf = (result: unknown, key: string): Record<string, unknown>[] =>
  isRecord(result) && Array.isArray(result[key]) ? (result[key] as unknown[]).filter(isRecord) : [];

export const num = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);

export const errorCode = (answer: unknown) =>
  isRecord(answer) && isRecord(answer.error) ? answer.error.code : undefined;

/**
 * A message with numbers left open: `{name}` in `template` matches a decimal number (captured in
 * order), everything else matches as written.
 */
export function messagePattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('(\\d+)')}$`);
}

/** stellar-rpc's refusal of a getLedgers cursor whose next ledger is not retained (`methods/get_ledgers.go` parseCursor). */
export const cursorRangeMessage = (cursor: string, latest: string | number = '{latest}') =>
  `cursor ('${cursor}') must be between the oldest ledger: {oldest} and the latest ledger: ${latest} for this rpc instance`;

/**
 * Whether a getLedgers answer is stellar-rpc's refusal of a cursor at the latest ledger: the
 * ledger after it has not closed yet, so there is no next page, which is no fault. Not for a
 * cursor before `closed`, a ledger the provider was seen to have closed: that one has a next page.
 */
export function isPastLatest(answer: Called, cursor: string, closed: number): boolean {
  const error = answer.error;
  return (
    Number(cursor) >= closed &&
    error?.code === -32602 &&
    messagePattern(cursorRangeMessage(cursor, cursor)).test(String(error.message))
  );
}

/** Why a walk of `key` has too little to page through: no traffic made, or no ledgers closed. */
export function lacking(key: string, why: { noTraffic?: string; noLedgers?: string }): string {
  const reason = key === 'ledgers' ? why.noLedgers : why.noTraffic;
  return reason ? `; ${reason}` : '';
}

export interface ExpectedError {
  method: string;
  params?: unknown;
  what: string;
  code: number;
  /** The real server's message: exact text, or a pattern. Not compared when absent. */
  message?: string | { test(text: string): boolean };
  /** The real server's `data`, compared as JSON when present. */
  data?: unknown;
  /** A result the real server may also answer (by its configuration), and what it is. */
  orResult?: { test(result: unknown): boolean; what: string };
}

const matches = (found: unknown, want: NonNullable<ExpectedError['message']>) =>
  typeof found === 'string' && (typeof want === 'string' ? found === want : want.test(found));

/** Calls that must each be answered with one JSON-RPC error (and message); every miss is evidence. */
export async function expectErrors(
  state: LedgerRpcState,
  t: CheckContext,
  calls: readonly ExpectedError[],
): Promise<void> {
  const evidence: Evidence[] = [];
  for (const call of calls) {
    // rpc.Server never sends these calls: what the answers hold cannot break it.
    const answer = await callMethod(state, neverSent(t), call.method, call.params);
    const error = answer.error;
    if (!error && call.orResult?.test(answer.result)) continue;
    const ok =
      error?.code === call.code &&
      (call.message === undefined || matches(error.message, call.message)) &&
      (call.data === undefined || JSON.stringify(error.data) === JSON.stringify(call.data));
    if (ok) continue;
    const want = [`a JSON-RPC error ${call.code}`];
    if (call.message !== undefined) want.push(`message ${String(call.message)}`);
    if (call.data !== undefined) want.push(`data ${JSON.stringify(call.data)}`);
    if (call.orResult) want.push(`or ${call.orResult.what}`);
    evidence.push(
      evidenceOf(
        answer.exchange,
        `${want.join(', ')} for ${call.what}`,
        error
          ? `error ${JSON.stringify(error)}`
          : `a result: ${JSON.stringify(answer.result)?.slice(0, 200)}`,
      ),
    );
  }
  if (evidence.length > 0) {
    throw new CheckFailure(
      `${evidence.length} of ${calls.length} call(s) not answered as the real server does`,
      evidence,
    );
  }
}
