/** Every check of the ledger-rpc suite, in run order. */
import type { CheckDefinition } from '../../../runner.js';
import type { LedgerRpcState } from '../state.js';
import { archiveChecks } from './archive.js';
import { contractChecks } from './contract.js';
import { errorChecks } from './errors.js';
import { pagingChecks } from './paging.js';
import { protocolChecks } from './protocol.js';
import { retentionChecks } from './retention.js';
import { sorobanChecks } from './soroban.js';
import { submissionChecks } from './submission.js';
import { walkChecks } from './walks.js';

export const ledgerRpcChecks: CheckDefinition<LedgerRpcState>[] = [
  ...contractChecks,
  ...submissionChecks,
  ...sorobanChecks,
  ...archiveChecks,
  ...protocolChecks,
  ...errorChecks,
  ...pagingChecks,
  ...walkChecks,
  ...retentionChecks,
];
