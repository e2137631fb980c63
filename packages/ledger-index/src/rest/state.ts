/**
 * The current-state endpoints: accounts, offers, claimable balances and liquidity pools, one by
 * id or filtered pages, as the ingested ledgers left them (Horizon's filters and their errors).
 */
import type { Handler, HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import { base64 } from '../derive/format.js';
import { sponsorField } from '../derive/state/common.js';
import type { IndexStore } from '../store/index-store.js';
import type { RecordKind } from './links.js';
import { withLinks } from './links.js';
import { statePage } from './pages.js';
import { NOT_FOUND, type Problem, problemResult } from './problems.js';
import { baseUrl, HAL_JSON } from './request.js';

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

async function one(request: HandlerRequest, kind: RecordKind, body: unknown): Promise<HandlerResult> {
  return body
    ? { status: 200, headers: HAL_JSON, body: withLinks(kind, baseUrl(request), body) }
    : problemResult(NOT_FOUND);
}

export function stateHandlers(store: IndexStore) {
  const { state } = store;
  return {
    async getAccount(request) {
      return one(request, 'account', await state.account(String(request.path.account_id)));
    },
    // Horizon's GetAccountOffersHandler: the account's offers as seller; no account check.
    async listAccountOffers(request) {
      const seller = String(request.path.account_id);
      return statePage(request, 'offer', (page) => state.listOffers({ seller }, page));
    },
    // Horizon's GetAccountDataHandler: the entry's value (base64) and sponsor; 404 without the entry.
    async getAccountData(request) {
      const name = String(request.path.key);
      for (const entry of await store.entriesOf(String(request.path.account_id), 'data')) {
        if (entry.data.type !== 'data') continue;
        const data = entry.data.data;
        if (Buffer.from(data.dataName.bytes).toString('utf8') !== name) continue;
        const body = { value: base64(data.dataValue.toBytes()), ...sponsorField(entry) };
        return { status: 200, headers: HAL_JSON, body };
      }
      return problemResult(NOT_FOUND);
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
      const id = String(request.path.id);
      return one(request, 'offer', /^[0-9]{1,19}$/.test(id) ? await state.offer(BigInt(id)) : undefined);
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
      return one(
        request,
        'claimable_balance',
        await state.claimableBalance(String(request.path.id).toLowerCase()),
      );
    },
    async listClaimableBalances(request) {
      const q = request.query;
      const filter = { asset: text(q.asset), sponsor: text(q.sponsor), claimant: text(q.claimant) };
      return statePage(request, 'claimable_balance', (page) => state.listClaimableBalances(filter, page));
    },
    async getLiquidityPool(request) {
      return one(request, 'liquidity_pool', await state.liquidityPool(String(request.path.id).toLowerCase()));
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
