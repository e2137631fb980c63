/**
 * The ledger-rpc suite: a Stellar-RPC-compatible JSON-RPC provider, checked against the JSON-RPC
 * contract (every method's result), JSON-RPC 2.0 semantics and Stellar RPC's error codes and
 * messages, the submission lifecycle on a live ledger, paging across many ledgers, and the
 * retained ledger range.
 */
import type { SuiteDefinition } from '../../runner.js';
import { ledgerRpcChecks } from './checks/index.js';
import { type LedgerRpcOptions, type LedgerRpcState, prepareLedgerRpc } from './state.js';

export type { LedgerRpcOptions } from './state.js';

export const ledgerRpcSuite: SuiteDefinition<LedgerRpcOptions, LedgerRpcState> = {
  name: 'ledger-rpc',
  title: 'Ledger JSON-RPC provider (Stellar-RPC-compatible)',
  checks: ledgerRpcChecks,
  prepare: prepareLedgerRpc,
};
