/**
 * The 12 Stellar RPC methods over the sandbox's closed ledgers, as handlers of the generated
 * `@starspec/ledger-rpc` dispatcher (which validates params against the contract first).
 */
import type { Handlers } from '@starspec/ledger-rpc';
import type { RpcContext } from './common.js';
import { getLedgerEntries } from './entries.js';
import { getEvents } from './events.js';
import { getFeeStats } from './fees.js';
import { getHealth, getLatestLedger, getNetwork, getVersionInfo } from './info.js';
import { getLedgers } from './ledgers.js';
import { simulateTransaction } from './simulate.js';
import { getTransaction, getTransactions, sendTransaction } from './transactions.js';
import { inXdrFormat } from './xdr-json.js';

export function createRpcHandlers(context: RpcContext): Handlers {
  return {
    getHealth: () => getHealth(context),
    getNetwork: () => getNetwork(context),
    getVersionInfo: () => getVersionInfo(context),
    getLatestLedger: () => getLatestLedger(context),
    getFeeStats: () => getFeeStats(context),
    getLedgers: (params) => inXdrFormat(params.xdrFormat, (toJson) => getLedgers(context, params, toJson)),
    getTransaction: (params) =>
      inXdrFormat(params.xdrFormat, (toJson) => getTransaction(context, params, toJson)),
    getTransactions: (params) =>
      inXdrFormat(params.xdrFormat, (toJson) => getTransactions(context, params, toJson)),
    sendTransaction: (params) =>
      inXdrFormat(params.xdrFormat, (toJson) => sendTransaction(context, params, toJson)),
    getEvents: (params) => inXdrFormat(params.xdrFormat, (toJson) => getEvents(context, params, toJson)),
    getLedgerEntries: (params) =>
      inXdrFormat(params.xdrFormat, (toJson) => getLedgerEntries(context, params, toJson)),
    simulateTransaction: (params) => simulateTransaction(context, params),
  };
}

export type { RpcContext } from './common.js';
