/**
 * Every GET operation of the ledger-api contract over one face: the collections (with their
 * `include_failed`, `join` and filter variants), each record found, and each record's
 * sub-collections (an account's too), every page in both orders. What to ask for comes from the answers: the
 * accounts, assets, offers, balances and pools the records name.
 *
 * A run at a part of the test volume (CI's second pass, which checks the Node version) asks the
 * per-record sub-collections of that part of the records only, the first of each always.
 */
import { testVolumeFraction } from '../../../../scripts/test-volume.mjs';
import { type Crawl, type Row, Walker } from './crawl.js';

/** Page sizes: the large collections page often; a record's sub-collections mostly fit one page. */
const LIMIT = { history: 7, state: 3, sub: 4, filter: 10 };

/** Every record at the whole volume; every tenth at a tenth, and so on. */
function sample<T>(records: readonly T[]): T[] {
  const every = Math.max(1, Math.round(1 / testVolumeFraction()));
  return records.filter((_, n) => n % every === 0);
}

const ACCOUNT = /^G[A-Z2-7]{55}$/;
const CANONICAL = /^[A-Za-z0-9]{1,12}:G[A-Z2-7]{55}$/;
const POOL_KEYS = new Set(['liquidity_pool_id', 'base_liquidity_pool_id', 'counter_liquidity_pool_id']);
const OFFER_KEYS = new Set(['offer_id', 'base_offer_id', 'counter_offer_id']);

/** What the answers so far name, each set sorted. */
interface Named {
  accounts: string[];
  /** `native` or `CODE:ISSUER`. */
  assets: string[];
  offers: string[];
  balances: string[];
  pools: string[];
}

function named(answers: Iterable<{ body: unknown }>): Named {
  const found = {
    accounts: new Set<string>(),
    assets: new Set<string>(),
    offers: new Set<string>(),
    balances: new Set<string>(),
    pools: new Set<string>(),
  };
  const visit = (value: unknown, key: string): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
      return;
    }
    if (value && typeof value === 'object') {
      const row = value as Row;
      for (const [name, member] of Object.entries(row)) {
        if (name === '_links') continue;
        visit(member, name);
        const prefix = name.endsWith('asset_type') ? name.slice(0, -'asset_type'.length) : undefined;
        if (prefix !== undefined && member === 'native') found.assets.add('native');
        else if (prefix !== undefined && row[`${prefix}asset_code`] && row[`${prefix}asset_issuer`])
          found.assets.add(`${row[`${prefix}asset_code`]}:${row[`${prefix}asset_issuer`]}`);
      }
      return;
    }
    if (typeof value !== 'string') return;
    if (ACCOUNT.test(value)) found.accounts.add(value);
    if (CANONICAL.test(value)) found.assets.add(value);
    if (key === 'balance_id') found.balances.add(value);
    if (POOL_KEYS.has(key)) found.pools.add(value);
    if (OFFER_KEYS.has(key) && value !== '0') found.offers.add(value);
  };
  for (const { body } of answers) visit(body, '');
  const sorted = (set: Set<string>) => [...set].sort();
  return {
    accounts: sorted(found.accounts),
    assets: sorted(found.assets),
    offers: sorted(found.offers),
    balances: sorted(found.balances),
    pools: sorted(found.pools),
  };
}

/** `asset` as the trades filter spells it: `base_asset_type=…&base_asset_code=…&…`. */
function assetQuery(prefix: string, asset: string): string {
  if (asset === 'native') return `${prefix}_asset_type=native`;
  const [code = '', issuer = ''] = asset.split(':');
  const type = code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12';
  return `${prefix}_asset_type=${type}&${prefix}_asset_code=${code}&${prefix}_asset_issuer=${issuer}`;
}

const tradeAsset = (trade: Row, side: 'base' | 'counter'): string =>
  trade[`${side}_asset_type`] === 'native'
    ? 'native'
    : `${trade[`${side}_asset_code`]}:${trade[`${side}_asset_issuer`]}`;

/** An offer's `selling` or `buying` (`{asset_type, asset_code, asset_issuer}`) in canonical form. */
const fieldsAsset = (fields: Row): string =>
  fields.asset_type === 'native' ? 'native' : `${fields.asset_code}:${fields.asset_issuer}`;

