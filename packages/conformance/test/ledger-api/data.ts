/**
 * The records of the scripted ledger provider: the contract's examples, cloned with their own
 * ids and paging tokens (25 per history collection), per family of records.
 */
import { createHash } from 'node:crypto';
import { document } from '@starspec/ledger-api';
import { accountId } from '../../src/stellar/accounts.js';

export type Json = Record<string, unknown>;

const examples = (document as unknown as { components: { examples: Record<string, { value: unknown }> } })
  .components.examples;
export const example = (name: string): Json => structuredClone(examples[name]?.value) as Json;
const templates = (page: string) => ((example(page)._embedded as Json).records as Json[]).map((r) => r);

export const hex = (seed: string) => createHash('sha256').update(seed).digest('hex');
const toid = (ledger: number, tx: number, op: number) =>
  ((BigInt(ledger) << 32n) | (BigInt(tx) << 12n) | BigInt(op)).toString();

/** The ledger every history record is in: 1000 + its index. */
const FIRST_LEDGER = 1000;

export interface Family {
  page: string;
  count: number;
  make(record: Json, i: number): void;
  /** Paging tokens of this shape only; else 400 invalid_field cursor. */
  cursor: RegExp;
}

const NUMERIC = /^(\d+|now)$/;
const PAIR = /^(\d+(-\d+)?|now)$/;
const ANY = /^.+$/;

export const FAMILIES: Record<string, Family> = {
  ledgers: {
    page: 'LedgerPage',
    count: 25,
    cursor: NUMERIC,
    make(r, i) {
      const sequence = FIRST_LEDGER + i;
      Object.assign(r, { id: hex(`ledger ${i}`), hash: hex(`ledger ${i}`), sequence });
      r.paging_token = (BigInt(sequence) << 32n).toString();
      if ('prev_hash' in r) r.prev_hash = hex(`ledger ${i - 1}`);
    },
  },
  transactions: {
    page: 'TransactionPage',
    count: 25,
    cursor: NUMERIC,
    make(r, i) {
      Object.assign(r, { id: hex(`tx ${i}`), hash: hex(`tx ${i}`), ledger: FIRST_LEDGER + i });
      r.paging_token = toid(FIRST_LEDGER + i, 1, 0);
    },
  },
  operations: {
    page: 'OperationPage',
    count: 25,
    cursor: NUMERIC,
    make(r, i) {
      const id = toid(FIRST_LEDGER + i, 1, 1);
      Object.assign(r, { id, paging_token: id, transaction_hash: hex(`tx ${i}`) });
    },
  },
  payments: {
    page: 'PaymentPage',
    count: 25,
    cursor: NUMERIC,
    make(r, i) {
      const id = toid(FIRST_LEDGER + i, 1, 1);
      Object.assign(r, { id, paging_token: id, transaction_hash: hex(`tx ${i}`) });
    },
  },
  effects: {
    page: 'EffectPage',
    count: 25,
    cursor: PAIR,
    make(r, i) {
      const op = toid(FIRST_LEDGER + i, 1, 1);
      Object.assign(r, { id: `${op.padStart(19, '0')}-0000000001`, paging_token: `${op}-1` });
    },
  },
  trades: {
    page: 'TradePage',
    count: 25,
    cursor: PAIR,
    make(r, i) {
      const id = `${toid(FIRST_LEDGER + i, 1, 1)}-0`;
      Object.assign(r, { id, paging_token: id });
    },
  },
  accounts: {
    page: 'AccountPage',
    count: 5,
    cursor: ANY,
    make(r, i) {
      const id = accountId(new Uint8Array(32).fill(i + 1));
      Object.assign(r, { id, account_id: id, paging_token: id });
    },
  },
  claimable_balances: {
    page: 'ClaimableBalancePage',
    count: 5,
    cursor: ANY,
    make(r, i) {
      const id = `00000000${hex(`balance ${i}`)}`;
      Object.assign(r, { id, paging_token: `${FIRST_LEDGER + i}-${id}` });
    },
  },
  liquidity_pools: {
    page: 'LiquidityPoolPage',
    count: 5,
    cursor: ANY,
    make(r, i) {
      const id = hex(`pool ${i}`);
      Object.assign(r, { id, paging_token: id });
    },
  },
  offers: {
    page: 'OfferPage',
    count: 5,
    cursor: ANY,
    make(r, i) {
      const id = String(5000 + i);
      Object.assign(r, { id, paging_token: id });
    },
  },
};

/** The family each collection operation pages over. */
export const COLLECTIONS: Record<string, keyof typeof FAMILIES> = {
  listLedgers: 'ledgers',
  listTransactions: 'transactions',
  listLedgerTransactions: 'transactions',
  listClaimableBalanceTransactions: 'transactions',
  listLiquidityPoolTransactions: 'transactions',
  listAccountTransactions: 'transactions',
  listOperations: 'operations',
  listLedgerOperations: 'operations',
  listTransactionOperations: 'operations',
  listClaimableBalanceOperations: 'operations',
  listLiquidityPoolOperations: 'operations',
  listAccountOperations: 'operations',
  listPayments: 'payments',
  listLedgerPayments: 'payments',
  listTransactionPayments: 'payments',
  listAccountPayments: 'payments',
  listEffects: 'effects',
  listLedgerEffects: 'effects',
  listTransactionEffects: 'effects',
  listOperationEffects: 'effects',
  listLiquidityPoolEffects: 'effects',
  listAccountEffects: 'effects',
  listTrades: 'trades',
  listOfferTrades: 'trades',
  listLiquidityPoolTrades: 'trades',
  listAccountTrades: 'trades',
  listAccounts: 'accounts',
  listClaimableBalances: 'claimable_balances',
  listLiquidityPools: 'liquidity_pools',
  listOffers: 'offers',
  listAccountOffers: 'offers',
};

/**
 * Orders paging tokens part by part, numerically when both parts are digits. Written apart from
 * the suite's own (src/stellar/paging-tokens.ts): the provider must not share the judge's mistakes.
 */
export function compare(a: string, b: string): number {
  const x = a.split('-');
  const y = b.split('-');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const p = x[i];
    const q = y[i];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    if (/^\d+$/.test(p) && /^\d+$/.test(q)) {
      if (BigInt(p) !== BigInt(q)) return BigInt(p) < BigInt(q) ? -1 : 1;
    } else if (p !== q) {
      return p < q ? -1 : 1;
    }
  }
  return 0;
}

function dataset(family: Family): Json[] {
  const shapes = templates(family.page);
  const records = Array.from({ length: family.count }, (_, i) => {
    const record = structuredClone(shapes[i % shapes.length]) as Json;
    family.make(record, i);
    return record;
  });
  return records.sort((a, b) => compare(String(a.paging_token), String(b.paging_token)));
}

export const DATA: Record<string, Json[]> = Object.fromEntries(
  Object.entries(FAMILIES).map(([name, family]) => [name, dataset(family)]),
);
