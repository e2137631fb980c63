/** `GET /`: what the server is, how far it has ingested, and its URI templates (Horizon's root adapter). */

import { contract, halLink } from '@starspec/ledger-api';
import type { HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import type { LedgerSource } from '../source.js';
import type { IndexStore } from '../store/index-store.js';
import { baseUrl, HAL_JSON } from './request.js';

// Horizon's templates, every one of them; a server advertises only those whose path it serves.
const HORIZON_TEMPLATES: Record<string, string> = {
  account: '/accounts/{account_id}',
  accounts: '/accounts{?signer,sponsor,asset,liquidity_pool,cursor,limit,order}',
  account_transactions: '/accounts/{account_id}/transactions{?cursor,limit,order}',
  claimable_balances: '/claimable_balances{?asset,sponsor,claimant,cursor,limit,order}',
  assets: '/assets{?asset_code,asset_issuer,cursor,limit,order}',
  effects: '/effects{?cursor,limit,order}',
  fee_stats: '/fee_stats',
  ledger: '/ledgers/{sequence}',
  ledgers: '/ledgers{?cursor,limit,order}',
  liquidity_pools: '/liquidity_pools{?reserves,account,cursor,limit,order}',
  offer: '/offers/{offer_id}',
  offers: '/offers{?selling,buying,seller,sponsor,cursor,limit,order}',
  operation: '/operations/{id}',
  operations: '/operations{?cursor,limit,order,include_failed}',
  order_book:
    '/order_book{?selling_asset_type,selling_asset_code,selling_asset_issuer,buying_asset_type,buying_asset_code,buying_asset_issuer,limit}',
  payments: '/payments{?cursor,limit,order,include_failed}',
  self: '/',
  strict_receive_paths:
    '/paths/strict-receive{?source_assets,source_account,destination_account,destination_asset_type,destination_asset_issuer,destination_asset_code,destination_amount}',
  strict_send_paths:
    '/paths/strict-send{?destination_account,destination_assets,source_asset_type,source_asset_issuer,source_asset_code,source_amount}',
  trade_aggregations:
    '/trade_aggregations?base_asset_type={base_asset_type}&base_asset_code={base_asset_code}&base_asset_issuer={base_asset_issuer}&counter_asset_type={counter_asset_type}&counter_asset_code={counter_asset_code}&counter_asset_issuer={counter_asset_issuer}',
  trades:
    '/trades?base_asset_type={base_asset_type}&base_asset_code={base_asset_code}&base_asset_issuer={base_asset_issuer}&counter_asset_type={counter_asset_type}&counter_asset_code={counter_asset_code}&counter_asset_issuer={counter_asset_issuer}',
  transaction: '/transactions/{hash}',
  transactions: '/transactions{?cursor,limit,order}',
};

/** The path of a URI template (`/offers{?selling,…}` -> `/offers`), in the contract's `{name}` form. */
const templatePath = (template: string) => template.replace(/\{\?.*$|\?.*$/, '');

/** Paths of the contract's GET operations with their parameter names dropped (`/ledgers/{}`). */
const served = new Set(
  Object.values(contract.operations)
    .filter((operation) => operation.method === 'get')
    .map((operation) => operation.path.replace(/\{[^}]+\}/g, '{}')),
);

/** The templates this server answers: a link to a path it would 404 on helps no client. */
export const TEMPLATES: Record<string, string> = Object.fromEntries(
  Object.entries(HORIZON_TEMPLATES).filter(([, template]) =>
    served.has(templatePath(template).replace(/\{[^}]+\}/g, '{}')),
  ),
);

export async function rootDocument(
  store: IndexStore,
  source: LedgerSource,
  request: HandlerRequest,
): Promise<HandlerResult> {
  const base = baseUrl(request);
  const [latest, oldest, core] = await Promise.all([
    store.latestLedger(),
    store.oldestLedger(),
    source.status(),
  ]);
  const latestBody =
    latest === undefined ? undefined : ((await store.ledger(latest)) as Record<string, unknown>);
  const links = Object.fromEntries(
    Object.entries(TEMPLATES).map(([name, path]) => [name, halLink(`${base}${path}`)]),
  );
  if (source.friendbotUrl) links.friendbot = halLink(`${source.friendbotUrl}{?addr}`);
  return {
    status: 200,
    headers: HAL_JSON,
    body: {
      _links: links,
      horizon_version: source.serverVersion,
      core_version: core.coreVersion,
      ingest_latest_ledger: latest ?? 0,
      history_latest_ledger: latest ?? 0,
      history_latest_ledger_closed_at: String(latestBody?.closed_at ?? '0001-01-01T00:00:00Z'),
      history_elder_ledger: oldest ?? 0,
      core_latest_ledger: core.latestLedger,
      network_passphrase: source.passphrase,
      current_protocol_version: Number(latestBody?.protocol_version ?? core.protocolVersion),
      supported_protocol_version: core.protocolVersion,
      core_supported_protocol_version: core.protocolVersion,
    },
  };
}
