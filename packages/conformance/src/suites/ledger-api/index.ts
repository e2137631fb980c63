/**
 * The ledger-api suite: a Horizon-compatible provider, checked against the ledger REST contract
 * (every GET endpoint it serves), the paging rules walked over real pages, problems, submission
 * (with --allow-submit) and rate-limit headers.
 */
import type { SuiteDefinition } from '../../runner.js';
import { badParameterChecks } from './bad-parameters.js';
import { endpointChecks } from './endpoints.js';
import { errorChecks } from './errors.js';
import { pagingChecks } from './paging.js';
import { type LedgerApiOptions, type LedgerApiState, prepareLedgerApi } from './state.js';

export { MALFORMED_ENVELOPE, unfundedEnvelope } from './envelope.js';
export type { LedgerApiOptions } from './state.js';

export const ledgerApiSuite: SuiteDefinition<LedgerApiOptions, LedgerApiState> = {
  name: 'ledger-api',
  title: 'Ledger REST API provider (Horizon-compatible)',
  // The rate-limit check looks at every answer of the run, so it comes last.
  checks: [...endpointChecks, ...pagingChecks, ...badParameterChecks, ...errorChecks],
  prepare: prepareLedgerApi,
};
