/**
 * What the current-state records share: their stored types (the contract's records without
 * `_links`) and the sponsor field every ledger entry may carry.
 */
import type { components } from '@starspec/ledger-api';
import type { xdr } from '@stellar/stellar-sdk/base';
import { entrySponsor } from '../entry.js';
import type { Stored } from '../records.js';

type Schemas = components['schemas'];
export type AccountBody = Stored<Schemas['Account']>;
export type OfferBody = Stored<Schemas['Offer']>;
export type ClaimableBalanceBody = Stored<Schemas['ClaimableBalance']>;
export type LiquidityPoolBody = Stored<Schemas['LiquidityPool']>;

/** `{ sponsor }` for a sponsored entry, `{}` otherwise: Horizon omits an empty sponsor. */
export function sponsorField(entry: xdr.LedgerEntry): { sponsor?: string } {
  const sponsor = entrySponsor(entry);
  return sponsor ? { sponsor } : {};
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
