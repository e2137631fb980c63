/**
 * Trades (`GET /trades`): one per offer or pool an operation crossed, as stellar-horizon's
 * `internal/ingest/processors/trades_processor.go` records them and `resourceadapter/trade.go`
 * renders them. A trade is first seen from the seller's side (the crossed offer or pool is the
 * base, the operation's source the counter), then turned round when Horizon's id of the sold
 * asset is above that of the bought one (see `TradeAssetIds`).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { assetFields, canonicalAsset, prefixedAssetFields } from './assets.js';
import { amount, timestamp } from './format.js';
import { changeOfKey } from './operations/changes.js';
import { type Claim, readClaim } from './operations/claim-atoms.js';
import type { OperationContext } from './operations/context.js';
import { operationId } from './operations/index.js';
import type { TradeRow } from './records.js';

/** One party of a trade. */
interface Party {
  account?: string;
  offerId?: bigint;
  poolId?: string;
  amount: bigint;
  asset: xdr.Asset;
}

/** A trade from the seller's side (stellar-horizon `history.InsertTrade` before `Flush`). */
export interface SellerTrade {
  operationId: bigint;
  /** The claim's index in the operation's result (crossings of nothing keep their index). */
  order: number;
  closeTime: number;
  kind: Claim['kind'];
  seller: Party;
  buyer: Party;
  /** The seller's price (bought per sold). */
  price: { n: bigint; d: bigint };
  poolFee?: number;
}

/**
 * Horizon's `history_assets` ids, by `AssetKey.String()` (`native`, `credit_alphanum4/CODE/ISSUER`):
 * assets are numbered as trades first show them, those new in one ledger in key order (the
 * `AssetLoader` sorts a batch before inserting it). Keep one map across ledgers to number assets
 * as a Horizon ingesting them one ledger at a time does.
 */
export type TradeAssetIds = Map<string, number>;

/** stellar-horizon `history.AssetKey.String()`. */
export function assetKey(asset: xdr.Asset): string {
  const fields = assetFields(asset);
  return fields.asset_type === 'native'
    ? 'native'
    : `${fields.asset_type}/${fields.asset_code}/${fields.asset_issuer}`;
}

/** stellar-horizon `EncodeOfferId(id, TOIDType)`: an offer id for an offer that never rested on the book. */
export function syntheticOfferId(operationToid: bigint): bigint {
  return operationToid | (1n << 62n);
}

/** The claim atoms of an operation's result, and the offer it left on the book, if any. */
function crossings(ctx: OperationContext): { atoms: xdr.ClaimAtom[]; offer?: xdr.OfferEntry } {
  const tr = ctx.result;
  if (!tr) return { atoms: [] };
  switch (tr.type) {
    case 'pathPaymentStrictReceive': {
      const r = tr.pathPaymentStrictReceiveResult;
      return { atoms: r.type === 'pathPaymentStrictReceiveSuccess' ? r.success.offers : [] };
    }
    case 'pathPaymentStrictSend': {
      const r = tr.pathPaymentStrictSendResult;
      return { atoms: r.type === 'pathPaymentStrictSendSuccess' ? r.success.offers : [] };
    }
    case 'manageBuyOffer': {
      const r = tr.manageBuyOfferResult;
      return r.type === 'manageBuyOfferSuccess' ? managed(r.success) : { atoms: [] };
    }
    // stellar-core has answered create_passive_sell_offer in either arm.
    case 'manageSellOffer':
    case 'createPassiveSellOffer': {
      const r = tr.type === 'manageSellOffer' ? tr.manageSellOfferResult : tr.createPassiveSellOfferResult;
      return r.type === 'manageSellOfferSuccess' ? managed(r.success) : { atoms: [] };
    }
    default:
      return { atoms: [] };
  }
}

function managed(success: xdr.ManageOfferSuccessResult): { atoms: xdr.ClaimAtom[]; offer?: xdr.OfferEntry } {
  const offer = success.offer.type === 'manageOfferDeleted' ? undefined : success.offer.offer;
  return { atoms: success.offersClaimed, offer };
}

