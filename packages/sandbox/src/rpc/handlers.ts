/**
 * The 12 Stellar RPC methods over the sandbox's closed ledgers, as handlers of the generated
 * `@starspec/ledger-rpc` dispatcher (which validates params against the contract first).
 */
import type { Handlers } from '@starspec/ledger-rpc';
import type { RpcContext } from './common.js';
import { getLedgerEntries, simulateTransaction } from './entries.js';
import { getEvents } from './events.js';
import { getFeeStats } from './fees.js';
import { getHealth, getLatestLedger, getNetwork, getVersionInfo } from './info.js';
import { getLedgers } from './ledgers.js';
import { getTransaction, getTransactions, sendTransaction } from './transactions.js';

export function createRpcHandlers(context: RpcContext): Handlers {
  return {
    getHealth: () => getHealth(context),
    getNetwork: () => getNetwork(context),
    getVersionInfo: () => getVersionInfo(context),
    getLatestLedger: () => getLatestLedger(context),
    getFeeStats: () => getFeeStats(context),
    getLedgers: (params) => getLedgers(context, params),
    getTransaction: (params) => getTransaction(context, params),
    getTransactions: (params) => getTransactions(context, params),
    sendTransaction: (params) => sendTransaction(context, params),
    getEvents: (params) => getEvents(context, params),
    getLedgerEntries: (params) => getLedgerEntries(context, params),
    simulateTransaction: (params) => simulateTransaction(context, params),
  };
}

export type { RpcContext } from './common.js';
