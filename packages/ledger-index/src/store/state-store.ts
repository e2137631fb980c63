/**
 * The current-state records the REST face serves: accounts, offers, claimable balances and
 * liquidity pools by id, and filtered pages of each, paged by the key stellar-horizon pages
 * them by (`internal/db2/history`): accounts and pools by id (text), offers by id (number),
 * claimable balances by (last_modified_ledger, id). They are written by `writeState`, in each
 * ledger's ingest transaction.
 */
import type {
  AccountBody,
  ClaimableBalanceBody,
  LiquidityPoolBody,
  OfferBody,
} from '../derive/state/common.js';
import { type AssetStatsFilter, type AssetStatsPage, type AssetSums, assetStats } from './asset-stats.js';
import type { SqlDriver, SqlValue } from './driver.js';
import { hasMarket, inMarket, type VenueQuery, type VenueRows, venueRows } from './path-venues.js';

export { writeState } from './state-write.js';

/** A cursor that is not a position in the collection it was given to. */
export class CursorError extends Error {
  override readonly name = 'CursorError';
}

export interface StatePage {
  /** Horizon's `cursor`: records after it (asc) or before it (desc); none starts at an end. */
  cursor?: string;
  order: 'asc' | 'desc';
  limit: number;
}

/** `listAccounts`: stellar-horizon requires exactly one filter; given several, all must hold. */
export interface AccountFilter {
  signer?: string;
  sponsor?: string;
  /** Canonical `CODE:ISSUER`. */
  asset?: string;
  liquidityPool?: string;
}

export interface OfferFilter {
  seller?: string;
  sponsor?: string;
  /** Canonical assets: `native` or `CODE:ISSUER`. */
  selling?: string;
  buying?: string;
}

export interface ClaimableBalanceFilter {
  /** Canonical asset. */
  asset?: string;
  sponsor?: string;
  claimant?: string;
}

export interface LiquidityPoolFilter {
  /** Canonical assets the pool must hold (each of them). */
  reserves?: readonly string[];
  /** Pools the account holds shares of (a pool share trust line). */
  account?: string;
}

interface ListQuery {
  table: string;
  keys: readonly string[];
  where: string[];
  params: SqlValue[];
  /** The key values to page after (per `order`); none starts at an end. */
  after?: readonly SqlValue[];
  page: StatePage;
}

const INT64_MAX = 9_223_372_036_854_775_807n;

/** Horizon's `CursorInt64`: a non-negative int64, or no cursor. */
function offerCursor(cursor: string | undefined): bigint[] | undefined {
  if (!cursor) return undefined;
  if (!/^[0-9]{1,19}$/.test(cursor) || BigInt(cursor) > INT64_MAX)
    throw new CursorError(`the cursor "${cursor}" is not an offer id`);
  return [BigInt(cursor)];
}

/**
 * Horizon's `ClaimableBalancesQuery.Cursor`: `<last_modified_ledger>-<balance id>`; a ledger of
 * 0 pages from the start, as Horizon's `hasPagedLimit`.
 */
function claimableBalanceCursor(cursor: string | undefined): SqlValue[] | undefined {
  if (!cursor) return undefined;
  const match = /^([0-9]{1,19})-(00000000[0-9a-fA-F]{64})$/.exec(cursor);
  const ledger = match?.[1];
  const id = match?.[2];
  if (ledger === undefined || id === undefined || BigInt(ledger) > INT64_MAX)
    throw new CursorError(`the cursor "${cursor}" is not <last_modified_ledger>-<claimable balance id>`);
  return BigInt(ledger) > 0n ? [BigInt(ledger), id] : undefined;
}

/** `(a, b) > (?, ?)` written out, as both engines plan it well. */
function keyAfter(keys: readonly string[], order: StatePage['order']): string {
  const op = order === 'asc' ? '>' : '<';
  const [a, b] = keys;
  return b === undefined ? `${a} ${op} ?` : `(${a} ${op} ? OR (${a} = ? AND ${b} ${op} ?))`;
}

function keyParams(after: readonly SqlValue[]): SqlValue[] {
  const [a = null, b] = after;
  return b === undefined ? [a] : [a, a, b];
}

/** `column = ?` for each given value. */
function equalities(columns: Record<string, string | undefined>): { where: string[]; params: SqlValue[] } {
  const given = Object.entries(columns).filter((pair): pair is [string, string] => pair[1] !== undefined);
  return { where: given.map(([column]) => `${column} = ?`), params: given.map(([, value]) => value) };
}

export class StateStore {
  readonly #db: Pick<SqlDriver, 'query' | 'dialect'>;

  constructor(db: Pick<SqlDriver, 'query' | 'dialect'>) {
    this.#db = db;
  }

  async account(id: string): Promise<AccountBody | undefined> {
    return this.#one('accounts', id) as Promise<AccountBody | undefined>;
  }

  async offer(id: bigint): Promise<OfferBody | undefined> {
    return this.#one('offers', id) as Promise<OfferBody | undefined>;
  }

  /** A claimable balance by its id (hex of its ClaimableBalanceID XDR). */
  async claimableBalance(id: string): Promise<ClaimableBalanceBody | undefined> {
    return this.#one('claimable_balances', id) as Promise<ClaimableBalanceBody | undefined>;
  }

  async liquidityPool(id: string): Promise<LiquidityPoolBody | undefined> {
    return this.#one('liquidity_pools', id) as Promise<LiquidityPoolBody | undefined>;
  }

