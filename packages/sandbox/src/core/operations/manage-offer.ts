/**
 * What manage_sell_offer, manage_buy_offer and create_passive_sell_offer share, after
 * stellar-core ManageOfferOpFrameBase: create, update or delete an offer selling sheep for
 * wheat, crossing the order book first at the offer's price or better.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid, isIssuer, isNative, sameAsset, toTrustLineAsset } from '../assets.js';
import { changeOfferLiabilities, convertWithOffersAndPools, MAX_OFFERS_TO_CROSS } from '../dex/convert.js';
import { adjustOfferAmount, type Price } from '../dex/exchange.js';
import {
  addHoldingBalance,
  canBuyAtMost,
  canSellAtMost,
  holdingAvailableBalance,
  holdingMaxReceive,
} from '../dex/holdings.js';
import { loadAccount, storeAccount } from '../entries/account.js';
import type { EntryExtState } from '../entries/entry-ext.js';
import { loadOffer, type OfferState, offerEntry, PASSIVE_FLAG } from '../entries/offer.js';
import { isAuthorized, loadTrustLine } from '../entries/trustline.js';
import { accountAddressOf, muxedAddress } from '../events.js';
import { offerKey, sameAccount } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { createEntryWithPossibleSponsorship, removeEntryWithPossibleSponsorship } from '../sponsorship.js';
import { failed, type OpApplyContext, type OpOutcome, succeeded } from './operation.js';

export type OfferFailure =
  | 'Malformed'
  | 'SellNoTrust'
  | 'BuyNoTrust'
  | 'SellNotAuthorized'
  | 'BuyNotAuthorized'
  | 'LineFull'
  | 'Underfunded'
  | 'CrossSelf'
  | 'NotFound'
  | 'LowReserve';

/** One of the three offer operations, as ManageOfferOpFrameBase sees it. */
export interface OfferOp {
  sheep: xdr.Asset;
  wheat: xdr.Asset;
  offerId: bigint;
  /** The price of sheep in wheat (a buy offer's price inverted). */
  price: Price;
  passiveOnCreate: boolean;
  /** The amount named: of sheep (sell) or of wheat (buy); 0 deletes. */
  amount: bigint;
  /** stellar-core getOfferBuyingLiabilities / getOfferSellingLiabilities of the request. */
  liabilities: { buying: bigint; selling: bigint };
  /** stellar-core applyOperationSpecificLimits. */
  limit(
    maxSheepSend: bigint,
    sheepSent: bigint,
    maxWheatReceive: bigint,
    wheatReceived: bigint,
  ): [bigint, bigint];
  failure(code: OfferFailure): xdr.OperationResult;
  success(result: xdr.ManageOfferSuccessResult): xdr.OperationResult;
}

/** stellar-core ManageOfferOpFrameBase::doCheckValid. */
export function checkOfferValid(op: OfferOp): xdr.OperationResult | undefined {
  const malformed =
    !isAssetValid(op.sheep) ||
    !isAssetValid(op.wheat) ||
    sameAsset(op.sheep, op.wheat) ||
    op.amount < 0n ||
    op.price.n <= 0 ||
    op.price.d <= 0 ||
    (op.offerId === 0n && op.amount === 0n) ||
    op.offerId < 0n;
  return malformed ? op.failure('Malformed') : undefined;
}

/** stellar-core checkOfferValid: the source can hold what it buys and has what it sells. */
function checkHoldings(ltx: LedgerTxn, op: OfferOp, sourceId: xdr.PublicKey): OfferFailure | undefined {
  if (op.amount === 0n) return undefined;
  if (!isNative(op.sheep)) {
    const line = loadTrustLine(ltx, sourceId, toTrustLineAsset(op.sheep));
    const issuer = isIssuer(sourceId, op.sheep);
    if (!line && !issuer) return 'SellNoTrust';
    if (line && line.balance === 0n) return 'Underfunded';
    if (line && !isAuthorized(line)) return 'SellNotAuthorized';
  }
  if (!isNative(op.wheat)) {
    const line = loadTrustLine(ltx, sourceId, toTrustLineAsset(op.wheat));
    const issuer = isIssuer(sourceId, op.wheat);
    if (!line && !issuer) return 'BuyNoTrust';
    if (line && !isAuthorized(line)) return 'BuyNotAuthorized';
  }
  return undefined;
}

function sponsorshipFailure(op: OfferOp, res: string): OpOutcome {
  if (res === 'lowReserve') return failed(op.failure('LowReserve'));
  if (res === 'tooManySubentries') return failed(xdr.OperationResult.opTooManySubentries());
  if (res === 'tooManySponsoring') return failed(xdr.OperationResult.opTooManySponsoring());
  throw new Error('Unexpected result from createEntryWithPossibleSponsorship');
}

