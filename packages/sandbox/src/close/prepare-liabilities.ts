/**
 * stellar-core Upgrades::applyReserveUpgrade: when a base reserve upgrade raises the reserve
 * (from protocol 10) prepareLiabilities brings every offer back within what its seller can now
 * sell and buy. Per seller, the liabilities its offers held before are summed per asset; an offer
 * selling an asset whose sum exceeds the seller's balance above the new reserve (or its trust
 * line's balance), or buying one whose sum exceeds what the seller can still receive, is erased
 * (its reserve returned, sponsorship undone); an offer too small to trade (adjustOffer gives 0) is
 * erased too; the others are adjusted. The account's and trust lines' liabilities are then set to
 * what the remaining offers hold, for the assets they still trade.
 *
 * As core's LedgerTxn records what it loads, every offer, every seller and every trust line whose
 * liabilities are set is in the upgrade's changes, even when unchanged (its lastModified moves).
 * Core's own order is that of an unordered map; the sandbox lists the offers (by seller, then id),
 * then the sellers, then the trust lines.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { isIssuer, isNative, toTrustLineAsset } from '../core/assets.js';
import {
  accountMinBalance,
  addAccountBuyingLiabilities,
  addAccountSellingLiabilities,
  addTrustLineBuyingLiabilities,
  addTrustLineSellingLiabilities,
  INT64_MAX,
} from '../core/balances.js';
import { eraseOffer } from '../core/dex/convert.js';
import { adjustOfferAmount, offerLiabilities } from '../core/dex/exchange.js';
import { loadAccount, storeAccount } from '../core/entries/account.js';
import { type OfferState, readOffer, storeOffer } from '../core/entries/offer.js';
import {
  isAuthorizedToMaintainLiabilities,
  loadTrustLine,
  storeTrustLine,
} from '../core/entries/trustline.js';
import { accountIdBytes, compareBytes, toHex } from '../core/keys.js';
import type { LedgerTxn } from '../core/ledger-txn.js';

/** Sums per asset (by its XDR in hex); undefined once a sum passed int64 (core's null pointer). */
type Sums = Map<string, bigint | undefined>;

const assetId = (asset: xdr.Asset) => asset.toXdr('hex');

/** stellar-core addLiabilities: an issuer's own asset is counted as 0. */
function addSum(sums: Sums, sellerId: xdr.PublicKey, asset: xdr.Asset, delta: bigint): void {
  const id = assetId(asset);
  if (!sums.has(id)) sums.set(id, 0n);
  if (isIssuer(sellerId, asset)) return;
  const sum = sums.get(id);
  if (sum === undefined) return;
  sums.set(id, sum + delta > INT64_MAX ? undefined : sum + delta);
}

/** stellar-core getAvailableBalanceExcludingLiabilities. */
function sellCap(ltx: LedgerTxn, sellerId: xdr.PublicKey, asset: xdr.Asset, aboveReserve: bigint): bigint {
  if (isNative(asset)) return aboveReserve;
  if (isIssuer(sellerId, asset)) return INT64_MAX;
  const line = loadTrustLine(ltx, sellerId, toTrustLineAsset(asset));
  return line && isAuthorizedToMaintainLiabilities(line) ? line.balance : 0n;
}

/** stellar-core getAvailableLimitExcludingLiabilities. */
function buyCap(ltx: LedgerTxn, sellerId: xdr.PublicKey, asset: xdr.Asset, balance: bigint): bigint {
  if (isNative(asset)) return INT64_MAX - balance;
  if (isIssuer(sellerId, asset)) return INT64_MAX;
  const line = loadTrustLine(ltx, sellerId, toTrustLineAsset(asset));
  return line && isAuthorizedToMaintainLiabilities(line) ? line.limit - line.balance : 0n;
}

/** stellar-core shouldDeleteOffer: the sum overflowed or is above the cap. */
function exceeds(sums: Sums, asset: xdr.Asset, cap: () => bigint): boolean {
  const sum = sums.get(assetId(asset));
  return sum === undefined || sum > cap();
}

/** The liabilities the kept offers hold, per asset, in core's std::map<Asset> order. */
interface Held {
  asset: xdr.Asset;
  buying: bigint;
  selling: bigint;
}

