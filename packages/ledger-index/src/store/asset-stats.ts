/**
 * The issued assets the current state holds anywhere (trust lines, claimable balances, pool
 * reserves) or whose Stellar Asset Contract is live, paged by (code, issuer) as stellar-horizon
 * `db2/history/asset_stats.go` GetAssetStats pages them (its full join of `exp_asset_stats` and
 * `asset_contracts`), with each page's holders and supply summed as its
 * `ingest/processors/asset_stats_set.go` sums them (trust lines by authorization), and the
 * balances contracts hold in the live contract (`contract_asset_stats`, joined by contract id).
 */
import type { SqlDriver, SqlValue } from './driver.js';

export interface AssetStatsFilter {
  code?: string;
  issuer?: string;
}

export interface AssetStatsPage {
  /** The (code, issuer) to page after (asc) or before (desc). */
  after?: { code: string; issuer: string };
  order: 'asc' | 'desc';
  limit: number;
}

/** One asset's sums, in stroops and counts, with its issuer's account record when there is one. */
export interface AssetSums {
  code: string;
  issuer: string;
  accounts: { authorized: number; authorized_to_maintain_liabilities: number; unauthorized: number };
  balances: { authorized: bigint; authorized_to_maintain_liabilities: bigint; unauthorized: bigint };
  claimableBalances: number;
  claimableBalancesAmount: bigint;
  liquidityPools: number;
  liquidityPoolsAmount: bigint;
  /** The asset's SAC, while its instance is live; the contracts' balances count through it. */
  contractId?: string;
  contracts: number;
  contractsAmount: bigint;
  issuerAccount?: { flags?: Record<string, boolean>; home_domain?: string };
}

type Db = Pick<SqlDriver, 'query' | 'dialect'>;

/** Entries live at the latest ledger: Horizon deletes the rows expiring at each ledger it ingests. */
const LATEST = 'SELECT MAX(sequence) FROM ledgers';

const HELD = `SELECT subject AS asset FROM account_filters WHERE kind = 'asset'
  UNION SELECT asset FROM claimable_balances
  UNION SELECT asset_a FROM liquidity_pools
  UNION SELECT asset_b FROM liquidity_pools
  UNION SELECT asset FROM asset_contracts WHERE live_until >= (${LATEST})`;

const stroops = (value: unknown) => BigInt(String(value).replace('.', ''));

/** The code and issuer of a canonical `CODE:ISSUER` column, in each engine's functions. */
function parts(db: Db): { code: string; issuer: string } {
  return db.dialect === 'postgres'
    ? { code: "split_part(asset, ':', 1)", issuer: "split_part(asset, ':', 2)" }
    : { code: "substr(asset, 1, instr(asset, ':') - 1)", issuer: "substr(asset, instr(asset, ':') + 1)" };
}

async function assetsOfPage(db: Db, filter: AssetStatsFilter, page: AssetStatsPage) {
  const { code, issuer } = parts(db);
  const where = ["asset <> 'native'"];
  const params: SqlValue[] = [];
  if (filter.code !== undefined) {
    where.push(`${code} = ?`);
    params.push(filter.code);
  }
  if (filter.issuer !== undefined) {
    where.push(`${issuer} = ?`);
    params.push(filter.issuer);
  }
  if (page.after) {
    const op = page.order === 'asc' ? '>' : '<';
    where.push(`(${code} ${op} ? OR (${code} = ? AND ${issuer} ${op} ?))`);
    params.push(page.after.code, page.after.code, page.after.issuer);
  }
  const direction = page.order === 'asc' ? 'ASC' : 'DESC';
  const rows = await db.query(
    `SELECT ${code} AS code, ${issuer} AS issuer FROM (${HELD}) held WHERE ${where.join(' AND ')}
     ORDER BY ${code} ${direction}, ${issuer} ${direction} LIMIT ?`,
    [...params, page.limit],
  );
  return rows.map((row) => ({ code: String(row.code), issuer: String(row.issuer) }));
}

interface Balance {
  asset_code?: string;
  asset_issuer?: string;
  balance: string;
  is_authorized?: boolean;
  is_authorized_to_maintain_liabilities?: boolean;
}

async function sumsOf(db: Db, code: string, issuer: string): Promise<AssetSums> {
  const asset = `${code}:${issuer}`;
  const sums: AssetSums = {
    code,
    issuer,
    accounts: { authorized: 0, authorized_to_maintain_liabilities: 0, unauthorized: 0 },
    balances: { authorized: 0n, authorized_to_maintain_liabilities: 0n, unauthorized: 0n },
    claimableBalances: 0,
    claimableBalancesAmount: 0n,
    liquidityPools: 0,
    liquidityPoolsAmount: 0n,
    contracts: 0,
    contractsAmount: 0n,
  };
  const holders = await db.query(
    `SELECT a.body FROM account_filters f JOIN accounts a ON a.id = f.account_id
     WHERE f.kind = 'asset' AND f.subject = ?`,
    [asset],
  );
  for (const row of holders) {
    const { balances } = JSON.parse(String(row.body)) as { balances: Balance[] };
    const line = balances.find((b) => b.asset_code === code && b.asset_issuer === issuer);
    if (!line) continue;
    // addByFlags: authorized, else authorized to maintain liabilities, else unauthorized.
    const state = line.is_authorized
      ? 'authorized'
      : line.is_authorized_to_maintain_liabilities
        ? 'authorized_to_maintain_liabilities'
        : 'unauthorized';
    sums.accounts[state] += 1;
    sums.balances[state] += stroops(line.balance);
  }
  for (const row of await db.query('SELECT body FROM claimable_balances WHERE asset = ?', [asset])) {
    sums.claimableBalances += 1;
    sums.claimableBalancesAmount += stroops((JSON.parse(String(row.body)) as { amount: string }).amount);
  }
  const pools = await db.query('SELECT body FROM liquidity_pools WHERE asset_a = ? OR asset_b = ?', [
    asset,
    asset,
  ]);
  for (const row of pools) {
    const { reserves } = JSON.parse(String(row.body)) as { reserves: { asset: string; amount: string }[] };
    sums.liquidityPools += 1;
    for (const reserve of reserves)
      if (reserve.asset === asset) sums.liquidityPoolsAmount += stroops(reserve.amount);
  }
  const [sac] = await db.query(
    `SELECT contract_id FROM asset_contracts WHERE asset = ? AND live_until >= (${LATEST})`,
    [asset],
  );
  if (sac) {
    sums.contractId = String(sac.contract_id);
    const held = await db.query(
      `SELECT amount FROM contract_asset_balances WHERE contract_id = ? AND live_until >= (${LATEST})`,
      [sums.contractId],
    );
    sums.contracts = held.length;
    for (const row of held) sums.contractsAmount += BigInt(String(row.amount));
  }
  const [account] = await db.query('SELECT body FROM accounts WHERE id = ?', [issuer]);
  if (account) sums.issuerAccount = JSON.parse(String(account.body));
  return sums;
}

/** A page of assets with their sums: the page's holders are read per request. */
export async function assetStats(
  db: Db,
  filter: AssetStatsFilter,
  page: AssetStatsPage,
): Promise<AssetSums[]> {
  const assets = await assetsOfPage(db, filter, page);
  const sums: AssetSums[] = [];
  for (const { code, issuer } of assets) sums.push(await sumsOf(db, code, issuer));
  return sums;
}
