// Every suite, by name.
import type { CheckLevel, SuiteName } from '../model.js';
import type { CheckDefinition, SuiteDefinition } from '../runner.js';
import { type CallbacksOptions, callbacksSuite } from './callbacks/index.js';
import { type LedgerApiOptions, ledgerApiSuite } from './ledger-api/index.js';
import { type LedgerRpcOptions, ledgerRpcSuite } from './ledger-rpc/index.js';

export { type CallbacksOptions, PLACEHOLDER_CLIENT_ID } from './callbacks/index.js';
export { type LedgerApiOptions, MALFORMED_ENVELOPE, unfundedEnvelope } from './ledger-api/index.js';
export type { LedgerRpcOptions } from './ledger-rpc/index.js';

/** Options per suite, besides the common run options. */
export interface SuiteOptions {
  callbacks: CallbacksOptions;
  'ledger-api': LedgerApiOptions;
  'ledger-rpc': LedgerRpcOptions;
}

// biome-ignore lint/suspicious/noExplicitAny: each suite has its own state type
export const SUITES: Partial<Record<SuiteName, SuiteDefinition<any, any>>> = {
  callbacks: callbacksSuite,
  'ledger-api': ledgerApiSuite,
  'ledger-rpc': ledgerRpcSuite,
};

/** The suite of a name, or undefined. */
// biome-ignore lint/suspicious/noExplicitAny: each suite has its own state type
export function suiteOf(name: string): SuiteDefinition<any, any> | undefined {
  return Object.hasOwn(SUITES, name) ? SUITES[name as SuiteName] : undefined;
}

/** The checks of a suite: id, title and level, in run order. */
export function listChecks(
  name: SuiteName,
): { id: string; title: string; level: CheckLevel; needsBehaviour?: string }[] {
  const suite = suiteOf(name);
  if (!suite) throw new Error(`no suite named '${name}'`);
  return suite.checks.map((c: CheckDefinition<unknown>) => ({
    id: c.id,
    title: c.title,
    level: c.level,
    ...(c.needsBehaviour ? { needsBehaviour: c.needsBehaviour } : {}),
  }));
}
