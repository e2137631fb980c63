import type { IncomingMessage } from 'node:http';
import type { OperationMeta, ParameterMeta } from '../operations.js';

/** What an operation reads from a request besides its path: worked out once per operation. */
export interface ParameterPlan {
  /** Declared query parameters by name; undefined when the operation declares none. */
  query: Map<string, ParameterMeta> | undefined;
  /** Declared header parameters: [name as declared, lower-case name]. */
  headers: Array<[string, string]>;
}

export function planParameters(operation: OperationMeta): ParameterPlan {
  const query = new Map<string, ParameterMeta>();
  const headers: Array<[string, string]> = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'query' && !query.has(parameter.name)) query.set(parameter.name, parameter);
    else if (parameter.in === 'header') headers.push([parameter.name, parameter.name.toLowerCase()]);
  }
  return { query: query.size > 0 ? query : undefined, headers };
}

const hexValue = (code: number) =>
  code >= 48 && code <= 57
    ? code - 48
    : code >= 65 && code <= 70
      ? code - 55
      : code >= 97 && code <= 102
        ? code - 87
        : -1;

/** `%XX` escapes of ASCII bytes decoded by hand (far cheaper than decodeURIComponent); undefined for anything else. */
function decodeAsciiEscapes(raw: string): string | undefined {
  let out = '';
  let from = 0;
  for (let at = raw.indexOf('%'); at !== -1; at = raw.indexOf('%', from)) {
    const high = hexValue(raw.charCodeAt(at + 1));
    const low = hexValue(raw.charCodeAt(at + 2));
    if (high < 0 || high > 7 || low < 0) return undefined;
    out += raw.slice(from, at) + String.fromCharCode(high * 16 + low);
    from = at + 3;
  }
  return out + raw.slice(from);
}

/** Percent-decoding exactly as URLSearchParams does it: `+` is a space, malformed escapes are kept. */
function decodeFormComponent(raw: string): string {
  const plus = raw.indexOf('+') === -1 ? raw : raw.replace(/\+/g, ' ');
  if (plus.indexOf('%') === -1) return plus;
  const ascii = decodeAsciiEscapes(plus);
  if (ascii !== undefined) return ascii;
  try {
    return decodeURIComponent(plus);
  } catch {
    // Malformed or non-UTF-8 escapes: URLSearchParams keeps the bytes it can and uses U+FFFD for the rest.
    return new URLSearchParams(`v=${raw}`).get('v') ?? '';
  }
}

/**
 * The declared query parameters of a query string, read as URLSearchParams reads it (pairs split
 * on `&`, the first `=` splits name from value), without decoding the pairs nobody declared.
 * Array parameters collect every value; the others take the first.
 */
function readQuery(search: string, declared: Map<string, ParameterMeta>, into: Record<string, unknown>) {
  const length = search.length;
  let start = search.charCodeAt(0) === 63 /* ? */ ? 1 : 0;
  while (start < length) {
    let end = search.indexOf('&', start);
    if (end === -1) end = length;
    if (end > start) {
      let equals = search.indexOf('=', start);
      if (equals === -1 || equals > end) equals = end;
      const name = decodeFormComponent(search.slice(start, equals));
      const parameter = declared.get(name);
      if (parameter) {
        const value = equals === end ? '' : decodeFormComponent(search.slice(equals + 1, end));
        // The contract's own name as the key: a constant string, unlike the one just sliced out.
        const key = parameter.name;
        const previous = into[key];
        // Only an own value counts as already read (`constructor` is on every object's prototype).
        const seen = previous !== undefined && Object.hasOwn(into, key);
        if (parameter.array) {
          if (seen) (previous as string[]).push(value);
          else into[key] = [value];
        } else if (!seen) into[key] = value;
      }
    }
    start = end + 1;
  }
}

/** Query and header parameters the operation declares; the query string is read only when it has any. */
export function collectParameters(plan: ParameterPlan, search: string, req: IncomingMessage) {
  const query: Record<string, unknown> = {};
  const headers: Record<string, unknown> = {};
  if (plan.query && search.length > 0) readQuery(search, plan.query, query);
  if (plan.headers.length > 0) {
    for (const [name, lower] of plan.headers) {
      const value = req.headers[lower];
      if (value !== undefined) headers[name] = value;
    }
  }
  return { query, headers };
}