/** stellar-core ManageOfferOpFrameBase::doApply. */
export function applyOffer(op: OfferOp, ctx: OpApplyContext): OpOutcome {
  const ltx = ctx.ltx.child();
  const sourceId = ctx.sourceId;
  const invalid = checkHoldings(ltx, op, sourceId);
  if (invalid) return failed(op.failure(invalid));

  let creating = false;
  let flags = 0;
  const ext: EntryExtState = { sponsor: null, hasExtV1: false };
  if (op.offerId !== 0n) {
    const existing = loadOffer(ltx, sourceId, op.offerId);
    if (!existing) return failed(op.failure('NotFound'));
    changeOfferLiabilities(ltx, existing, false);
    flags = existing.flags;
    ext.sponsor = existing.sponsor;
    ext.hasExtV1 = existing.hasExtV1;
    ltx.erase(offerKey(sourceId, op.offerId));
  } else {
    creating = true;
    flags = op.passiveOnCreate ? PASSIVE_FLAG : 0;
    const source = loadAccount(ltx, sourceId);
    if (!source) throw new Error('the source account does not exist');
    const res = createEntryWithPossibleSponsorship(ltx, { type: 'offer', mult: 1, ext }, source);
    if (res !== 'success') return sponsorshipFailure(op, res);
    storeAccount(ltx, source);
  }
  const passive = (flags & PASSIVE_FLAG) !== 0;

  let amount = 0n;
  let claimed: xdr.ClaimAtom[] = [];
  if (op.amount !== 0n) {
    // stellar-core computeOfferExchangeParameters
    if (holdingMaxReceive(ltx, sourceId, op.wheat) < op.liabilities.buying)
      return failed(op.failure('LineFull'));
    if (holdingAvailableBalance(ltx, sourceId, op.sheep) < op.liabilities.selling)
      return failed(op.failure('Underfunded'));
    const [maxSheepSend, maxWheatReceive] = op.limit(
      canSellAtMost(ltx, sourceId, op.sheep),
      0n,
      canBuyAtMost(ltx, sourceId, op.wheat),
      0n,
    );
    if (maxWheatReceive === 0n) return failed(op.failure('LineFull'));

    // Offers at the inverse of this price or better cross it (a passive offer does not take equal prices).
    const worst = { n: op.price.d, d: op.price.n };
    const conversion = convertWithOffersAndPools(
      ltx,
      op.sheep,
      maxSheepSend,
      op.wheat,
      maxWheatReceive,
      'normal',
      (offer) => {
        const lhs = BigInt(offer.price.n) * BigInt(worst.d);
        const rhs = BigInt(worst.n) * BigInt(offer.price.d);
        if ((passive && lhs >= rhs) || lhs > rhs) return 'stopBadPrice';
        if (sameAccount(offer.sellerId, sourceId)) return 'stopCrossSelf';
        return ctx.frozen?.offer(offer) ? 'skipFrozen' : 'keep';
      },
      MAX_OFFERS_TO_CROSS,
    );
    if (conversion.result === 'filterStopCrossSelf') return failed(op.failure('CrossSelf'));
    if (conversion.result === 'crossedTooMany') return failed(xdr.OperationResult.opExceededWorkLimit());
    claimed = conversion.trail;
    const { sheepSent, wheatReceived } = conversion;
    if (wheatReceived > 0n) {
      if (!addHoldingBalance(ltx, sourceId, op.wheat, wheatReceived))
        throw new Error('offer claimed over limit');
      if (!addHoldingBalance(ltx, sourceId, op.sheep, -sheepSent))
        throw new Error('offer sold more than balance');
    }
    if (conversion.result !== 'ok') {
      const [sendLimit, receiveLimit] = op.limit(
        canSellAtMost(ltx, sourceId, op.sheep),
        sheepSent,
        canBuyAtMost(ltx, sourceId, op.wheat),
        wheatReceived,
      );
      amount = adjustOfferAmount(op.price, sendLimit, receiveLimit);
    }
  }

  let effect: xdr.ManageOfferSuccessResultOffer;
  if (amount > 0n) {
    const offer: OfferState = {
      ...ext,
      sellerId: sourceId,
      offerId: op.offerId,
      selling: op.sheep,
      buying: op.wheat,
      amount,
      price: op.price,
      flags,
    };
    if (creating) {
      ltx.header.idPool += 1n; // stellar-core generateID
      offer.offerId = ltx.header.idPool;
    }
    const entry = offerEntry(offer);
    ltx.create(entry);
    if (entry.data.type !== 'offer') throw new Error('unreachable');
    effect = creating
      ? xdr.ManageOfferSuccessResultOffer.manageOfferCreated(entry.data.offer)
      : xdr.ManageOfferSuccessResultOffer.manageOfferUpdated(entry.data.offer);
    changeOfferLiabilities(ltx, offer, true);
  } else {
    effect = xdr.ManageOfferSuccessResultOffer.manageOfferDeleted();
    const source = loadAccount(ltx, sourceId);
    if (!source) throw new Error('the source account does not exist');
    removeEntryWithPossibleSponsorship(ltx, { type: 'offer', mult: 1, ext }, source);
    storeAccount(ltx, source);
  }
  ltx.commit();
  claimEvents(ctx, claimed);
  return succeeded(op.success(new xdr.ManageOfferSuccessResult({ offersClaimed: claimed, offer: effect })));
}

/** stellar-core OpEventManager::eventsForClaimAtoms: two transfers per atom. */
export function claimEvents(ctx: OpApplyContext, atoms: readonly xdr.ClaimAtom[]): void {
  const source = muxedAddress(ctx.sourceMuxed);
  for (const atom of atoms) {
    if (atom.type === 'claimAtomTypeLiquidityPool') {
      const pool = xdr.ScAddress.scAddressTypeLiquidityPool(atom.liquidityPool.liquidityPoolId);
      const a = atom.liquidityPool;
      ctx.events.transferWithIssuerCheck(a.assetBought, source, pool, a.amountBought, false);
      ctx.events.transferWithIssuerCheck(a.assetSold, pool, source, a.amountSold, false);
    } else if (atom.type === 'claimAtomTypeOrderBook') {
      const a = atom.orderBook;
      const seller = accountAddressOf(a.sellerId);
      ctx.events.transferWithIssuerCheck(a.assetBought, source, seller, a.amountBought, false);
      ctx.events.transferWithIssuerCheck(a.assetSold, seller, source, a.amountSold, false);
    }
  }
}