function sellerSide(ctx: OperationContext, claim: Claim): Pick<SellerTrade, 'seller' | 'price' | 'poolFee'> {
  const seller = { amount: claim.amountSold, asset: claim.assetSold };
  if (claim.kind === 'liquidity_pool') {
    const poolId = claim.poolId ?? '';
    const key = xdr.LedgerKey.liquidityPool(
      new xdr.LedgerKeyLiquidityPool({ liquidityPoolId: xdr.PoolId.fromXdr(poolId, 'hex') }),
    );
    const pool = changeOfKey(ctx.changes, key)?.pre?.data;
    if (pool?.type !== 'liquidityPool')
      throw new Error(`operation ${operationId(ctx)} changed no pool ${poolId}`);
    return {
      seller: { ...seller, poolId },
      price: { n: claim.amountBought, d: claim.amountSold },
      poolFee: pool.liquidityPool.body.constantProduct.params.fee,
    };
  }
  const { sellerKey, offerId } = claim;
  if (!sellerKey || offerId === undefined) throw new TypeError('an order book claim without its offer');
  const key = xdr.LedgerKey.offer(new xdr.LedgerKeyOffer({ sellerId: sellerKey, offerId }));
  const offer = changeOfKey(ctx.changes, key)?.pre?.data;
  if (offer?.type !== 'offer') throw new Error(`operation ${operationId(ctx)} changed no offer ${offerId}`);
  return {
    seller: { ...seller, account: claim.seller, offerId },
    price: { n: BigInt(offer.offer.price.n), d: BigInt(offer.offer.price.d) },
  };
}

/** The trades of one operation, from the seller's side (stellar-horizon `extractTrades`). */
export function operationTrades(ctx: OperationContext): SellerTrade[] {
  const { atoms, offer } = crossings(ctx);
  const opId = BigInt(operationId(ctx));
  const trades: SellerTrade[] = [];
  atoms.forEach((atom, order) => {
    const claim = readClaim(atom);
    // Offers stellar-core removed for want of funds appear as claims of nothing: not trades.
    if (claim.amountBought === 0n && claim.amountSold === 0n) return;
    trades.push({
      operationId: opId,
      order,
      closeTime: ctx.ledger.closeTime,
      kind: claim.kind,
      ...sellerSide(ctx, claim),
      buyer: {
        account: ctx.source.account,
        offerId: offer ? offer.offerId : syntheticOfferId(opId),
        amount: claim.amountBought,
        asset: claim.assetBought,
      },
    });
  });
  return trades;
}

/** Numbers the assets (by `assetKey`) a ledger's trades show for the first time, in key order. */
export function numberAssetKeys(keys: Iterable<string>, ids: TradeAssetIds): void {
  const fresh = new Set<string>();
  for (const key of keys) if (!ids.has(key)) fresh.add(key);
  for (const key of [...fresh].sort()) ids.set(key, ids.size + 1);
}

/** The assets numbered after the first `known` (ids count up from 1 in order): a ledger's new ones. */
export const assetsNumberedAfter = (ids: TradeAssetIds, known: number): [string, number][] =>
  [...ids].filter(([, id]) => id > known);

/** The keys of a trade's two assets: the seller's, then the buyer's. */
export const tradeAssetKeys = (trade: SellerTrade): [seller: string, buyer: string] => [
  assetKey(trade.seller.asset),
  assetKey(trade.buyer.asset),
];

/** Whether the seller's asset is the base: Horizon's id of the sold asset is not above the bought one's. */
export function baseIsSeller([seller, buyer]: readonly [string, string], ids: TradeAssetIds): boolean {
  return !((ids.get(seller) ?? 0) > (ids.get(buyer) ?? 0));
}

/** One side's field names (`base_amount`, `counter_offer_id`, …). */
const partyNames = <P extends 'base' | 'counter'>(prefix: P) =>
  ({
    pool: `${prefix}_liquidity_pool_id`,
    offer: `${prefix}_offer_id`,
    account: `${prefix}_account`,
    amount: `${prefix}_amount`,
  }) as const;

