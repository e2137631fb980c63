/**
 * The venues the path search walks, read from the index one asset at a time and kept for the
 * request, within the request's bounds: the cheapest offers of each pair, and a budget of
 * assets and offers read (past it an asset leads nowhere, so a search is bounded work however
 * large the market).
 */
import { canonicalOfFields } from '../derive/assets.js';
import type { StateStore } from '../store/state-store.js';
import type { PathOffer, PathPool, Venues } from './path-search.js';

export interface VenueBounds {
  /** The cheapest offers read for each pair of assets. */
  offersPerPair: number;
  /** Assets whose venues one request reads. */
  assets: number;
  /** Offers one request reads, all assets together. */
  offers: number;
}

const stroops = (value: string) => BigInt(value.replace('.', ''));

/** Cheaper first (Price.Cheaper, exact), then the older offer. */
function byPrice(a: PathOffer & { id: bigint }, b: PathOffer & { id: bigint }): number {
  const left = a.n * b.d;
  const right = b.n * a.d;
  if (left !== right) return left < right ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export class VenueReader {
  readonly #state: StateStore;
  readonly #side: 'selling' | 'buying';
  readonly #bounds: VenueBounds;
  readonly #read = new Map<string, Promise<Venues[]>>();
  #offersLeft: number;

  /**
   * `side` is what the offers walked do with the asset they are read for: strict receive walks
   * from the destination through offers selling it, strict send from the source through offers
   * buying it.
   */
  constructor(state: StateStore, side: 'selling' | 'buying', bounds: VenueBounds) {
    this.#state = state;
    this.#side = side;
    this.#bounds = bounds;
    this.#offersLeft = bounds.offers;
  }

  venues(asset: string): Promise<Venues[]> {
    let venues = this.#read.get(asset);
    if (!venues) {
      const spent = this.#read.size >= this.#bounds.assets || this.#offersLeft <= 0;
      venues = spent ? Promise.resolve([]) : this.#load(asset);
      this.#read.set(asset, venues);
    }
    return venues;
  }

  async #load(asset: string): Promise<Venues[]> {
    const { offers, pools } = await this.#state.venues({
      asset,
      side: this.#side,
      perPair: this.#bounds.offersPerPair,
      limit: this.#offersLeft,
    });
    this.#offersLeft -= offers.length;
    const byNext = new Map<string, { offers: (PathOffer & { id: bigint })[]; pool?: PathPool }>();
    const at = (next: string) => {
      const venue = byNext.get(next) ?? { offers: [] };
      byNext.set(next, venue);
      return venue;
    };
    for (const offer of offers) {
      const next = canonicalOfFields(this.#side === 'selling' ? offer.buying : offer.selling);
      at(next).offers.push({
        id: BigInt(offer.id),
        seller: offer.seller,
        amount: stroops(offer.amount),
        n: BigInt(offer.price_r.n),
        d: BigInt(offer.price_r.d),
      });
    }
    for (const pool of pools) {
      const reserves = new Map(pool.reserves.map((reserve) => [reserve.asset, stroops(reserve.amount)]));
      const next = [...reserves.keys()].find((reserveAsset) => reserveAsset !== asset);
      if (next !== undefined) at(next).pool = { reserves, feeBips: BigInt(pool.fee_bp) };
    }
    return [...byNext].map(([next, venue]) => ({
      next,
      offers: venue.offers.sort(byPrice),
      ...(venue.pool ? { pool: venue.pool } : {}),
    }));
  }
}
