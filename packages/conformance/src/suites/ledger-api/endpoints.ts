/**
 * Record and page schemas on every GET endpoint the provider serves. Endpoints that take an id
 * are asked for one found on the provider itself (the newest transaction, its ledger and source
 * account, the newest operation); those of a claimable balance, a liquidity pool, an offer or a
 * data entry for
 * the suite's own records (with --allow-submit and a friendbot, see traffic.ts), which they must
 * then answer, else for the first the provider lists.
 */
import { contract, type OperationId } from '@starspec/ledger-api';
import type { OperationMeta } from '@starspec/runtime';
import { fail, skip } from '../../model.js';
import type { CheckDefinition } from '../../runner.js';
import { type Answer, call, IGNORE, isRecord, type LedgerApiState, recordsOf } from './state.js';
import { MADE_RULES, type Made, traffic } from './traffic.js';

export interface Ids {
  sequence?: string;
  hash?: string;
  operation?: string;
  account?: string;
  claimableBalance?: string;
  liquidityPool?: string;
  offer?: string;
  /** An account with a data entry, and the entry's name. */
  dataAccount?: string;
  dataKey?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const first = (answer: Answer) => (answer.status === 200 ? recordsOf(answer.body)?.[0] : undefined);

/** Ids to request the endpoints that take one, found with a few list requests. */
export function discover(state: LedgerApiState): Promise<Ids> {
  return state.probes.use(IGNORE, 'discover', async (r) => {
    const ids: Ids = {};
    const list = (operationId: OperationId, path: string, query: Record<string, string>) =>
      call(state, r, operationId, { path, query }).then(first);
    const transaction = await list('listTransactions', '/transactions', { order: 'desc', limit: '10' });
    if (transaction) {
      ids.hash = text(transaction.hash);
      if (typeof transaction.ledger === 'number') ids.sequence = String(transaction.ledger);
      ids.account = text(transaction.source_account);
    }
    if (ids.sequence === undefined) {
      const ledger = await list('listLedgers', '/ledgers', { order: 'desc', limit: '1' });
      if (typeof ledger?.sequence === 'number') ids.sequence = String(ledger.sequence);
    }
    if (ids.account !== undefined) {
      const account = await call(state, r, 'getAccount', {
        path: `/accounts/${encodeURIComponent(ids.account)}`,
      });
      const data = account.status === 200 && isRecord(account.body) ? account.body.data : undefined;
      const key = isRecord(data) ? Object.keys(data)[0] : undefined;
      if (key !== undefined) {
        ids.dataAccount = ids.account;
        ids.dataKey = key;
      }
    }
    ids.operation = text((await list('listOperations', '/operations', { order: 'desc', limit: '10' }))?.id);
    ids.claimableBalance = text(
      (await list('listClaimableBalances', '/claimable_balances', { limit: '1' }))?.id,
    );
    ids.liquidityPool = text((await list('listLiquidityPools', '/liquidity_pools', { limit: '1' }))?.id);
    ids.offer = text((await list('listOffers', '/offers', { limit: '1' }))?.id);
    return ids;
  });
}

/** Which id fills a path parameter. */
function idFor(operation: OperationMeta, name: string): keyof Ids {
  if (name === 'sequence') return 'sequence';
  if (name === 'hash') return 'hash';
  if (operation.path.includes('/data/')) return name === 'account_id' ? 'dataAccount' : 'dataKey';
  if (name === 'account_id') return 'account';
  if (operation.path.startsWith('/operations/')) return 'operation';
  if (operation.path.startsWith('/claimable_balances/')) return 'claimableBalance';
  if (operation.path.startsWith('/liquidity_pools/')) return 'liquidityPool';
  return 'offer';
}

const WHAT: Record<keyof Ids, string> = {
  sequence: 'a ledger (from GET /transactions or GET /ledgers)',
  hash: 'a transaction (from GET /transactions)',
  operation: 'an operation (from GET /operations)',
  account: 'an account (the source of the newest transaction)',
  claimableBalance: 'a claimable balance (GET /claimable_balances listed none)',
  liquidityPool: 'a liquidity pool (GET /liquidity_pools listed none)',
  offer: 'an offer (GET /offers listed none)',
  dataAccount: 'an account with a data entry (the source of the newest transaction has none)',
  dataKey: 'a data entry (the source of the newest transaction has none)',
};

/** The ids the suite's own records have. */
const OWN = new Set<keyof Ids>(['claimableBalance', 'liquidityPool', 'offer', 'dataAccount', 'dataKey']);

/** `listLedgerOperations` → `list-ledger-operations`. */
export const kebab = (operationId: string) => operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A payment of lumens for lumens, what the path searches are asked. */
const STRICT_RECEIVE = { source_assets: 'native', destination_asset_type: 'native', destination_amount: '1' };
const PATH_SEARCHES: Partial<Record<OperationId, Record<string, string>>> = {
  findStrictReceivePaths: STRICT_RECEIVE,
  findPaths: STRICT_RECEIVE,
  findStrictSendPaths: { source_asset_type: 'native', source_amount: '1', destination_assets: 'native' },
};

/** The market data needs a pair: lumens against lumens is one every server can answer. */
const MARKET_QUERIES: Partial<Record<OperationId, Record<string, string>>> = {
  getOrderBook: { selling_asset_type: 'native', buying_asset_type: 'native' },
  listTradeAggregations: { base_asset_type: 'native', counter_asset_type: 'native', resolution: '3600000' },
  ...PATH_SEARCHES,
};

function endpointCheck(operation: OperationMeta): CheckDefinition<LedgerApiState> {
  const operationId = operation.operationId as OperationId;
  const collection = operation.parameters.some((p) => p.name === 'cursor');
  return {
    id: `schema.${kebab(operationId)}`,
    title: `GET ${operation.path} answers ${collection ? 'a page whose records validate' : 'a body that validates'} against the contract`,
    // js-stellar-sdk hands apps the records as they come (CallBuilder._parseResponse).
    level: 'must',
    async run(state, t) {
      let path = operation.path;
      let made: Made | undefined;
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      for (const name of names) {
        const key = idFor(operation, name);
        let id: string | undefined;
        let why = 'and the provider gave none';
        if (OWN.has(key)) {
          const own = await traffic(state, t);
          if ('made' in own) {
            made = own.made;
            id = own.made[key as keyof Made];
          } else {
            why = own.none;
          }
        }
        id ??= (await discover(state))[key];
        if (id === undefined) skip(`needs the id of ${WHAT[key]}; ${why}`);
        path = path.replace(`{${name}}`, encodeURIComponent(id));
      }
      const query: Record<string, string> = {};
      if (operationId === 'listAccounts') {
        // Exactly one filter is required: the accounts an account signs for include itself.
        const { account } = await discover(state);
        if (account === undefined) skip(`needs an account to filter by signer: ${WHAT.account}`);
        query.signer = account;
      }
      Object.assign(query, MARKET_QUERIES[operationId]);
      const answer = await call(state, t, operationId, { path, query });
      if (answer.status === 503 && operationId in PATH_SEARCHES)
        skip('the provider has no offer or pool to search yet (503, as Horizon before its order book loads)');
      if (answer.status === 404) {
        skip(
          `the provider answered 404: it does not serve GET ${operation.path}${names.length ? ` for ${path}` : ''}`,
        );
      }
      if (answer.status !== 200) {
        fail(
          `GET ${path} was answered ${answer.status}`,
          answer.exchange,
          `200 with the ${collection ? 'page' : 'resource'} the contract describes`,
          `${answer.status}${isRecord(answer.body) && typeof answer.body.title === 'string' ? ` ${answer.body.title}` : ''}`,
        );
      }
      const rule = made && MADE_RULES[operationId];
      const problem = rule && isRecord(answer.body) ? rule(made as Made, answer.body) : undefined;
      if (problem) {
        fail(
          `GET ${path} does not answer what the suite made`,
          answer.exchange,
          problem.expected,
          problem.found,
        );
      }
      if (collection)
        t.note(`${recordsOf(answer.body)?.length ?? 0} record(s)${made ? " (the suite's own)" : ''}`);
    },
  };
}

export const endpointChecks: CheckDefinition<LedgerApiState>[] = Object.values(contract.operations)
  .filter((operation) => operation.method === 'get')
  .map(endpointCheck);
