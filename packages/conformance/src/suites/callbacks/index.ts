/**
 * The callbacks suite: an anchor's back-end, as the platform calls it (GET/PUT/DELETE /customer,
 * GET /rate), checked against the callbacks contract, the seed's customer rules, firm quote
 * semantics and the platform's validation of rates.
 */
import type { SuiteDefinition } from '../../runner.js';
import { customerChecks } from './customers.js';
import { rateChecks } from './rates.js';
import { requestChecks } from './requests.js';
import { type CallbacksOptions, type CallbacksState, prepareCallbacks } from './state.js';

export { type CallbacksOptions, PLACEHOLDER_CLIENT_ID } from './state.js';

export const callbacksSuite: SuiteDefinition<CallbacksOptions, CallbacksState> = {
  name: 'callbacks',
  title: 'Anchor back-end (callbacks contract)',
  checks: [...customerChecks, ...rateChecks, ...requestChecks],
  prepare: prepareCallbacks,
};
