/**
 * Every method's result against the contract (its XDR fields decoded), and the refusal of a
 * transaction from an account that does not exist.
 */
import { randomBytes } from 'node:crypto';
import { contract, type MethodName } from '@starspec/ledger-rpc';
import { fail, skip } from '../../../model.js';
import type { CheckDefinition, Recorder } from '../../../runner.js';
import { randomAccountKey } from '../../../stellar/accounts.js';
import { unfundedEnvelope } from '../../../stellar/envelopes.js';
import { SUBMIT_ONLY } from '../../../stellar/live.js';
import { type Called, callMethod, isRecord, type LedgerRpcState } from '../state.js';
import { listOf, start } from './common.js';

type Method = MethodName;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** getTransactions from the start ledger; shared with getTransaction (for a hash). */
async function transactions(state: LedgerRpcState, t: Recorder): Promise<Called> {
  const { start: startLedger } = await start(state, t);
  return state.probes.use(t, 'getTransactions', (r) =>
    callMethod(state, r, 'getTransactions', { startLedger, pagination: { limit: 5 } }),
  );
}

/** The params each method is called with. */
const PARAMS: Record<Method, (state: LedgerRpcState, t: Recorder) => Promise<unknown>> = {
  getLatestLedger: async () => undefined,
  getVersionInfo: async () => undefined,
  getHealth: async () => undefined,
  getNetwork: async () => undefined,
  getFeeStats: async () => undefined,
  getLedgers: async (s, t) => ({ startLedger: (await start(s, t)).start, pagination: { limit: 2 } }),
  getTransactions: async (s, t) => ({ startLedger: (await start(s, t)).start, pagination: { limit: 5 } }),
  getTransaction: async (s, t) => {
    const hash = listOf((await transactions(s, t)).result, 'transactions')[0]?.txHash;
    return { hash: typeof hash === 'string' ? hash : randomBytes(32).toString('hex') };
  },
  getEvents: async (s, t) => ({ startLedger: (await start(s, t)).start, pagination: { limit: 5 } }),
  sendTransaction: async () => ({ transaction: unfundedEnvelope() }),
  simulateTransaction: async () => ({ transaction: unfundedEnvelope() }),
  getLedgerEntries: async () => ({ keys: [randomAccountKey()] }),
};

function resultCheck(method: Method): CheckDefinition<LedgerRpcState> {
  return {
    id: `result.${kebab(method)}`,
    title: `${method} answers a result that validates against the contract`,
    // rpc.Server parses each result (its XDR fields among them) for the app.
    level: 'must',
    async run(state, t) {
      if (method === 'sendTransaction' && !state.allowSubmit) skip(SUBMIT_ONLY);
      const params = await PARAMS[method](state, t);
      const answer = await callMethod(state, t, method, params);
      if (answer.error !== undefined) {
        fail(
          `${method} answered an error`,
          answer.exchange,
          `a ${method} result`,
          `error ${JSON.stringify(answer.error.code)} ${JSON.stringify(answer.error.message)}`,
        );
      }
    },
  };
}

export const contractChecks: CheckDefinition<LedgerRpcState>[] = [
  ...(Object.keys(contract.methods) as Method[]).map(resultCheck),
  {
    id: 'send.rejected-transaction',
    title: 'sendTransaction of a transaction from an account that does not exist answers status ERROR',
    // rpc.Server.sendTransaction parses errorResultXdr when status is ERROR.
    level: 'must',
    needsBehaviour: 'a network core that judges the transaction',
    async run(state, t) {
      if (!state.allowSubmit) skip(SUBMIT_ONLY);
      const answer = await callMethod(state, t, 'sendTransaction', { transaction: unfundedEnvelope() });
      const status = isRecord(answer.result) ? answer.result.status : undefined;
      if (status !== 'ERROR') {
        fail(
          'a transaction from an account that does not exist was not rejected',
          answer.exchange,
          'status ERROR (with errorResultXdr): the core rejects an unsigned transaction from an account that does not exist',
          answer.error ? `error ${JSON.stringify(answer.error.code)}` : `status ${JSON.stringify(status)}`,
        );
      }
    },
  },
];
