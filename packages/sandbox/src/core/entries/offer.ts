/** An offer of the order book as a mutable draft. */
import { xdr } from '@stellar/stellar-sdk/base';
import { sameAsset } from '../assets.js';
import { offerKey, sameAccount } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { type EntryExtState, ledgerEntry, readEntryExt } from './entry-ext.js';

/** OfferEntryFlags PASSIVE_FLAG. */
export const PASSIVE_FLAG = 1;

export interface OfferState extends EntryExtState {
  sellerId: xdr.PublicKey;
  offerId: bigint;
  selling: xdr.Asset;
  buying: xdr.Asset;
  amount: bigint;
  /** The price of `selling` in `buying`: n / d. */
  price: { n: number; d: number };
  flags: number;
}

export function readOffer(entry: xdr.LedgerEntry): OfferState {
  if (entry.data.type !== 'offer') throw new Error('not an offer entry');
  const o = entry.data.offer;
  const { sponsor, hasExtV1 } = readEntryExt(entry);
  return {
    sponsor,
    hasExtV1,
    sellerId: o.sellerId,
    offerId: o.offerId,
    selling: o.selling,
    buying: o.buying,
    amount: o.amount,
    price: { n: o.price.n, d: o.price.d },
    flags: o.flags,
  };
}

export function offerEntry(o: OfferState): xdr.LedgerEntry {
  const entry = new xdr.OfferEntry({
    sellerId: o.sellerId,
    offerId: o.offerId,
    selling: o.selling,
    buying: o.buying,
    amount: o.amount,
    price: new xdr.Price(o.price),
    flags: o.flags,
    ext: xdr.OfferEntryExt.v0(),
  });
  return ledgerEntry(xdr.LedgerEntryData.offer(entry), o);
}

export function loadOffer(ltx: LedgerTxn, sellerId: xdr.PublicKey, offerId: bigint): OfferState | undefined {
  const entry = ltx.load(offerKey(sellerId, offerId));
  return entry ? readOffer(entry) : undefined;
}

export function storeOffer(ltx: LedgerTxn, offer: OfferState): void {
  ltx.put(offerEntry(offer));
}

/** The offers selling `selling` for `buying`, best first (stellar-core isBetterOffer: price as a double, then id). */
export function offersFor(ltx: LedgerTxn, buying: xdr.Asset, selling: xdr.Asset): OfferState[] {
  return ltx
    .liveEntries('offer')
    .map(readOffer)
    .filter((o) => sameAsset(o.buying, buying) && sameAsset(o.selling, selling))
    .sort((a, b) => {
      const pa = a.price.n / a.price.d;
      const pb = b.price.n / b.price.d;
      if (pa !== pb) return pa < pb ? -1 : 1;
      return a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0;
    });
}

/** An account's offers that sell or buy `asset` (stellar-core loadOffersByAccountAndAsset). */
export function offersOfAccount(ltx: LedgerTxn, sellerId: xdr.PublicKey, asset: xdr.Asset): OfferState[] {
  return ltx
    .liveEntries('offer')
    .map(readOffer)
    .filter(
      (o) => sameAccount(o.sellerId, sellerId) && (sameAsset(o.selling, asset) || sameAsset(o.buying, asset)),
    )
    .sort((a, b) => (a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0));
}
