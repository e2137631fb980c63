/**
 * @starspec/conformance: conformance suites for anchor back-ends (callbacks), Horizon-compatible
 * ledger REST providers and Stellar-RPC-compatible JSON-RPC providers.
 *
 *   const report = await runSuite('callbacks', { baseUrl: 'http://localhost:8081', jwtSecret });
 *   expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
 */
import { type Report, type SuiteName, UsageError } from './model.js';
import { assertReachable } from './reachability.js';
import { checkTimeout, type RunOptions, runChecks } from './runner.js';
import { type SuiteOptions, suiteOf } from './suites/index.js';

export * from './model.js';
export { TargetUnreachableError } from './reachability.js';
export { formatJson, reportSchema } from './reporters/json.js';
export { escapeXml, formatJunit } from './reporters/junit.js';
export { type Output, type PrettyOptions, PrettyReporter } from './reporters/pretty.js';
export { evidenceText } from './reporters/text.js';
export {
  type CheckContext,
  type CheckDefinition,
  DEFAULT_TIMEOUT_MS,
  type ProgressEvent,
  type RunOptions,
  selectChecks,
} from './runner.js';
export {
  type CallbacksOptions,
  type LedgerApiOptions,
  type LedgerRpcOptions,
  listChecks,
  MALFORMED_ENVELOPE,
  PLACEHOLDER_CLIENT_ID,
  type SuiteOptions,
  unfundedEnvelope,
} from './suites/index.js';
export { TOOL } from './version.js';

/**
 * Runs one suite against a target and resolves with its report (it never throws for a failing
 * check; it throws UsageError for invalid options and TargetUnreachableError when nothing
 * listens at the base URL).
 */
export async function runSuite<N extends SuiteName>(
  name: N,
  options: RunOptions & SuiteOptions[N],
): Promise<Report> {
  const suite = suiteOf(name);
  if (!suite) throw new UsageError(`no suite named '${name}'`);
  return runChecks(suite, options, () => assertReachable(options.baseUrl, checkTimeout(options.timeoutMs)));
}