/** stellar-core updateOffer: erases or adjusts one offer; adds a kept one's liabilities to `held`. */
function updateOffer(
  ltx: LedgerTxn,
  offer: OfferState,
  balance: bigint,
  aboveReserve: bigint,
  initial: { buying: Sums; selling: Sums },
  held: Map<string, Held>,
): void {
  const { sellerId } = offer;
  const erase =
    exceeds(initial.selling, offer.selling, () => sellCap(ltx, sellerId, offer.selling, aboveReserve)) ||
    exceeds(initial.buying, offer.buying, () => buyCap(ltx, sellerId, offer.buying, balance)) ||
    adjustOfferAmount(offer.price, offer.amount, INT64_MAX) === 0n;
  if (erase) {
    // eraseOfferWithPossibleSponsorship: the offer's liabilities are not released here.
    eraseOffer(ltx, offer, false);
    return;
  }
  const adjusted = adjustOfferAmount(offer.price, offer.amount, INT64_MAX);
  if (adjusted !== offer.amount) {
    offer.amount = adjusted;
    storeOffer(ltx, offer);
  }
  const liabilities = offerLiabilities(offer.price, offer.amount);
  const add = (asset: xdr.Asset, side: 'buying' | 'selling', amount: bigint) => {
    if (isIssuer(sellerId, asset)) return;
    const id = assetId(asset);
    const entry = held.get(id) ?? { asset, buying: 0n, selling: 0n };
    entry[side] += amount;
    if (entry[side] > INT64_MAX) throw new Error(`could not add ${side} liabilities`);
    held.set(id, entry);
  };
  add(offer.buying, 'buying', liabilities.buying);
  add(offer.selling, 'selling', liabilities.selling);
}

/** Sets the seller's account and trust line liabilities to what its kept offers hold. */
function setLiabilities(ltx: LedgerTxn, sellerId: xdr.PublicKey, held: Map<string, Held>): void {
  const ordered = [...held.values()].sort((a, b) => compareBytes(a.asset.toXdr(), b.asset.toXdr()));
  for (const { asset, buying, selling } of ordered) {
    if (isNative(asset)) {
      const account = loadAccount(ltx, sellerId);
      if (!account) throw new Error('account does not exist');
      if (
        !addAccountSellingLiabilities(ltx.header, account, selling - account.sellingLiabilities) ||
        !addAccountBuyingLiabilities(account, buying - account.buyingLiabilities)
      )
        throw new Error('invalid liabilities during upgrade');
      storeAccount(ltx, account);
      continue;
    }
    const line = loadTrustLine(ltx, sellerId, toTrustLineAsset(asset));
    if (!line) throw new Error('an offer of an asset without its trust line');
    const deltaSelling = selling - line.sellingLiabilities;
    const deltaBuying = buying - line.buyingLiabilities;
    // From protocol 11 liabilities only go down here.
    if (deltaSelling > 0n || deltaBuying > 0n) throw new Error('invalid liabilities delta');
    if (
      !addTrustLineSellingLiabilities(line, deltaSelling) ||
      !addTrustLineBuyingLiabilities(line, deltaBuying)
    )
      throw new Error('invalid liabilities during upgrade');
    storeTrustLine(ltx, line);
  }
}

/** stellar-core prepareLiabilities, on the upgrade's view with the new reserve in its header. */
export function prepareLiabilities(ltx: LedgerTxn): void {
  // loadAllOffers: every offer by seller (std::map<AccountID>), each recorded as loaded.
  const bySeller = new Map<string, OfferState[]>();
  for (const entry of ltx.liveEntries('offer')) {
    const offer = readOffer(entry);
    const id = toHex(accountIdBytes(offer.sellerId));
    bySeller.set(id, [...(bySeller.get(id) ?? []), offer]);
  }
  const sellers = [...bySeller.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, offers]) => offers.sort((a, b) => (a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0)));
  for (const offers of sellers) for (const offer of offers) storeOffer(ltx, offer);

  // getOfferAccountMinBalances: each seller's reserve at the new base reserve, before any offer goes.
  const minBalances = sellers.map(([first]) => {
    const account = first && loadAccount(ltx, first.sellerId);
    if (!account) throw new Error('account does not exist');
    storeAccount(ltx, account);
    return accountMinBalance(ltx.header, account);
  });

  sellers.forEach((offers, i) => {
    const sellerId = (offers[0] as OfferState).sellerId;
    const initial = { buying: new Map() as Sums, selling: new Map() as Sums };
    for (const offer of offers) {
      const { buying, selling } = offerLiabilities(offer.price, offer.amount);
      addSum(initial.buying, sellerId, offer.buying, buying);
      addSum(initial.selling, sellerId, offer.selling, selling);
    }
    const account = loadAccount(ltx, sellerId);
    if (!account) throw new Error('account does not exist');
    // Native selling liabilities are left out: they are being worked out again.
    const aboveReserve = account.balance - (minBalances[i] as bigint);
    const held = new Map<string, Held>();
    for (const offer of offers) updateOffer(ltx, offer, account.balance, aboveReserve, initial, held);
    setLiabilities(ltx, sellerId, held);
  });
}
