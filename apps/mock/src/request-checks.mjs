// What the guard checks before a request reaches Prism. Each check returns undefined when the
// request may pass, else `{ field, reason }`: the field named as the contract's errors name it
// (a path or query parameter, a header, `path`, `query` or `body`) and what is wrong with it,
// worded to follow the field's name (`id is not valid percent-encoded UTF-8`).
//
// Prism 5 ends its process on a path parameter that is not percent-encoded UTF-8 (`/ledgers/%ff`)
// and on an Accept or Content-Type header `content-type` cannot parse, answers 500 for a target
// `new URL` cannot read (`//`), and never answers a body it cannot parse (invalid JSON, an unknown
// charset). The checks follow the parsers Prism uses (`content-type`, `type-is`) so that whatever
// passes here parses there.
import contentType from 'content-type';

/** @typedef {{ field: string, reason: string }} Refusal */

const NOT_UTF8 = 'is not valid percent-encoded UTF-8';

/** Charsets a body may declare: those Prism's body reader decodes the way the guard does. */
const CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii', 'iso-8859-1', 'latin1']);

/** @param {string} text */
function decodes(text) {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Path templates (`/customer/{id}`) as segment lists, to name the parameter a bad segment fills.
 * @param {string[]} templates
 */
export function compileTemplates(templates) {
  return templates.map((template) => template.split('/'));
}

/**
 * The parameter a request path segment fills: the first template of the same length whose literal
 * segments all match; `path` when none does.
 * @param {string[][]} templates
 * @param {string[]} segments
 * @param {number} index
 */
function parameterAt(templates, segments, index) {
  for (const template of templates) {
    if (template.length !== segments.length) continue;
    const fits = template.every((part, i) => part.startsWith('{') || part === segments[i]);
    const name = /^\{(.+)\}$/.exec(template[index] ?? '')?.[1];
    if (fits && name) return name;
  }
  return 'path';
}

/**
 * The request target: an absolute path (not `//…`, which reads as a host), visible ASCII only,
 * every path segment and query name and value percent-encoded UTF-8.
 * @param {string} target
 * @param {string[][]} templates
 * @returns {Refusal | undefined}
 */
export function checkTarget(target, templates) {
  if (!target.startsWith('/') || target.startsWith('//'))
    return { field: 'path', reason: 'must be an absolute path starting with a single /' };
  if (!/^[\x21-\x7e]*$/.test(target))
    return { field: 'path', reason: 'must be ASCII, with other characters percent-encoded' };
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const segments = path.split('/');
  const bad = segments.findIndex((segment) => !decodes(segment));
  if (bad !== -1) return { field: parameterAt(templates, segments, bad), reason: NOT_UTF8 };
  if (queryStart === -1) return undefined;
  for (const pair of target.slice(queryStart + 1).split('&')) {
    const [name = '', value = ''] = pair.replaceAll('+', ' ').split(/=(.*)/s);
    if (!decodes(name)) return { field: 'query', reason: `has a parameter name that ${NOT_UTF8}` };
    if (!decodes(value)) return { field: decodeURIComponent(name), reason: NOT_UTF8 };
  }
  return undefined;
}

/** @param {string} value */
function parsesAsMediaType(value) {
  try {
    contentType.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Accept without its empty list elements (which Prism cannot parse either), undefined when none
 * is left; a Refusal when an element is not a media range.
 * @param {string | undefined} accept
 * @returns {{ accept?: string, refusal?: Refusal }}
 */
export function normalizeAccept(accept) {
  const ranges = (accept ?? '')
    .split(',')
    .map((range) => range.trim())
    .filter(Boolean);
  if (ranges.some((range) => !parsesAsMediaType(range)))
    return { refusal: { field: 'accept', reason: 'must be a comma-separated list of media ranges' } };
  return ranges.length ? { accept: ranges.join(', ') } : {};
}

/**
 * Content-Type: a media type whose charset, if any, is one the body can be read in.
 * @param {string | undefined} value
 * @returns {Refusal | undefined}
 */
export function checkContentType(value) {
  if (value === undefined || value.trim() === '') return undefined;
  if (!parsesAsMediaType(value)) return { field: 'content-type', reason: 'must be a media type' };
  const charset = contentType.parse(value).parameters.charset;
  if (charset !== undefined && !CHARSETS.has(charset.toLowerCase()))
    return { field: 'content-type', reason: `charset '${charset}' is not supported; send utf-8` };
  return undefined;
}

/**
 * Whether Prism reads a body of this type as JSON (`type-is` with application/json and
 * application/*+json).
 * @param {string | undefined} value
 */
export function isJsonType(value) {
  if (value === undefined || !parsesAsMediaType(value)) return false;
  const type = contentType.parse(value).type;
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
}

/**
 * A body that claims to be JSON must be JSON, in the charset it declares (UTF-8 by default).
 * @param {Buffer} body
 * @param {string | undefined} type
 * @returns {Refusal | undefined}
 */
export function checkBody(body, type) {
  if (body.length === 0 || !isJsonType(type)) return undefined;
  const charset = contentType.parse(/** @type {string} */ (type)).parameters.charset?.toLowerCase();
  const latin1 = charset === 'iso-8859-1' || charset === 'latin1';
  try {
    JSON.parse(latin1 ? body.toString('latin1') : new TextDecoder('utf-8', { fatal: true }).decode(body));
    return undefined;
  } catch {
    return { field: 'body', reason: 'is not valid JSON' };
  }
}
