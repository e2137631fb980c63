/**
 * The current-state endpoints: accounts, offers, claimable balances and liquidity pools, one by
 * id or filtered pages, as the ingested ledgers left them (Horizon's filters and their errors).
 */
import type { Handler, HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import type { EntrySource } from '../source.js';
import type { IndexStore } from '../store/index-store.js';
import type { RecordKind } from './links.js';
import { withLinks } from './links.js';
import { statePage } from './pages.js';
import { NOT_FOUND, type Problem, problemResult } from './problems.js';
import { baseUrl, HAL_JSON } from './request.js';
import { type Lookup, singleEntries } from './single-entries.js';

const INVALID_ACCOUNTS_PARAMS: Problem = {
  type: 'invalid_accounts_params',
  title: 'Invalid Accounts Parameters',
  status: 400,
  detail:
    'Exactly one filter is required. Please ensure that you are including a signer, sponsor, asset, or liquidity pool filter.',
};

const text = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));

/** An asset given as `<prefix>` (canonical) or as `<prefix>_asset_type/code/issuer`. */
function assetFilter(query: HandlerRequest['query'], prefix: string): string | undefined {
  const canonical = text(query[prefix]);
  if (canonical !== undefined) return canonical;
  const type = text(query[`${prefix}_asset_type`]);
  if (type === undefined) return undefined;
  return type === 'native'
    ? 'native'
    : `${text(query[`${prefix}_asset_code`])}:${text(query[`${prefix}_asset_issuer`])}`;
}

/** A lookup's problem, or Horizon's 404 when nothing was found. */
function answer(found: Exclude<Lookup, { body: unknown }>): HandlerResult {
  return problemResult(found?.problem ?? NOT_FOUND);
}

function one(request: HandlerRequest, kind: RecordKind, found: Lookup): HandlerResult {
  return found && 'body' in found
    ? { status: 200, headers: HAL_JSON, body: withLinks(kind, baseUrl(request), found.body) }
    : answer(found);
}

/** The state endpoints; `source` reads the single entries its index has not seen (the gateway's). */
export function stateHandlers(store: IndexStore, source?: EntrySource, onError?: (error: unknown) => void) {
  const { state } = store;
  const entries = singleEntries(store, source, onError);
  return {
    async getAccount(request) {
      return one(request, 'account', await entries.account(String(request.path.account_id)));
    },
    // Horizon's GetAccountOffersHandler: the account's offers as seller; no account check.
    async listAccountOffers(request) {
      const seller = String(request.path.account_id);
      return statePage(request, 'offer', (page) => state.listOffers({ seller }, page));
    },
    async getAccountData(request) {
      const found = await entries.data(String(request.path.account_id), String(request.path.key));
      return found && 'body' in found ? { status: 200, headers: HAL_JSON, body: found.body } : answer(found);
    },
    async listAccounts(request) {
      const q = request.query;
      const filter = {
        signer: text(q.signer),
        sponsor: text(q.sponsor),
        asset: text(q.asset),
        liquidityPool: text(q.liquidity_pool),
      };
      if (Object.values(filter).filter((v) => v !== undefined).length !== 1)
        return problemResult(INVALID_ACCOUNTS_PARAMS);
      return statePage(request, 'account', (page) => state.listAccounts(filter, page));
    },
    async getOffer(request) {
      return one(request, 'offer', await entries.offer(String(request.path.id)));
    },
    async listOffers(request) {
      const q = request.query;
      const filter = {
        seller: text(q.seller),
        sponsor: text(q.sponsor),
        selling: assetFilter(q, 'selling'),
        buying: assetFilter(q, 'buying'),
      };
      return statePage(request, 'offer', (page) => state.listOffers(filter, page));
    },
    async getClaimableBalance(request) {
      return one(request, 'claimable_balance', await entries.claimableBalance(String(request.path.id)));
    },
    async listClaimableBalances(request) {
      const q = request.query;
      const filter = { asset: text(q.asset), sponsor: text(q.sponsor), claimant: text(q.claimant) };
      return statePage(request, 'claimable_balance', (page) => state.listClaimableBalances(filter, page));
    },
    async getLiquidityPool(request) {
      return one(request, 'liquidity_pool', await entries.liquidityPool(String(request.path.id)));
    },
    async listLiquidityPools(request) {
      const q = request.query;
      // Horizon skips empty entries: `reserves=native,` is `reserves=native`.
      const reserves = text(q.reserves)
        ?.split(',')
        .filter((asset) => asset !== '');
      const filter = {
        ...(reserves?.length ? { reserves } : {}),
        ...(q.account !== undefined ? { account: String(q.account) } : {}),
      };
      return statePage(request, 'liquidity_pool', (page) => state.listLiquidityPools(filter, page));
    },
  } satisfies Record<string, Handler>;
}
