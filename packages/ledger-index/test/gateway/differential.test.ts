/**
 * The gateway over the sandbox's RPC answers exactly what the sandbox's own REST face answers:
 * both are the same index code, one fed in-process, one through getLedgers. The workload has
 * every operation type the sandbox applies and failures of many kinds; the crawl asks every GET
 * operation of the contract, every page in both orders, and both faces validate every answer.
 */
import { mapping } from '@starspec/ledger-api';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../src/gateway/gateway.js';
import { type Crawl, Walker } from '../support/crawl.js';
import { outcome } from '../support/differential/context.js';
import { caughtUpGateway, expectSameFaces } from '../support/differential/faces.js';
import { differentialWorkload } from '../support/differential/workload.js';
import { CLASSIC_OPERATION_TYPES } from '../support/operation-types.js';

/** The contract's GET operations, as the paths the crawl asks them by. */
const ROUTES: [string, RegExp][] = [
  ['getRoot', /^\/$/],
  ['getFeeStats', /^\/fee_stats$/],
  ['listLedgers', /^\/ledgers\?/],
  ['getLedger', /^\/ledgers\/\d+$/],
  ['listLedgerTransactions', /^\/ledgers\/\d+\/transactions\?/],
  ['listLedgerOperations', /^\/ledgers\/\d+\/operations\?/],
  ['listLedgerPayments', /^\/ledgers\/\d+\/payments\?/],
  ['listLedgerEffects', /^\/ledgers\/\d+\/effects\?/],
  ['listTransactions', /^\/transactions\?/],
  ['getTransaction', /^\/transactions\/[0-9a-f]{64}$/],
  ['listTransactionOperations', /^\/transactions\/[0-9a-f]{64}\/operations\?/],
  ['listTransactionPayments', /^\/transactions\/[0-9a-f]{64}\/payments\?/],
  ['listTransactionEffects', /^\/transactions\/[0-9a-f]{64}\/effects\?/],
  ['listOperations', /^\/operations\?/],
  ['getOperation', /^\/operations\/\d+(\?join=transactions)?$/],
  ['listOperationEffects', /^\/operations\/\d+\/effects\?/],
  ['listPayments', /^\/payments\?/],
  ['listEffects', /^\/effects\?/],
  ['listAccounts', /^\/accounts\?/],
  ['getAccount', /^\/accounts\/G[A-Z2-7]{55}$/],
  ['listAccountTransactions', /^\/accounts\/G[A-Z2-7]{55}\/transactions\?/],
  ['listAccountOperations', /^\/accounts\/G[A-Z2-7]{55}\/operations\?/],
  ['listAccountPayments', /^\/accounts\/G[A-Z2-7]{55}\/payments\?/],
  ['listAccountEffects', /^\/accounts\/G[A-Z2-7]{55}\/effects\?/],
  ['listAccountOffers', /^\/accounts\/G[A-Z2-7]{55}\/offers\?/],
  ['listAccountTrades', /^\/accounts\/G[A-Z2-7]{55}\/trades\?/],
  ['getAccountData', /^\/accounts\/G[A-Z2-7]{55}\/data\/[^/?]+$/],
  ['listClaimableBalances', /^\/claimable_balances\?/],
  ['getClaimableBalance', /^\/claimable_balances\/[0-9a-f]{72}$/],
  ['listClaimableBalanceTransactions', /^\/claimable_balances\/[0-9a-f]{72}\/transactions\?/],
  ['listClaimableBalanceOperations', /^\/claimable_balances\/[0-9a-f]{72}\/operations\?/],
  ['listLiquidityPools', /^\/liquidity_pools\?/],
  ['getLiquidityPool', /^\/liquidity_pools\/[0-9a-f]{64}$/],
  ['listLiquidityPoolTransactions', /^\/liquidity_pools\/[0-9a-f]{64}\/transactions\?/],
  ['listLiquidityPoolOperations', /^\/liquidity_pools\/[0-9a-f]{64}\/operations\?/],
  ['listLiquidityPoolEffects', /^\/liquidity_pools\/[0-9a-f]{64}\/effects\?/],
  ['listLiquidityPoolTrades', /^\/liquidity_pools\/[0-9a-f]{64}\/trades\?/],
  ['listOffers', /^\/offers\?/],
  ['getOffer', /^\/offers\/\d+$/],
  ['listOfferTrades', /^\/offers\/\d+\/trades\?/],
  ['listTrades', /^\/trades\?/],
  ['listTradeAggregations', /^\/trade_aggregations\?/],
  ['getOrderBook', /^\/order_book\?/],
  ['listAssets', /^\/assets(\?|$)/],
  ['findStrictReceivePaths', /^\/paths\/strict-receive\?/],
  ['findStrictSendPaths', /^\/paths\/strict-send\?/],
  ['findPaths', /^\/paths\?/],
];

let sandbox: Sandbox;
let gateway: Gateway;
/** Failures either face reported (answers outside the contract among them). */
const errors: unknown[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    closeEvery: 'manual',
    // The phases' ledgers hold up to ~80 operations: none waits for a later ledger.
    maxTxSetSize: 1000,
    validateResults: true,
    onError: (e) => errors.push(e),
  });
  await differentialWorkload(sandbox.network);
  gateway = await caughtUpGateway(sandbox, errors);
});

afterAll(async () => {
  await gateway?.stop();
  await sandbox?.stop();
});

describe('the gateway over the sandbox RPC', () => {
  let own: Crawl;

  it('answers every GET of the contract, every page and record, as the sandbox REST face does', async () => {
    own = await expectSameFaces(sandbox, gateway);
    expect(errors).toEqual([]);
  });

  it('has a route for every GET operation of the contract', () => {
    const gets = Object.entries(mapping).filter(([, entry]) => entry.method === 'GET');
    expect(ROUTES.map(([id]) => id).sort()).toEqual(gets.map(([id]) => id).sort());
  });

  it('asked every GET operation of the contract', () => {
    const asked = new Map(ROUTES.map(([id]) => [id, 0]));
    for (const path of own.answers.keys()) {
      const route = ROUTES.find(([, pattern]) => pattern.test(path));
      expect(route, path).toBeDefined();
      if (route) asked.set(route[0], (asked.get(route[0]) ?? 0) + 1);
    }
    expect([...asked].filter(([, count]) => count === 0)).toEqual([]);
  });

  it('ran at least 500 transactions, failures of many kinds among them, with every operation type', async () => {
    const faces = new Walker(gateway.url);
    const transactions = await faces.collection('/transactions?include_failed=true', 200);
    const operations = await faces.collection('/operations?include_failed=true', 200);
    expect(transactions.length).toBeGreaterThanOrEqual(500);
    const failed = transactions.filter((tx) => !tx.successful);
    expect(failed.length).toBeGreaterThan(50);
    const codes = new Set(
      failed.flatMap((tx) =>
        outcome(xdr.TransactionResult.fromXdr(tx.result_xdr, 'base64'))
          .split(' ')
          .filter((code) => !code.endsWith('Success')),
      ),
    );
    expect(codes.size).toBeGreaterThanOrEqual(25);
    expect(codes).toContain('txBadSponsorship');
    expect(codes).toContain('txFeeBumpInnerFailed');
    expect([...new Set(operations.map((op) => op.type))].sort()).toEqual([...CLASSIC_OPERATION_TYPES].sort());
    expect(
      [...new Set(operations.filter((op) => !op.transaction_successful).map((op) => op.type))].length,
    ).toBe(CLASSIC_OPERATION_TYPES.length);
  });
});
