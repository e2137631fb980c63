/**
 * The Vals the probe contract spells as constants (`soroban-env-common/src/val.rs`): a 64-bit word
 * with the tag in its low 8 bits and the body above. Each helper answers the WAT literal.
 */

const TAGS = { True: 1n, U32: 4n, SymbolSmall: 14n } as const;

const literal = (word: bigint): string => `0x${word.toString(16)}`;

export const TRUE = literal(TAGS.True);

/** A u32 Val holds its number in the upper 32 bits: adding this word adds one. */
export const U32_ONE = literal(1n << 32n);

export const u32 = (value: number): string => literal((BigInt(value) << 32n) | TAGS.U32);

/** A small symbol: up to 9 characters of [_0-9A-Za-z], 6 bits each (`symbol.rs`). */
export function symbol(text: string): string {
  if (!/^[_0-9A-Za-z]{1,9}$/.test(text)) throw new Error(`not a small symbol: ${text}`);
  const alphabet = '_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let body = 0n;
  for (const char of text) body = (body << 6n) | BigInt(alphabet.indexOf(char) + 1);
  return literal((body << 8n) | TAGS.SymbolSmall);
}

/** The storage type `put_contract_data` and friends take as a plain integer. */
export const PERSISTENT = 1;