/** A bound past every close time, so that the aggregations' `next` links page (Horizon caps them by it). */
const FAR_END_TIME = 4_102_444_800_000;

/**
 * `/assets` and each asset's own filter; each pair's order book and trade aggregations, both ways
 * round; the payment paths to and from each asset the offers trade.
 */
async function crawlMarket(w: Walker, assets: string[], booked: Set<string>, traded: Set<string>) {
  await w.collection('/assets', LIMIT.state);
  for (const asset of assets) {
    if (asset === 'native') continue;
    const [code = '', issuer = ''] = asset.split(':');
    await w.get(`/assets?asset_code=${code}&asset_issuer=${issuer}`);
  }
  const bothWays = (pairs: Set<string>) =>
    [...pairs].sort().flatMap((pair) => {
      const [a = '', b = ''] = pair.split(' ');
      return [
        [a, b],
        [b, a],
      ];
    });
  for (const [a = '', b = ''] of bothWays(new Set([...booked, ...traded])))
    await w.get(`/order_book?${assetQuery('selling', a)}&${assetQuery('buying', b)}`);
  // Every asset the offers trade, paid with and delivered: the path searches both ways.
  const marketAssets = [...new Set([...booked].flatMap((pair) => pair.split(' ')))].sort();
  const listed = marketAssets.slice(0, 15).join(',');
  for (const asset of marketAssets) {
    await w.get(
      `/paths/strict-receive?source_assets=${listed}&${assetQuery('destination', asset)}&destination_amount=1`,
    );
    await w.get(
      `/paths/strict-send?${assetQuery('source', asset)}&source_amount=1&destination_assets=${listed}`,
    );
  }
  // Without offers there is no asset to list (an empty list is a 400).
  if (listed !== '')
    await w.get(`/paths?source_assets=${listed}&destination_asset_type=native&destination_amount=1`);
  for (const [a = '', b = ''] of bothWays(traded)) {
    const pair = `${assetQuery('base', a)}&${assetQuery('counter', b)}`;
    for (const resolution of [60_000, 3_600_000, 604_800_000])
      await w.collection(`/trade_aggregations?${pair}&resolution=${resolution}&end_time=${FAR_END_TIME}`, 2);
    await w.get(`/trade_aggregations?${pair}&resolution=86400000&offset=7200000&start_time=1`);
  }
}

