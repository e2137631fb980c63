/**
 * The trades endpoints (Horizon's `TradesQ`): all trades, one asset pair's (each trade turned so
 * that `base` is the asked base asset), one offer's, one pool's, of one type.
 */
import type { Handler, HandlerRequest } from '@starspec/runtime/http';
import type { IndexStore } from '../store/index-store.js';
import { type CollectionQuery, collectionPage } from './pages.js';
import { invalidField, problemResult } from './problems.js';

type Record_ = Record<string, unknown>;

/** `native` or `CODE:ISSUER` from the `<prefix>_asset_*` arguments; undefined when none given. */
function assetArgument(query: HandlerRequest['query'], prefix: string): string | undefined {
  const type = query[`${prefix}_asset_type`];
  if (type === undefined) return undefined;
  if (type === 'native') return 'native';
  return `${String(query[`${prefix}_asset_code`] ?? '')}:${String(query[`${prefix}_asset_issuer`] ?? '')}`;
}

const SIDES = [
  'offer_id',
  'account',
  'liquidity_pool_id',
  'amount',
  'asset_type',
  'asset_code',
  'asset_issuer',
];

/** A trade seen from the other side: base and counter swapped, the price inverted. */
export function reversed(trade: Record_): Record_ {
  const out: Record_ = { ...trade };
  for (const field of SIDES) {
    delete out[`base_${field}`];
    delete out[`counter_${field}`];
  }
  for (const field of SIDES) {
    if (trade[`counter_${field}`] !== undefined) out[`base_${field}`] = trade[`counter_${field}`];
    if (trade[`base_${field}`] !== undefined) out[`counter_${field}`] = trade[`base_${field}`];
  }
  const price = trade.price as { n: string; d: string } | undefined;
  if (price) out.price = { n: price.d, d: price.n };
  out.base_is_seller = !trade.base_is_seller;
  return out;
}

export function tradeHandlers(store: IndexStore) {
  async function trades(
    request: HandlerRequest,
    scope: { where: string[]; params: CollectionQuery['params']; exists?: CollectionQuery['exists'] },
  ) {
    const where = [...scope.where];
    const params = [...(scope.params ?? [])];
    const type = request.query.trade_type;
    if (type === 'orderbook' || type === 'liquidity_pool') {
      where.push('trade_type = ?');
      params.push(type);
    }
    const base = assetArgument(request.query, 'base');
    const counter = assetArgument(request.query, 'counter');
    let embed: CollectionQuery['embed'];
    if (base !== undefined || counter !== undefined) {
      if (base === undefined || counter === undefined)
        return problemResult(
          invalidField(
            base === undefined ? 'base_asset_type' : 'counter_asset_type',
            'this parameter is required when the other asset of the pair is given',
          ),
        );
      where.push('((base_asset = ? AND counter_asset = ?) OR (base_asset = ? AND counter_asset = ?))');
      params.push(base, counter, counter, base);
      embed = async (records) => records.map((r) => (assetOf(r, 'base') === base ? r : reversed(r)));
    }
    return collectionPage(store, request, {
      kind: 'trade',
      table: 'trades',
      where,
      params,
      ...(embed ? { embed } : {}),
      ...(scope.exists ? { exists: scope.exists } : {}),
    });
  }

  return {
    listTrades(request) {
      const where: string[] = [];
      const params: string[] = [];
      if (request.query.offer_id !== undefined) {
        where.push('(base_offer_id = ? OR counter_offer_id = ?)');
        params.push(String(request.query.offer_id), String(request.query.offer_id));
      }
      if (request.query.liquidity_pool_id !== undefined) {
        where.push('liquidity_pool = ?');
        params.push(String(request.query.liquidity_pool_id));
      }
      return trades(request, { where, params });
    },
    listOfferTrades(request) {
      const id = String(request.path.id ?? '');
      return trades(request, { where: ['(base_offer_id = ? OR counter_offer_id = ?)'], params: [id, id] });
    },
    // Horizon's GetTrades with an account: either side of the trade; an account its history never named is 404.
    listAccountTrades(request) {
      const account = String(request.path.account_id ?? '');
      return trades(request, {
        where: [
          'EXISTS (SELECT 1 FROM trade_accounts ta WHERE ta.account = ? AND ta.operation_id = trades.operation_id AND ta.ord = trades.ord)',
        ],
        params: [account],
        exists: () => store.knowsAccount(account),
      });
    },
    listLiquidityPoolTrades(request) {
      return trades(request, { where: ['liquidity_pool = ?'], params: [String(request.path.id ?? '')] });
    },
  } satisfies Record<string, Handler>;
}

function assetOf(trade: Record_, side: 'base' | 'counter'): string {
  return trade[`${side}_asset_type`] === 'native'
    ? 'native'
    : `${trade[`${side}_asset_code`]}:${trade[`${side}_asset_issuer`]}`;
}
