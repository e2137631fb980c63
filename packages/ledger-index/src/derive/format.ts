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

// Every record of a ledger carries its close time: the last one written is kept.
let lastTime = { seconds: Number.NaN, text: '' };

/** Unix seconds as RFC 3339 in UTC without fractions, as Go's `time.RFC3339`. */
export function timestamp(unixSeconds: number | bigint): string {
  const seconds = Number(unixSeconds);
  if (seconds !== lastTime.seconds)
    lastTime = { seconds, text: new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') };
  return lastTime.text;
}

// A ledger names the same few accounts again and again (sources, fee payers, counterparties,
// entry owners), and the SDK's strkey encoding of one costs more than reading it: each key's
// address is kept in a slot picked by its first two bytes (keys are uniformly random), where it
// stays until another key takes the slot. Keys are compared byte by byte: no string is made to
// look one up.
const SLOTS = 1 << 16;
const slotKeys: (Uint8Array | undefined)[] = new Array(SLOTS).fill(undefined);
const slotAddresses: string[] = new Array(SLOTS).fill('');

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < 32; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The G address of an ed25519 public key's 32 bytes. */
export function ed25519Address(bytes: Uint8Array): string {
  const slot = ((bytes[0] as number) | ((bytes[1] as number) << 8)) & (SLOTS - 1);
  const kept = slotKeys[slot];
  if (kept !== undefined && bytes.length === 32 && sameKey(kept, bytes)) return slotAddresses[slot] as string;
  const address = StrKey.encodeEd25519PublicKey(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  );
  slotKeys[slot] = Uint8Array.from(bytes);
  slotAddresses[slot] = address;
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
