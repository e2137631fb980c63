/**
 * Runs the checks of a suite in order: selects them (`only`), skips those that need real
 * behaviour when the target is a static mock, turns thrown failures and skips into results, and
 * counts against a check the problems its requests' answers had. A problem of level `must` fails
 * the check; problems of level `should` only make it a warning, unless the run is strict.
 */
import {
  CheckFailure,
  type CheckLevel,
  type CheckResult,
  CheckSkip,
  type Evidence,
  type Report,
  type SuiteName,
  UsageError,
} from './model.js';
import { TOOL } from './version.js';

/**
 * Collects the contract problems of the requests made on behalf of a check. A problem without
 * `level` counts as `must`.
 */
export interface Recorder {
  problem(evidence: Evidence): void;
}

/**
 * The recorder for answers to requests the target's real caller never makes (e.g. requests
 * outside the contract): nothing in those answers can break that caller, so their problems are
 * of level `should`.
 */
export function neverSent(recorder: Recorder): Recorder {
  return {
    problem: (evidence) =>
      recorder.problem({
        ...evidence,
        found: `${evidence.found ?? evidence.expected} (the real caller never makes this request)`,
        level: 'should',
      }),
  };
}

/** What a running check can report besides failing (throw) or skipping (throw). */
export interface CheckContext extends Recorder {
  /** A remark shown with a pass, e.g. what was covered. */
  note(text: string): void;
}

export interface CheckDefinition<S> {
  /** Stable id, e.g. `rate.firm.has-id`. */
  id: string;
  title: string;
  /** What a failure of the check itself means to the target's real caller. */
  level: CheckLevel;
  /**
   * Set when the check needs a back-end with real behaviour (state, answers computed from the
   * request): against a static mock it is skipped, with this as the reason.
   */
  needsBehaviour?: string;
  run(state: S, t: CheckContext): Promise<void>;
}

export interface SuiteDefinition<O, S> {
  name: SuiteName;
  title: string;
  checks: readonly CheckDefinition<S>[];
  /** Reads the suite's options; throws UsageError when they are invalid. */
  prepare(options: O): S | Promise<S>;
}

export type ProgressEvent =
  | { type: 'suite-start'; suite: SuiteName; target: string; total: number }
  | { type: 'check-start'; index: number; total: number; id: string; title: string }
  | { type: 'check-end'; index: number; total: number; result: CheckResult };

export interface RunOptions {
  /** The target's base URL. */
  baseUrl: string;
  /** Time limit of each request, in ms (default 10000). */
  timeoutMs?: number;
  /** Ids to run; an id ending in `*` selects every id with that prefix. Default: all. */
  only?: readonly string[];
  /** The target is a static mock (e.g. Prism): checks that need real behaviour are skipped. */
  staticMock?: boolean;
  /** Problems of level `should` fail their check too (default: they make it a warning). */
  strict?: boolean;
  /** Called as the run goes. */
  onProgress?: (event: ProgressEvent) => void;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** `--base-url`, checked: an http or https URL. */
export function checkBaseUrl(baseUrl: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url: '${baseUrl}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--base-url: '${baseUrl}' must be an http or https URL`);
  }
}

/** `--timeout`, checked, or the default: a positive whole number of milliseconds. */
export function checkTimeout(timeoutMs: number | undefined): number {
  const value = timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(value) || value <= 0) {
    throw new UsageError(`--timeout: expected a positive number of milliseconds, found ${value}`);
  }
  return value;
}

/** The checks `only` selects, in suite order; throws UsageError for a pattern that selects nothing. */
export function selectChecks<S>(
  checks: readonly CheckDefinition<S>[],
  only: readonly string[] | undefined,
): CheckDefinition<S>[] {
  if (only === undefined || only.length === 0) return [...checks];
  const patterns = only.map((p) => p.trim()).filter((p) => p !== '');
  const matches = (pattern: string, id: string) =>
    pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern;
  const unknown = patterns.filter((p) => !checks.some((c) => matches(p, c.id)));
  if (unknown.length > 0) {
    throw new UsageError(
      `--only: no check has the id ${unknown.map((u) => `'${u}'`).join(', ')} (list them with --list)`,
    );
  }
  return checks.filter((c) => patterns.some((p) => matches(p, c.id)));
}

class Context implements CheckContext {
  readonly problems: Evidence[] = [];
  readonly notes: string[] = [];
  problem(evidence: Evidence): void {
    if (!this.problems.some((p) => p === evidence)) this.problems.push(evidence);
  }
  note(text: string): void {
    this.notes.push(text);
  }
}

