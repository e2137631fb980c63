/**
 * The request target (RFC 9112 §3.2) split into path and query without `new URL()`: a target
 * such as `//`, `//[` or `//a:b@/x` is a path here, not an authority, so it cannot throw and is
 * simply routed (usually to 404). Absolute-form targets (`http://host/path`, sent to proxies)
 * keep only their path and query.
 */
export interface Target {
  /** The path as sent, still percent-encoded. */
  path: string;
  /** The query string without its `?` (empty when there is none). */
  search: string;
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** Splits a request target; undefined when it is neither origin-form nor absolute-form. */
export function parseTarget(raw: string | undefined): Target | undefined {
  let target = raw ?? '/';
  if (!target.startsWith('/')) {
    const authority = ABSOLUTE_FORM.exec(target);
    if (!authority) return undefined;
    target = target.slice(authority[0].length) || '/';
    if (!target.startsWith('/')) target = `/${target}`;
  }
  const hash = target.indexOf('#');
  if (hash !== -1) target = target.slice(0, hash);
  const question = target.indexOf('?');
  return question === -1
    ? { path: target, search: '' }
    : { path: target.slice(0, question), search: target.slice(question + 1) };
}

/** Decodes a path for messages; undefined when its percent-encoding is not valid UTF-8. */
export function decodePath(path: string): string | undefined {
  try {
    return decodeURI(path);
  } catch {
    return undefined;
  }
}
