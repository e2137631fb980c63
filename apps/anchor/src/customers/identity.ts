/**
 * Who a customer request is about. A customer is stored under its account (G… or C…) and, for
 * a shared account, a memo and memo type. A muxed account (M…) is the same as its G… account
 * with memo = the muxed id and memo_type = id, so `account=M…` and
 * `account=G…&memo=<id>&memo_type=id` name the same customer.
 */
import type { CustomerKey } from '../storage/store.js';
import { parseAddress } from '../strkey.js';

export type KeyResult = { ok: true; key: CustomerKey | null } | { ok: false; error: string };

const MAX_UINT64 = (1n << 64n) - 1n;

/** The canonical form of a memo, or undefined when it does not fit its type. */
export function normalizeMemo(memo: string, type: 'id' | 'hash' | 'text'): string | undefined {
  if (type === 'id') {
    if (!/^\d{1,20}$/.test(memo)) return undefined;
    const id = BigInt(memo);
    return id <= MAX_UINT64 ? id.toString() : undefined;
  }
  if (type === 'hash') {
    if (!/^[A-Za-z0-9+/]{43}=$/.test(memo)) return undefined;
    const bytes = Buffer.from(memo, 'base64');
    return bytes.length === 32 ? bytes.toString('base64') : undefined;
  }
  return Buffer.byteLength(memo, 'utf8') <= 28 ? memo : undefined;
}

export function customerKey(
  account: string | undefined,
  memo: string | undefined,
  memoType: string | undefined,
): KeyResult {
  const givenMemo = memo === '' ? undefined : memo;
  if (account === undefined) {
    return givenMemo === undefined
      ? { ok: true, key: null }
      : { ok: false, error: "'memo' tells apart the customers of an 'account'; give the account too" };
  }
  const address = parseAddress(account);
  if (address === undefined) {
    return {
      ok: false,
      error: `'account' ${account} is not a valid Stellar address (wrong checksum or kind)`,
    };
  }
  const type = (memoType ?? 'id') as 'id' | 'hash' | 'text';
  if (type !== 'id' && type !== 'hash' && type !== 'text') {
    return { ok: false, error: "'memo_type' must be one of: id, hash, text" };
  }
  const normalized = givenMemo === undefined ? undefined : normalizeMemo(givenMemo, type);
  if (givenMemo !== undefined && normalized === undefined) {
    return { ok: false, error: `invalid 'memo' for 'memo_type' ${type}` };
  }
  if (address.kind === 'contract') {
    if (givenMemo !== undefined) return { ok: false, error: 'a contract account (C…) takes no memo' };
    return { ok: true, key: { account: address.account, memo: null, memoType: null } };
  }
  if (address.kind === 'muxed') {
    if (givenMemo !== undefined && (type !== 'id' || normalized !== address.id)) {
      return {
        ok: false,
        error: `'memo' ${givenMemo} does not match the id ${address.id} of the muxed account`,
      };
    }
    return { ok: true, key: { account: address.account, memo: address.id, memoType: 'id' } };
  }
  return normalized === undefined
    ? { ok: true, key: { account: address.account, memo: null, memoType: null } }
    : { ok: true, key: { account: address.account, memo: normalized, memoType: type } };
}

export function sameKey(a: CustomerKey | null, b: CustomerKey | null): boolean {
  return (
    a?.account === b?.account &&
    (a?.memo ?? null) === (b?.memo ?? null) &&
    (a?.memoType ?? null) === (b?.memoType ?? null)
  );
}
