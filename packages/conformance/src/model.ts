/**
 * The check model shared by every suite: a check has a stable id, a title and a level, runs
 * against a target and ends as pass, warn, fail or skip. A problem carries evidence: the request
 * sent, what came back, and what the contract or rule expected.
 */

export type SuiteName = 'callbacks' | 'ledger-api' | 'ledger-rpc';

/**
 * How much a problem matters to the target's real caller (the Anchor Platform for the callbacks
 * suite, js-stellar-sdk for the ledger suites):
 * - `must`: the caller would fail or misbehave; a problem fails the check;
 * - `should`: the contract or SEP asks for it but the caller tolerates it; a problem is a
 *   warning (a failure only in a strict run).
 */
export type CheckLevel = 'must' | 'should';

/** `warn`: the check found problems, all of level `should`, and the run is not strict. */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

/** A request as it was sent. Credentials are redacted. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The parsed JSON body, or its text. */
  body?: unknown;
}

/** A response as it came back. */
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body, or its text (cut at 16 KiB). */
  body?: unknown;
}

/** One request and its outcome: a response, or the error that stopped it (timeout, refused). */
export interface Exchange {
  request: RecordedRequest;
  response?: RecordedResponse;
  error?: string;
  durationMs: number;
}

/** Why a check failed: what was expected, what was found, and the exchange that showed it. */
export interface Evidence {
  /** What the contract or the rule expected. */
  expected: string;
  /** What the target did instead, in words. */
  found?: string;
  request?: RecordedRequest;
  response?: RecordedResponse;
  /** The transport error when no response came back. */
  error?: string;
  /** How much this problem matters (default: the level of the check that found it). */
  level?: CheckLevel;
}

export interface CheckResult {
  id: string;
  title: string;
  /** The check's level: what its own verdict means to the real caller. */
  level: CheckLevel;
  status: CheckStatus;
  /** For a failure or warning, the first problem; for a skip, the reason; for a pass, an optional note. */
  message?: string;
  evidence: Evidence[];
  durationMs: number;
}

export interface ReportSummary {
  total: number;
  passed: number;
  warned: number;
  failed: number;
  skipped: number;
}

/** The outcome of one suite run. Its JSON form is described by `reportSchema`. */
export interface Report {
  tool: { name: string; version: string };
  suite: SuiteName;
  target: string;
  startedAt: string;
  durationMs: number;
  /** Whether warnings counted as failures. */
  strict: boolean;
  /** True when no check failed (warnings do not count unless the run is strict). */
  ok: boolean;
  summary: ReportSummary;
  checks: CheckResult[];
}

/** Thrown by a check (or a helper it calls) to fail with evidence. */
export class CheckFailure extends Error {
  readonly evidence: Evidence[];
  constructor(message: string, evidence: Evidence[] = []) {
    super(message);
    this.evidence = evidence;
  }
}

/** Thrown by a check to end as skipped, with the reason. */
export class CheckSkip extends Error {}

/** Invalid options: the CLI answers exit code 2. */
export class UsageError extends Error {}

/** Evidence from an exchange. */
export function evidenceOf(exchange: Exchange | undefined, expected: string, found?: string): Evidence {
  const evidence: Evidence = { expected };
  if (found !== undefined) evidence.found = found;
  if (exchange) {
    evidence.request = exchange.request;
    if (exchange.response) evidence.response = exchange.response;
    if (exchange.error !== undefined) evidence.error = exchange.error;
  }
  return evidence;
}

/** Fails the running check. */
export function fail(message: string, exchange?: Exchange, expected?: string, found?: string): never {
  throw new CheckFailure(message, [evidenceOf(exchange, expected ?? message, found)]);
}

/** Ends the running check as skipped. */
export function skip(reason: string): never {
  throw new CheckSkip(reason);
}
