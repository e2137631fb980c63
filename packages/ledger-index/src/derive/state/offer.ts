/**
 * The offer record (`GET /offers/{offer_id}`) of an offer entry, as stellar-horizon
 * `resourceadapter/offer.go` writes it (from the offers processor's row).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { assetFields, canonicalAsset } from '../assets.js';
import { accountId, amount } from '../format.js';
import { type OfferBody, sponsorField } from './common.js';

const DIGITS = 10_000_000n;

/** `big.NewRat(n, d).FloatString(7)`: the price rounded to 7 decimals, halves up. */
export function priceString(n: number, d: number): string {
  const scaled = BigInt(n) * DIGITS;
  const divisor = BigInt(d);
  const quotient = scaled / divisor;
  const remainder = scaled % divisor;
  return amount(2n * remainder >= divisor ? quotient + 1n : quotient);
}

/** The offer's price as a double, the column Horizon's order book sorts and groups offers by (offers processor). */
export function offerPrice(price: { n: number; d: number }): number {
  return price.n / price.d;
}

function offerOf(entry: xdr.LedgerEntry): xdr.OfferEntry {
  if (entry.data.type !== 'offer') throw new TypeError(`not an offer: ${entry.data.type}`);
  return entry.data.offer;
}

export function offerRecord(entry: xdr.LedgerEntry, lastModifiedTime: string | null): OfferBody {
  const offer = offerOf(entry);
  const id = offer.offerId.toString();
  return {
    id,
    paging_token: id,
    seller: accountId(offer.sellerId),
    selling: assetFields(offer.selling),
    buying: assetFields(offer.buying),
    amount: amount(offer.amount),
    price_r: { n: offer.price.n, d: offer.price.d },
    price: priceString(offer.price.n, offer.price.d),
    last_modified_ledger: entry.lastModifiedLedgerSeq,
    last_modified_time: lastModifiedTime,
    ...sponsorField(entry),
  };
}

/** The columns `listOffers` filters by: canonical assets, as Horizon compares the XDR assets. */
export function offerColumns(entry: xdr.LedgerEntry) {
  const offer = offerOf(entry);
  return {
    id: offer.offerId,
    seller: accountId(offer.sellerId),
    selling: canonicalAsset(offer.selling),
    buying: canonicalAsset(offer.buying),
    price: offerPrice({ n: offer.price.n, d: offer.price.d }),
  };
}
