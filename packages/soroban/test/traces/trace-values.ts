/**
 * The short forms a golden trace prints values in, read into `TraceValue`s and printed back.
 *
 *   value  := 'Void' | 'True' | 'False' | '()' | INT | 'bad:' INT
 *           | SMALL '(' INT ')' | OBJTYPE '(obj#' NAT ')'
 *           | 'Symbol(' [A-Za-z0-9_]* ')' | 'Error(' NAME ', ' (NAME | '#' NAT) ')'
 *           | 'Instance' | 'Persistent' | 'Temporary' | 'Bad(tag=' HEX ',body=' NAT ')'
 *   result := 'Ok(' value ')' | 'Err(Error(' NAME ', ' (NAME | '#' NAT) '))'
 *   args   := '' | value (', ' value)*
 *
 * A bare INT is what the Rust host prints for an unwrapped integer argument or result, and for a
 * slice argument (its length): which one it is depends on the function's signature.
 */
import {
  OBJECT_TYPES,
  type ObjectType,
  SMALL_TYPES,
  type SmallType,
  type TraceError,
  type TraceResult,
  type TraceValue,
} from './types.js';

const INT = /^-?\d+$/;
const WRAPPED = /^([A-Za-z0-9]+)\((.*)\)$/;
const OBJ_HANDLE = /^obj#(\d+)$/;
const SYMBOL_TEXT = /^[A-Za-z0-9_]*$/;
const BAD_TAG = /^tag=([0-9a-f]+),body=(\d+)$/;
const ERROR_BODY = /^([A-Za-z]+), (#\d+|[A-Za-z]+)$/;

/** A value's text did not match any form the traces use. */
export class UnknownFormError extends Error {
  constructor(
    readonly form: string,
    readonly where: string,
  ) {
    super(`unknown trace value form ${JSON.stringify(form)} in ${where}`);
  }
}

function parseError(body: string, where: string): TraceError {
  const m = ERROR_BODY.exec(body);
  if (!m) throw new UnknownFormError(`Error(${body})`, where);
  return { type: m[1] as string, code: m[2] as string };
}

const KEYWORDS: Record<string, TraceValue> = {
  Void: { kind: 'void' },
  True: { kind: 'bool', value: true },
  False: { kind: 'bool', value: false },
  '()': { kind: 'unit' },
  Instance: { kind: 'storage', type: 'Instance' },
  Persistent: { kind: 'storage', type: 'Persistent' },
  Temporary: { kind: 'storage', type: 'Temporary' },
};

/** One value in short form. */
export function parseValue(text: string, where = 'value'): TraceValue {
  const keyword = KEYWORDS[text];
  if (keyword) return keyword;
  if (INT.test(text)) return { kind: 'int', value: BigInt(text) };
  if (text.startsWith('bad:') && INT.test(text.slice(4))) return { kind: 'bad', bits: BigInt(text.slice(4)) };
  const m = WRAPPED.exec(text);
  if (!m) throw new UnknownFormError(text, where);
  const head = m[1] as string;
  const body = m[2] as string;
  const handle = OBJ_HANDLE.exec(body);
  if (handle && (OBJECT_TYPES as readonly string[]).includes(head)) {
    return { kind: 'object', type: head as ObjectType, handle: Number(handle[1]) };
  }
  if ((SMALL_TYPES as readonly string[]).includes(head) && INT.test(body)) {
    return { kind: 'small', type: head as SmallType, value: BigInt(body) };
  }
  if (head === 'Symbol' && SYMBOL_TEXT.test(body)) return { kind: 'symbol', text: body };
  const bad = head === 'Bad' ? BAD_TAG.exec(body) : null;
  if (bad)
    return { kind: 'badTag', tag: Number.parseInt(bad[1] as string, 16), body: BigInt(bad[2] as string) };
  if (head === 'Error') return { kind: 'error', error: parseError(body, where) };
  throw new UnknownFormError(text, where);
}

/** Split at the commas that are not inside parentheses. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last !== '' || parts.length > 0) parts.push(last);
  return parts;
}

/** An argument list without its parentheses: `I32(4), I32(7)`. */
export function parseArgs(text: string, where = 'args'): TraceValue[] {
  return splitTopLevel(text).map((part) => parseValue(part, where));
}

/** `Ok(I32(11))`, `Err(Error(WasmVm, InvalidAction))`. */
export function parseResult(text: string, where = 'result'): TraceResult {
  if (text.startsWith('Ok(') && text.endsWith(')'))
    return { ok: true, value: parseValue(text.slice(3, -1), where) };
  if (text.startsWith('Err(Error(') && text.endsWith('))')) {
    return { ok: false, error: parseError(text.slice(10, -2), where) };
  }
  throw new UnknownFormError(text, where);
}

/** The short form of a value, as the trace prints it. */
export function formatValue(value: TraceValue): string {
  switch (value.kind) {
    case 'void':
      return 'Void';
    case 'unit':
      return '()';
    case 'bool':
      return value.value ? 'True' : 'False';
    case 'int':
      return value.value.toString();
    case 'bad':
      return `bad:${value.bits}`;
    case 'badTag':
      return `Bad(tag=${value.tag.toString(16)},body=${value.body})`;
    case 'small':
      return `${value.type}(${value.value})`;
    case 'object':
      return `${value.type}(obj#${value.handle})`;
    case 'symbol':
      return `Symbol(${value.text})`;
    case 'error':
      return formatError(value.error);
    case 'storage':
      return value.type;
  }
}

export function formatError(error: TraceError): string {
  return `Error(${error.type}, ${error.code})`;
}

export function formatResult(result: TraceResult): string {
  return result.ok ? `Ok(${formatValue(result.value)})` : `Err(${formatError(result.error)})`;
}

export function formatArgs(args: TraceValue[]): string {
  return args.map(formatValue).join(', ');
}