/** Runs one check to a result. */
async function runCheck<S>(check: CheckDefinition<S>, state: S, options: RunOptions): Promise<CheckResult> {
  const started = performance.now();
  const result = (status: CheckResult['status'], message?: string, evidence: Evidence[] = []) => {
    const out: CheckResult = {
      id: check.id,
      title: check.title,
      level: check.level,
      status,
      evidence,
      durationMs: Math.round(performance.now() - started),
    };
    if (message !== undefined && message !== '') out.message = message;
    return out;
  };
  if (check.needsBehaviour !== undefined && options.staticMock) {
    return result(
      'skip',
      `needs a back-end with real behaviour (${check.needsBehaviour}); the target is a static mock`,
    );
  }
  const t = new Context();
  let thrown: { message: string; evidence: Evidence[] } | undefined;
  try {
    await check.run(state, t);
  } catch (error) {
    if (error instanceof CheckSkip) return result('skip', error.message);
    if (error instanceof CheckFailure) {
      const evidence = error.evidence.length > 0 ? error.evidence : [{ expected: error.message }];
      thrown = { message: error.message, evidence };
    } else {
      // A check that cannot run proves nothing: that fails, whatever its level.
      const message = error instanceof Error ? error.message : String(error);
      return result('fail', `the check could not run: ${message}`, [
        { expected: 'the check runs to a verdict', found: message, level: 'must' },
      ]);
    }
  }
  // The check's own findings count at its level, contract problems at theirs (default must). A
  // request that got no answer at all (timeout, refused) leaves nothing to judge: that fails.
  const own: Evidence[] = (thrown?.evidence ?? []).map((e) => ({
    ...e,
    level: e.level ?? (e.error !== undefined && e.response === undefined ? 'must' : check.level),
  }));
  const evidence = [...own, ...t.problems.map((e) => ({ ...e, level: e.level ?? ('must' as const) }))];
  if (evidence.length === 0) return result('pass', t.notes.join('; '));
  const worst: CheckLevel = evidence.some((e) => e.level === 'must') ? 'must' : 'should';
  const first = evidence.find((e) => e.level === worst) as Evidence;
  // The check's own verdict names the result, unless only a graver contract problem does.
  const message = own.some((e) => e.level === worst) ? thrown?.message : (first.found ?? first.expected);
  return result(worst === 'must' || options.strict ? 'fail' : 'warn', message, evidence);
}

/** Runs a suite's selected checks in order and returns the report. */
export async function runChecks<O, S>(
  suite: SuiteDefinition<O, S>,
  options: RunOptions & O,
): Promise<Report> {
  const selected = selectChecks(suite.checks, options.only);
  const state = await suite.prepare(options);
  const startedAt = new Date();
  const started = performance.now();
  const total = selected.length;
  options.onProgress?.({ type: 'suite-start', suite: suite.name, target: options.baseUrl, total });
  const checks: CheckResult[] = [];
  for (const [index, check] of selected.entries()) {
    options.onProgress?.({ type: 'check-start', index, total, id: check.id, title: check.title });
    const result = await runCheck(check, state, options);
    checks.push(result);
    options.onProgress?.({ type: 'check-end', index, total, result });
  }
  const count = (status: CheckResult['status']) => checks.filter((c) => c.status === status).length;
  const summary = {
    total,
    passed: count('pass'),
    warned: count('warn'),
    failed: count('fail'),
    skipped: count('skip'),
  };
  return {
    tool: { ...TOOL },
    suite: suite.name,
    target: options.baseUrl,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    strict: options.strict ?? false,
    ok: summary.failed === 0,
    summary,
    checks,
  };
}

/**
 * Requests shared by several checks, made once per run. A check that uses a shared request also
 * gets the contract problems its answers had.
 */
export class Probes {
  private readonly entries = new Map<string, { promise: Promise<unknown>; problems: Evidence[] }>();

  async use<T>(t: Recorder, key: string, make: (recorder: Recorder) => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      const problems: Evidence[] = [];
      entry = { problems, promise: make({ problem: (e) => problems.push(e) }) };
      // A failed probe is reported by each check that uses it, not as an unhandled rejection.
      entry.promise.catch(() => undefined);
      this.entries.set(key, entry);
    }
    try {
      return (await entry.promise) as T;
    } finally {
      for (const problem of entry.problems) t.problem(problem);
    }
  }
}
