/**
 * The few Vals our WAT contracts spell as constants (`soroban-env-common/src/val.rs`): a 64-bit word
 * with the tag in its low 8 bits. Each helper answers the WAT literal of the word, so a contract's
 * source reads `${symbol('COUNT')}` where the Rust SDK would write `symbol_short!("COUNT")`.
 */

/** The tags used here (`Tag` in soroban-env-common), also for words a contract checks or builds at run time. */
export const TAGS = { True: 1n, Void: 2n, Error: 3n, U32: 4n, I128Small: 11n, SymbolSmall: 14n } as const;

const literal = (word: bigint): string => `0x${word.toString(16)}`;

export const VOID = literal(TAGS.Void);
export const TRUE = literal(TAGS.True);

/** `u32` Vals hold the number in the upper 32 bits: adding this word adds one. */
export const U32_ONE = literal(1n << 32n);

export const u32 = (value: number): string => literal((BigInt(value) << 32n) | TAGS.U32);

/** Error(Contract, #code): the code is the major part, the error type (Contract = 0) the minor. */
export const contractError = (code: number): string => literal((BigInt(code) << 32n) | TAGS.Error);

// Small symbols: up to 9 characters of [_0-9A-Za-z], 6 bits each ('_' = 1, digits 2.., upper 12.., lower 38..).
function symbolCode(char: string): number {
  if (char === '_') return 1;
  if (char >= '0' && char <= '9') return 2 + char.charCodeAt(0) - 48;
  if (char >= 'A' && char <= 'Z') return 12 + char.charCodeAt(0) - 65;
  if (char >= 'a' && char <= 'z') return 38 + char.charCodeAt(0) - 97;
  throw new Error(`not a symbol character: ${char}`);
}

export function symbol(text: string): string {
  if (text.length > 9) throw new Error(`a small symbol has at most 9 characters: ${text}`);
  let body = 0n;
  for (const char of text) body = (body << 6n) | BigInt(symbolCode(char));
  return literal((body << 8n) | TAGS.SymbolSmall);
}

/** The storage types `put_contract_data` and friends take as a plain integer. */
export const STORAGE = { temporary: 0, persistent: 1, instance: 2 } as const;
