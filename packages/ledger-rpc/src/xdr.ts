// XDR values of the contract, decoded on request with @stellar/stellar-sdk's XDR (never by hand).
// Which fields hold which XDR type comes from the contract's `x-xdr-type` marks (`xdrFields`).
import { xdr } from '@stellar/stellar-sdk/base';
import { xdrFields as contractXdrFields } from './generated/contract.gen.js';
import type { MethodName, ResultOf } from './generated/types.gen.js';

/** The XDR types the contract's fields use, by their stellar-xdr name. */
export const XDR_TYPES = [
  'TransactionEnvelope',
  'TransactionResult',
  'TransactionMeta',
  'LedgerCloseMeta',
  'LedgerHeader',
  'LedgerHeaderHistoryEntry',
  'LedgerKey',
  'LedgerEntry',
  'LedgerEntryData',
  'LedgerEntryExt',
  'ScVal',
  'DiagnosticEvent',
  'ContractEvent',
  'TransactionEvent',
  'SorobanTransactionData',
  'SorobanAuthorizationEntry',
] as const;

export type XdrTypeName = (typeof XDR_TYPES)[number];
/**
 * The decoded value of an XDR type, e.g. `XdrValue<'TransactionMeta'>` is `xdr.TransactionMeta`:
 * for an XDR union, the union of its arm classes, told apart by `.type` (`meta.type === 'v4' && meta.v4`).
 */
export type XdrValue<T extends XdrTypeName> = ReturnType<(typeof xdr)[T]['fromXdrObject']>;

export class XdrDecodeError extends Error {
  constructor(
    readonly type: string,
    readonly pointer: string | undefined,
    cause: unknown,
  ) {
    super(
      `cannot decode ${pointer ? `${pointer} as ` : ''}${type}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'XdrDecodeError';
  }
}

const isXdrType = (type: string): type is XdrTypeName => (XDR_TYPES as readonly string[]).includes(type);

interface XdrCodec {
  fromXdr(input: string, format: 'base64'): unknown;
}

/** Decodes one base64 XDR value of a named type; throws XdrDecodeError on a bad value or unknown type. */
export function decodeXdr<T extends XdrTypeName>(type: T, base64: string, pointer?: string): XdrValue<T>;
export function decodeXdr(type: string, base64: string, pointer?: string): unknown;
export function decodeXdr(type: string, base64: string, pointer?: string): unknown {
  const codec = (xdr as unknown as Record<string, XdrCodec | undefined>)[type];
  if (!isXdrType(type) || typeof codec?.fromXdr !== 'function') {
    throw new XdrDecodeError(type, pointer, new Error(`'${type}' is not one of ${XDR_TYPES.join(', ')}`));
  }
  if (typeof base64 !== 'string')
    throw new XdrDecodeError(type, pointer, new Error('the value is not a string'));
  try {
    return codec.fromXdr(base64, 'base64');
  } catch (error) {
    throw new XdrDecodeError(type, pointer, error);
  }
}

export const decodeTransactionEnvelope = (base64: string) => decodeXdr('TransactionEnvelope', base64);
export const decodeTransactionMeta = (base64: string) => decodeXdr('TransactionMeta', base64);
export const decodeLedgerCloseMeta = (base64: string) => decodeXdr('LedgerCloseMeta', base64);
export const decodeLedgerEntryData = (base64: string) => decodeXdr('LedgerEntryData', base64);
export const decodeScVal = (base64: string) => decodeXdr('ScVal', base64);

/** One XDR value found in a params or result object; `decode()` decodes it once, on first use. */
export interface XdrField {
  /** JSON pointer to the value, e.g. `/transactions/0/envelopeXdr`. */
  pointer: string;
  type: string;
  base64: string;
  decode(): unknown;
}

const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Expands a pointer pattern (`*` = any index or key) against a value. */
function expand(value: unknown, segments: string[], at: string, out: Array<[string, unknown]>) {
  if (segments.length === 0) {
    out.push([at, value]);
    return;
  }
  const [head, ...rest] = segments as [string, ...string[]];
  if (value === null || typeof value !== 'object') return;
  if (head === '*') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (const [k, v] of entries) expand(v, rest, `${at}/${escapeSegment(k)}`, out);
    return;
  }
  const key = unescapeSegment(head);
  if (Object.hasOwn(value, key)) expand((value as Record<string, unknown>)[key], rest, `${at}/${head}`, out);
}

/**
 * The XDR values in a method's result (or params, with `side: 'params'`), located by the
 * contract's `x-xdr-type` marks. Nothing is decoded until a field's `decode()` is called.
 * Absent fields, empty strings and topic wildcards (`*`, `**`) are skipped.
 */
export function xdrFieldsOf<M extends MethodName>(
  method: M,
  value: ResultOf<M> | Record<string, unknown>,
  side: 'params' | 'result' = 'result',
  table: typeof contractXdrFields = contractXdrFields,
): XdrField[] {
  const patterns = table[method]?.[side] ?? {};
  const fields: XdrField[] = [];
  for (const [pattern, type] of Object.entries(patterns)) {
    const segments = pattern === '/' ? [] : pattern.split('/').slice(1);
    const found: Array<[string, unknown]> = [];
    expand(value, segments, '', found);
    for (const [pointer, raw] of found) {
      // `*` and `**` are getEvents topic wildcards where a filter segment may also be an ScVal.
      if (typeof raw !== 'string' || raw === '' || raw === '*' || raw === '**') continue;
      let decoded: { value: unknown } | undefined;
      fields.push({
        pointer,
        type,
        base64: raw,
        decode() {
          decoded ??= { value: decodeXdr(type, raw, pointer) };
          return decoded.value;
        },
      });
    }
  }
  return fields.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}