/** Each side's field names, made once. */
const PARTY_NAMES = { base: partyNames('base'), counter: partyNames('counter') };

/** Writes one side's fields into a trade's body (field by field: see transactionBody). */
function addPartyFields(body: TradeRow['body'], prefix: 'base' | 'counter', party: Party): void {
  const names = PARTY_NAMES[prefix];
  if (party.poolId) body[names.pool] = party.poolId;
  if (party.offerId !== undefined) body[names.offer] = party.offerId.toString();
  if (party.account) body[names.account] = party.account;
  body[names.amount] = amount(party.amount);
  Object.assign(body, prefixedAssetFields(prefix, party.asset));
}

/** A trade as stored, base and counter ordered by Horizon's asset ids (stellar-horizon `TradeProcessor.Flush`). */
export function tradeRow(trade: SellerTrade, ledger: number, ids: TradeAssetIds): TradeRow {
  return orientedTradeRow(trade, ledger, baseIsSeller(tradeAssetKeys(trade), ids));
}

/** A trade as stored, with the seller's side as its base or the buyer's. */
export function orientedTradeRow(trade: SellerTrade, ledger: number, baseIsSeller: boolean): TradeRow {
  const [base, counter] = baseIsSeller ? [trade.seller, trade.buyer] : [trade.buyer, trade.seller];
  const [n, d] = baseIsSeller ? [trade.price.n, trade.price.d] : [trade.price.d, trade.price.n];
  const id = `${trade.operationId}-${trade.order}`;
  const pool = trade.seller.poolId;
  // Built field by field, in the record's order (see transactionBody).
  const body = {
    id,
    paging_token: id,
    ledger_close_time: timestamp(trade.closeTime),
    trade_type: trade.kind,
  } as TradeRow['body'];
  if (trade.poolFee) body.liquidity_pool_fee_bp = trade.poolFee;
  addPartyFields(body, 'base', base);
  addPartyFields(body, 'counter', counter);
  body.base_is_seller = baseIsSeller;
  body.price = { n: n.toString(), d: d.toString() };
  const row: TradeRow = {
    operationId: trade.operationId,
    order: trade.order,
    ledger,
    baseAsset: canonicalAsset(base.asset),
    counterAsset: canonicalAsset(counter.asset),
    tradeType: trade.kind,
    body,
  };
  if (base.offerId !== undefined) row.baseOfferId = base.offerId.toString();
  if (counter.offerId !== undefined) row.counterOfferId = counter.offerId.toString();
  if (pool) row.liquidityPool = pool;
  return row;
}

/** The trades of a ledger's operations, numbering the assets they show for the first time. */
export function tradeRows(trades: readonly SellerTrade[], ledger: number, ids: TradeAssetIds): TradeRow[] {
  numberAssetKeys(trades.flatMap(tradeAssetKeys), ids);
  return trades.map((trade) => tradeRow(trade, ledger, ids));
}

/** A trade with each of its sides as the base: which one is waits for Horizon's asset ids. */
export interface TwoSidedTrade {
  keys: [seller: string, buyer: string];
  asSeller: TradeRow;
  asBuyer: TradeRow;
}

export const twoSided = (trade: SellerTrade, ledger: number): TwoSidedTrade => ({
  keys: tradeAssetKeys(trade),
  asSeller: orientedTradeRow(trade, ledger, true),
  asBuyer: orientedTradeRow(trade, ledger, false),
});

/** A ledger's two-sided trades as `tradeRows` makes them, numbering the assets they show first. */
export function pickSides(trades: readonly TwoSidedTrade[], ids: TradeAssetIds): TradeRow[] {
  numberAssetKeys(
    trades.flatMap((trade) => trade.keys),
    ids,
  );
  return trades.map((trade) => (baseIsSeller(trade.keys, ids) ? trade.asSeller : trade.asBuyer));
}
