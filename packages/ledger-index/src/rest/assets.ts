/**
 * `GET /assets`: issued assets with their holders and supply (stellar-horizon `actions/asset.go`
 * AssetStatsHandler, `resourceadapter/asset_stat.go` PopulateAssetStat): `contract_id` is the
 * asset's live Stellar Asset Contract, `num_contracts` and `contracts_amount` the balances
 * contracts hold in it (store/contract-assets-write.ts).
 */
import type { HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import { StrKey } from '@stellar/stellar-sdk/base';
import { amount } from '../derive/format.js';
import type { AssetSums } from '../store/asset-stats.js';
import type { IndexStore } from '../store/index-store.js';
import { CursorError } from '../store/state-store.js';
import { statePage } from './pages.js';
import { invalidField, problemResult } from './problems.js';

/** xdr.ValidAssetCode. */
const ASSET_CODE = /^[a-zA-Z0-9]{1,12}$/;
const ASSET_TYPES = new Set(['native', 'credit_alphanum4', 'credit_alphanum12']);
const NO_FLAGS = {
  auth_required: false,
  auth_revocable: false,
  auth_immutable: false,
  auth_clawback_enabled: false,
};

const typeOf = (code: string) => (code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12');

/** validateAssetParams on the cursor: `CODE_ISSUER_TYPE`. */
function cursorPosition(cursor: string | undefined): { code: string; issuer: string } | undefined {
  if (!cursor) return undefined;
  const parts = cursor.split('_');
  if (parts.length < 3) throw new CursorError('the cursor is not a valid paging_token');
  const [code = '', issuer = ''] = parts;
  const type = parts.slice(2).join('_');
  if (!ASSET_CODE.test(code)) throw new CursorError(`${code} is not a valid asset code`);
  if (!StrKey.isValidEd25519PublicKey(issuer)) throw new CursorError(`${issuer} is not a valid asset issuer`);
  if (!ASSET_TYPES.has(type)) throw new CursorError(`${type} is not a valid asset type`);
  return { code, issuer };
}

function assetRecord(sums: AssetSums) {
  const type = typeOf(sums.code);
  const homeDomain = sums.issuerAccount?.home_domain?.trim();
  return {
    _links: {
      toml: { href: homeDomain ? `https://${sums.issuerAccount?.home_domain}/.well-known/stellar.toml` : '' },
    },
    asset_type: type,
    asset_code: sums.code,
    asset_issuer: sums.issuer,
    paging_token: `${sums.code}_${sums.issuer}_${type}`,
    ...(sums.contractId ? { contract_id: sums.contractId } : {}),
    num_claimable_balances: sums.claimableBalances,
    num_liquidity_pools: sums.liquidityPools,
    num_contracts: sums.contracts,
    accounts: sums.accounts,
    claimable_balances_amount: amount(sums.claimableBalancesAmount),
    liquidity_pools_amount: amount(sums.liquidityPoolsAmount),
    contracts_amount: amount(sums.contractsAmount),
    balances: {
      authorized: amount(sums.balances.authorized),
      authorized_to_maintain_liabilities: amount(sums.balances.authorized_to_maintain_liabilities),
      unauthorized: amount(sums.balances.unauthorized),
    },
    flags: { ...NO_FLAGS, ...sums.issuerAccount?.flags },
  };
}

export async function listAssets(store: IndexStore, request: HandlerRequest): Promise<HandlerResult> {
  const code = request.query.asset_code === undefined ? '' : String(request.query.asset_code);
  const issuer = request.query.asset_issuer === undefined ? '' : String(request.query.asset_issuer);
  if (code !== '' && !ASSET_CODE.test(code))
    return problemResult(invalidField('asset_code', `${code} is not a valid asset code`));
  if (issuer !== '' && !StrKey.isValidEd25519PublicKey(issuer))
    return problemResult(invalidField('asset_issuer', `${issuer} is not a valid asset issuer`));
  const filter = { ...(code ? { code } : {}), ...(issuer ? { issuer } : {}) };
  return statePage(request, 'asset', async (page) => {
    const after = cursorPosition(page.cursor);
    const sums = await store.state.assetStats(filter, {
      order: page.order,
      limit: page.limit,
      ...(after ? { after } : {}),
    });
    return sums.map(assetRecord);
  });
}