  /** Accounts by id (stellar-horizon `AccountsForSigner`, `AccountsForSponsor`, …). */
  async listAccounts(filter: AccountFilter, page: StatePage): Promise<AccountBody[]> {
    const where: string[] = [];
    const params: SqlValue[] = [];
    const kinds = [
      ['signer', filter.signer],
      ['sponsor', filter.sponsor],
      ['asset', filter.asset],
      ['liquidity_pool', filter.liquidityPool],
    ] as const;
    for (const [kind, subject] of kinds) {
      if (subject === undefined) continue;
      where.push('id IN (SELECT account_id FROM account_filters WHERE kind = ? AND subject = ?)');
      params.push(kind, subject);
    }
    const after = page.cursor ? [page.cursor] : undefined;
    return this.#list({ table: 'accounts', keys: ['id'], where, params, after, page }) as Promise<
      AccountBody[]
    >;
  }

  /** Offers by id (stellar-horizon `GetOffers`). */
  async listOffers(filter: OfferFilter, page: StatePage): Promise<OfferBody[]> {
    const { where, params } = equalities({
      seller: filter.seller,
      sponsor: filter.sponsor,
      selling: filter.selling,
      buying: filter.buying,
    });
    const after = offerCursor(page.cursor);
    return this.#list({ table: 'offers', keys: ['id'], where, params, after, page }) as Promise<OfferBody[]>;
  }

  /** Claimable balances by (last modified ledger, id) (stellar-horizon `GetClaimableBalances`). */
  async listClaimableBalances(
    filter: ClaimableBalanceFilter,
    page: StatePage,
  ): Promise<ClaimableBalanceBody[]> {
    const { where, params } = equalities({ asset: filter.asset, sponsor: filter.sponsor });
    if (filter.claimant !== undefined) {
      where.push('id IN (SELECT balance_id FROM claimable_balance_claimants WHERE destination = ?)');
      params.push(filter.claimant);
    }
    return this.#list({
      table: 'claimable_balances',
      keys: ['last_modified', 'id'],
      where,
      params,
      after: claimableBalanceCursor(page.cursor),
      page,
    }) as Promise<ClaimableBalanceBody[]>;
  }

  /** Liquidity pools by id (stellar-horizon `GetLiquidityPools`). */
  async listLiquidityPools(filter: LiquidityPoolFilter, page: StatePage): Promise<LiquidityPoolBody[]> {
    const reserves = filter.reserves ?? [];
    const where = reserves.map(() => '? IN (asset_a, asset_b)');
    const params: SqlValue[] = [...reserves];
    if (filter.account !== undefined) {
      where.push(
        "id IN (SELECT subject FROM account_filters WHERE kind = 'liquidity_pool' AND account_id = ?)",
      );
      params.push(filter.account);
    }
    const after = page.cursor ? [page.cursor] : undefined;
    return this.#list({ table: 'liquidity_pools', keys: ['id'], where, params, after, page }) as Promise<
      LiquidityPoolBody[]
    >;
  }

  /**
   * The offers selling `selling` for `buying` at their `levels` lowest prices, cheapest first
   * (stellar-horizon `GetOrderBookSummary` reads the same offers, a price level per distinct price).
   */
  async offersAtBestPrices(selling: string, buying: string, levels: number): Promise<OfferBody[]> {
    const pair = 'selling = ? AND buying = ?';
    const [last] = await this.#db.query(
      `SELECT MAX(price) AS price FROM (SELECT DISTINCT price FROM offers WHERE ${pair} ORDER BY price LIMIT ?) levels`,
      [selling, buying, levels],
    );
    if (last?.price === null || last?.price === undefined) return [];
    const rows = await this.#db.query(
      `SELECT body FROM offers WHERE ${pair} AND price <= ? ORDER BY price, id`,
      [selling, buying, Number(last.price)],
    );
    return rows.map((row) => JSON.parse(String(row.body)) as OfferBody);
  }

  /** Issued assets by (code, issuer) with their holders and supply (stellar-horizon `GetAssetStats`). */
  assetStats(filter: AssetStatsFilter, page: AssetStatsPage): Promise<AssetSums[]> {
    return assetStats(this.#db, filter, page);
  }

  /** The offers on one side of an asset and the pools holding it, for the path search. */
  venues(query: VenueQuery): Promise<VenueRows> {
    return venueRows(this.#db, query);
  }

  /** Whether any offer or pool is open, or (given an asset) one with that asset. */
  hasMarket(asset?: string): Promise<boolean> {
    return asset === undefined ? hasMarket(this.#db) : inMarket(this.#db, asset);
  }

  async #one(table: string, id: SqlValue): Promise<unknown> {
    const [row] = await this.#db.query(`SELECT body FROM ${table} WHERE id = ?`, [id]);
    return row ? JSON.parse(String(row.body)) : undefined;
  }

  async #list(query: ListQuery): Promise<unknown[]> {
    const where = [...query.where];
    const params = [...query.params];
    if (query.after) {
      where.push(keyAfter(query.keys, query.page.order));
      params.push(...keyParams(query.after));
    }
    const direction = query.page.order === 'asc' ? 'ASC' : 'DESC';
    const rows = await this.#db.query(
      `SELECT body FROM ${query.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${query.keys.map((key) => `${key} ${direction}`).join(', ')} LIMIT ?`,
      [...params, query.page.limit],
    );
    return rows.map((row) => JSON.parse(String(row.body)));
  }
}
