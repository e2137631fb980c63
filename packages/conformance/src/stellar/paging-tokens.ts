/** Horizon paging tokens: their order, shared by the suites that walk pages or cursors. */

/** Orders paging tokens: `-`-separated parts, numerically when both are digits. */
export function compareTokens(a: string, b: string): number {
  const left = a.split('-');
  const right = b.split('-');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i];
    const y = right[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) {
      const d = BigInt(x) - BigInt(y);
      if (d !== 0n) return d < 0n ? -1 : 1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

export type Order = 'asc' | 'desc';
export const reverse = (order: Order): Order => (order === 'asc' ? 'desc' : 'asc');
/** Whether token `a` comes after `b` in this order. */
export const after = (order: Order, a: string, b: string) =>
  order === 'asc' ? compareTokens(a, b) > 0 : compareTokens(a, b) < 0;

/**
 * Whether Horizon's 410 before_history is its answer to a descending page from `cursor` on a
 * provider whose elder ledger is `elder` (or was, before it moved on): Horizon's
 * validateCursorWithinHistory (services/horizon/internal/actions/helpers.go) refuses a
 * descending cursor at or before the elder ledger's first id, toid(elder, 0, 0), reading a
 * `a-b` cursor by its first part. An ascending page is never refused so.
 */
export function isBeforeHistory(cursor: string, elder: number): boolean {
  const position = cursor.split('-')[0] ?? '';
  return /^\d+$/.test(position) && BigInt(position) <= BigInt(elder) << 32n;
}

/** The ledger a paging token belongs to: the top 32 bits of its first part (a toid); NaN when not one. */
export function ledgerOfToken(token: string): number {
  const first = token.split('-')[0] ?? '';
  return /^\d+$/.test(first) ? Number(BigInt(first) >> 32n) : Number.NaN;
}
