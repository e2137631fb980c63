/** How Horizon writes values: amounts with 7 decimals, RFC 3339 times, strkeys for accounts. */
import { encodeMuxedAccountToAddress, StrKey, type xdr } from '@stellar/stellar-sdk/base';

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

export function accountId(key: xdr.PublicKey | xdr.AccountId): string {
  return StrKey.encodeEd25519PublicKey(Buffer.from(key.ed25519.value));
}

/** A muxed account's parts as Horizon lists them: the G address, and the M address and id when muxed. */
export interface MuxedParts {
  account: string;
  muxed?: string;
  muxedId?: string;
}

export function muxedParts(account: xdr.MuxedAccount): MuxedParts {
  if (account.type === 'keyTypeEd25519')
    return { account: StrKey.encodeEd25519PublicKey(Buffer.from(account.ed25519.value)) };
  const med = account.med25519;
  return {
    account: StrKey.encodeEd25519PublicKey(Buffer.from(med.ed25519.value)),
    muxed: encodeMuxedAccountToAddress(account),
    muxedId: med.id.toString(),
  };
}

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
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

const SECONDS_PER_DAY = 86_400n;

/**
 * Unix seconds as stellar/go `xdr/json.go` writes claim predicate times: RFC 3339, with a `+`
 * and every digit of the year past 9999 (the ledger saturates relative times at 2^63-1 seconds,
 * year 292277026596).
 */
export function predicateTime(unixSeconds: bigint): string {
  const days = unixSeconds / SECONDS_PER_DAY - (unixSeconds % SECONDS_PER_DAY < 0n ? 1n : 0n);
  const secondOfDay = unixSeconds - days * SECONDS_PER_DAY;
  // Howard Hinnant's civil_from_days, in bigints for any year.
  const z = days + 719_468n;
  const era = (z >= 0n ? z : z - 146_096n) / 146_097n;
  const dayOfEra = z - era * 146_097n;
  const yearOfEra = (dayOfEra - dayOfEra / 1_460n + dayOfEra / 36_524n - dayOfEra / 146_096n) / 365n;
  const dayOfYear = dayOfEra - (365n * yearOfEra + yearOfEra / 4n - yearOfEra / 100n);
  const mp = (5n * dayOfYear + 2n) / 153n;
  const day = dayOfYear - (153n * mp + 2n) / 5n + 1n;
  const month = mp < 10n ? mp + 3n : mp - 9n;
  const year = yearOfEra + era * 400n + (month <= 2n ? 1n : 0n);
  const two = (v: bigint) => v.toString().padStart(2, '0');
  const time = [secondOfDay / 3_600n, (secondOfDay / 60n) % 60n, secondOfDay % 60n].map(two).join(':');
  const date = `${year.toString().padStart(4, '0')}-${two(month)}-${two(day)}T${time}Z`;
  return year > 9_999n ? `+${date}` : date;
}
