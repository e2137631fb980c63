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