export async function crawlAll(origin: string): Promise<Crawl> {
  const w = new Walker(origin);
  const all = (collection: string, limit = LIMIT.sub) => w.collection(collection, limit);
  await w.get('/');
  await w.get('/fee_stats');

  // History collections.
  const ledgers = await all('/ledgers', LIMIT.history);
  const transactions = await all('/transactions?include_failed=true', LIMIT.history);
  const operations = await all('/operations?include_failed=true', LIMIT.history);
  for (const path of [
    '/transactions',
    '/operations',
    '/operations?join=transactions&include_failed=true',
    '/payments',
    '/payments?include_failed=true&join=transactions',
    '/effects',
  ])
    await all(path, LIMIT.history);
  const trades = await all('/trades', LIMIT.history);
  for (const type of ['orderbook', 'liquidity_pool', 'all'])
    await all(`/trades?trade_type=${type}`, LIMIT.history);

  // Current-state collections.
  const offers = await all('/offers', LIMIT.state);
  const balances = await all('/claimable_balances', LIMIT.state);
  const pools = await all('/liquidity_pools', LIMIT.state);

  // Each history record and its sub-collections.
  for (const ledger of ledgers) await w.get(`/ledgers/${ledger.sequence}`);
  for (const ledger of sample(ledgers)) {
    const self = `/ledgers/${ledger.sequence}`;
    for (const sub of [
      'transactions',
      'transactions?include_failed=true',
      'operations',
      'operations?include_failed=true&join=transactions',
      'payments?include_failed=true',
      'effects',
    ])
      await all(`${self}/${sub}`);
  }
  for (const tx of transactions) await w.get(`/transactions/${tx.hash}`);
  for (const tx of sample(transactions)) {
    for (const sub of ['operations', 'payments', 'effects']) await all(`/transactions/${tx.hash}/${sub}`);
  }
  for (const [n, op] of operations.entries()) {
    // The join is the collections' too: a sample is enough.
    await w.get(`/operations/${op.id}`);
    if (n % 5 === 0) await w.get(`/operations/${op.id}?join=transactions`);
  }
  for (const op of sample(operations)) await all(`/operations/${op.id}/effects`);

  // Current-state records, and the history of every offer, balance and pool ever named.
  for (const path of Walker.selves([...offers, ...balances, ...pools])) await w.get(path);
  let names = named(w.answers.values());
  for (const id of names.offers) await all(`/offers/${id}/trades`);
  for (const id of names.balances) {
    await all(`/claimable_balances/${id}/transactions?include_failed=true`);
    await all(`/claimable_balances/${id}/operations?include_failed=true`);
  }
  for (const id of names.pools) {
    for (const sub of ['transactions', 'operations?include_failed=true', 'effects', 'trades'])
      await all(`/liquidity_pools/${id}/${sub}`);
    await all(`/trades?liquidity_pool_id=${id}`);
    await all(`/accounts?liquidity_pool=${id}`, LIMIT.filter);
  }

  // Accounts: those that exist are found by their signers; then every filter an account takes.
  const found: Row[] = [];
  for (const account of names.accounts)
    found.push(...(await all(`/accounts?signer=${account}`, LIMIT.filter)));
  for (const path of new Set(Walker.selves(found))) await w.get(path);
  // Each account's history, offers and trades, and each of its data entries.
  const byId = new Map(found.map((account) => [String(account.id), account]));
  for (const [id, account] of sample([...byId].sort(([a], [b]) => (a < b ? -1 : 1)))) {
    const self = `/accounts/${id}`;
    for (const sub of [
      'transactions?include_failed=true',
      'operations?include_failed=true&join=transactions',
      'payments?include_failed=true',
      'effects',
      'offers',
      'trades',
    ])
      await all(`${self}/${sub}`);
    for (const key of Object.keys(account.data ?? {}).sort())
      await w.get(`${self}/data/${encodeURIComponent(key)}`);
  }
  names = named(w.answers.values());
  for (const account of sample(names.accounts)) {
    await all(`/accounts?sponsor=${account}`, LIMIT.filter);
    await all(`/offers?seller=${account}`, LIMIT.filter);
    await all(`/offers?sponsor=${account}`, LIMIT.filter);
    await all(`/claimable_balances?claimant=${account}`, LIMIT.filter);
    await all(`/claimable_balances?sponsor=${account}`, LIMIT.filter);
    await all(`/liquidity_pools?account=${account}`, LIMIT.filter);
  }

  // Assets: holders, offers, balances, pools, and the trades of each pair traded.
  for (const asset of names.assets) {
    if (asset !== 'native') await all(`/accounts?asset=${asset}`, LIMIT.filter);
    await all(`/offers?selling=${asset}`, LIMIT.filter);
    await all(`/offers?buying=${asset}`, LIMIT.filter);
    await all(`/claimable_balances?asset=${asset}`, LIMIT.filter);
    await all(`/liquidity_pools?reserves=${asset}`, LIMIT.filter);
  }
  for (const pool of pools)
    await all(`/liquidity_pools?reserves=${pool.reserves.map((r: Row) => r.asset).join(',')}`, LIMIT.filter);
  const pairs = new Set(trades.flatMap((t) => [`${tradeAsset(t, 'base')} ${tradeAsset(t, 'counter')}`]));
  for (const pair of [...pairs].sort()) {
    const [base = '', counter = ''] = pair.split(' ');
    for (const [a, b] of [
      [base, counter],
      [counter, base],
    ])
      await all(
        `/trades?${assetQuery('base', a as string)}&${assetQuery('counter', b as string)}`,
        LIMIT.history,
      );
  }
  const booked = new Set(offers.map((o) => `${fieldsAsset(o.selling)} ${fieldsAsset(o.buying)}`));
  await crawlMarket(w, names.assets, booked, pairs);
  return w;
}
