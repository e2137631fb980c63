/** How Horizon writes values: amounts with 7 decimals, RFC 3339 times, strkeys for accounts. */
import { encodeMuxedAccountToAddress, StrKey, type xdr } from '@stellar/stellar-sdk/base';
import { writeClaimableBalanceId } from '../generated/xdr-writer.gen.js';
import { writeXdrAs } from '../meta/xdr-writer.js';

const STROOPS_PER_UNIT = 10_000_000n;

/** Stroops as Horizon's amount string: `"12.5000000"`. */
export function amount(stroops: bigint | number): string {
  const value = BigInt(stroops);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const fraction = (abs % STROOPS_PER_UNIT).toString().padStart(7, '0');
  return `${sign}${abs / STROOPS_PER_UNIT}.${fraction}`;
}

/** Unix seconds as RFC 3339 in UTC without fractions, as Go's `time.RFC3339`. */
export function timestamp(unixSeconds: number | bigint): string {
  return new Date(Number(unixSeconds) * 1000).toISOString().replace('.000Z', 'Z');
}

// A ledger names the same few accounts again and again (sources, fee payers, counterparties,
// entry owners), and the SDK's strkey encoding of one costs more than reading it: each key's
// address is made once, among the last ones seen.
const addresses = new Map<string, string>();
const ADDRESSES_KEPT = 65_536;

/** The G address of an ed25519 public key's 32 bytes. */
export function ed25519Address(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const id = raw.toString('latin1');
  let address = addresses.get(id);
  if (address === undefined) {
    address = StrKey.encodeEd25519PublicKey(raw);
    if (addresses.size >= ADDRESSES_KEPT) addresses.clear();
    addresses.set(id, address);
  }
  return address;
}

export function accountId(key: xdr.PublicKey | xdr.AccountId): string {
  return ed25519Address(key.ed25519.value);
}

/** A muxed account's parts as Horizon lists them: the G address, and the M address and id when muxed. */
export interface MuxedParts {
  account: string;
  muxed?: string;
  muxedId?: string;
}

export function muxedParts(account: xdr.MuxedAccount): MuxedParts {
  if (account.type === 'keyTypeEd25519') return { account: ed25519Address(account.ed25519.value) };
  const med = account.med25519;
  return {
    account: ed25519Address(med.ed25519.value),
    muxed: encodeMuxedAccountToAddress(account),
    muxedId: med.id.toString(),
  };
}

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** A claimable balance id as Horizon writes it: the hex of its ClaimableBalanceID XDR (`00000000…`, `xdr.MarshalHex`). */
export function claimableBalanceId(id: xdr.ClaimableBalanceId): string {
  return writeXdrAs(writeClaimableBalanceId, id, 'hex');
}

/** A price fraction as Go's `big.Rat.FloatString(7)` writes it (stellar/go `xdr.Price.String`). */
export function price(n: number | bigint, d: number | bigint): string {
  const num = BigInt(n);
  const den = BigInt(d);
  if (den === 0n) throw new RangeError('a price with denominator 0');
  const negative = num < 0n !== den < 0n && num !== 0n;
  const [a, b] = [num < 0n ? -num : num, den < 0n ? -den : den];
  // Rounded to the nearest 7th decimal, halves away from zero.
  const scaled = (a * STROOPS_PER_UNIT * 2n + b) / (2n * b);
  return amount(negative ? -scaled : scaled);
}
