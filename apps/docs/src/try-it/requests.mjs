// What each try-it panel starts with, read from the contract: for an OpenAPI operation its method,
// path, parameters (path, query, header), credentials and body; for a JSON-RPC method its params.
// Values come from the contract's examples. A required parameter starts filled in; an optional one
// starts empty with its example as the hint, since optional ones can exclude each other
// (`sell_amount` or `buy_amount`).
import { deref } from '../refs.mjs';

/** @typedef {Record<string, any>} Json */
/** @typedef {{ name: string, in: 'path' | 'query' | 'header', required: boolean, value: string, hint: string }} TryItParam */
/** @typedef {{ header: string, hint: string }} TryItCredential */
/** @typedef {{ contentType: string, text: string }} TryItBody */
/**
 * @typedef {{ method: string, path: string, params: TryItParam[], credentials: TryItCredential[],
 *   body?: TryItBody }} TryItOperation
 */

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const PARAM_PLACES = ['path', 'query', 'header'];

/**
 * The first example value of a parameter, a media type or a schema, if any: `example`, then the
 * first of `examples`, then the schema's example, default or first enum value.
 * @param {Json} document
 * @param {Json} holder
 * @returns {unknown}
 */
export function exampleOf(document, holder) {
  if (holder.example !== undefined) return holder.example;
  const examples = holder.examples;
  if (examples && typeof examples === 'object' && !Array.isArray(examples)) {
    const first = Object.values(examples)[0];
    if (first !== undefined) return deref(document, first).value;
  }
  const schema = holder.schema ? deref(document, holder.schema) : undefined;
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  return Array.isArray(schema.enum) ? schema.enum[0] : undefined;
}

/**
 * A parameter value as it goes into a path, query or header: lists comma-separated (the OpenAPI
 * default style, `form` with `explode` off for them as well as `simple`).
 * @param {unknown} value
 * @returns {string}
 */
function asText(value) {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(asText).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A request body's media type the panel can edit as text, with its example: JSON first, then a
 * form, then plain text. Undefined for an operation without a body or with only multipart ones.
 * @param {Json} document
 * @param {Json | undefined} requestBody
 * @returns {TryItBody | undefined}
 */
function bodyOf(document, requestBody) {
  const content = requestBody ? (deref(document, requestBody).content ?? {}) : {};
  const types = Object.keys(content);
  const json = types.find((t) => /^application\/(.+\+)?json$/i.test(t));
  const form = types.find((t) => /^application\/x-www-form-urlencoded$/i.test(t));
  const text = types.find((t) => /^text\//i.test(t));
  const contentType = json ?? form ?? text;
  if (!contentType) return undefined;
  const example = exampleOf(document, content[contentType]);
  if (contentType === json) {
    return { contentType, text: example === undefined ? '' : JSON.stringify(example, null, 2) };
  }
  if (contentType === form && example && typeof example === 'object') {
    const fields = Object.entries(example).map(([key, value]) => [key, asText(value)]);
    return { contentType, text: new URLSearchParams(fields).toString() };
  }
  return { contentType, text: asText(example) };
}

/**
 * The headers an operation's security asks for, as optional fields: a bearer or basic token in
 * Authorization, an API key in its header. Query and cookie keys are left out.
 * @param {Json} document
 * @param {Json} operation
 * @returns {TryItCredential[]}
 */
function credentialsOf(document, operation) {
  const requirements = /** @type {Json[]} */ (operation.security ?? document.security ?? []);
  const schemes = document.components?.securitySchemes ?? {};
  /** @type {TryItCredential[]} */
  const credentials = [];
  for (const name of new Set(requirements.flatMap((r) => Object.keys(r ?? {})))) {
    const scheme = schemes[name] ? deref(document, schemes[name]) : undefined;
    /** @type {TryItCredential | undefined} */
    let credential;
    if (scheme?.type === 'http' && /^bearer$/i.test(scheme.scheme))
      credential = { header: 'Authorization', hint: `Bearer <${scheme.bearerFormat ?? 'token'}>` };
    else if (scheme?.type === 'http' && /^basic$/i.test(scheme.scheme))
      credential = { header: 'Authorization', hint: 'Basic <base64 of user:password>' };
    else if (scheme?.type === 'apiKey' && scheme.in === 'header')
      credential = { header: scheme.name, hint: `<${name}>` };
    if (credential && !credentials.some((c) => c.header.toLowerCase() === credential.header.toLowerCase()))
      credentials.push(credential);
  }
  return credentials;
}

/**
 * Every operation of an OpenAPI document as a try-it request, by operationId.
 * @param {Json} document
 * @returns {Record<string, TryItOperation>}
 */
export function openApiRequests(document) {
  /** @type {Record<string, TryItOperation>} */
  const requests = {};
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = deref(document, rawItem);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      // Operation parameters override the path item's of the same name and place.
      /** @type {Map<string, Json>} */
      const byKey = new Map();
      for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const param = deref(document, raw);
        if (PARAM_PLACES.includes(param.in)) byKey.set(`${param.in} ${param.name}`, param);
      }
      const params = [...byKey.values()].map((param) => {
        const required = param.in === 'path' || param.required === true;
        const example = asText(exampleOf(document, param));
        return { name: param.name, in: param.in, required, value: required ? example : '', hint: example };
      });
      const body = bodyOf(document, operation.requestBody);
      requests[operation.operationId] = {
        method: method.toUpperCase(),
        path,
        params,
        credentials: credentialsOf(document, operation),
        ...(body ? { body } : {}),
      };
    }
  }
  return requests;
}

/**
 * Every method of an OpenRPC document with the params of its first example as JSON text (by name,
 * or by position for `paramStructure: by-position`); empty for a method that takes none.
 * @param {Json} document
 * @returns {Record<string, { params: string }>}
 */
export function openRpcRequests(document) {
  /** @type {Record<string, { params: string }>} */
  const requests = {};
  for (const method of document.methods ?? []) {
    const example = method.examples?.[0] ? deref(document, method.examples[0]) : undefined;
    const pairs = (example?.params ?? []).map((/** @type {any} */ p) => deref(document, p));
    let params = '';
    if (pairs.length > 0) {
      const value =
        method.paramStructure === 'by-position'
          ? pairs.map((/** @type {Json} */ p) => p.value)
          : Object.fromEntries(pairs.map((/** @type {Json} */ p) => [p.name, p.value]));
      params = JSON.stringify(value, null, 2);
    }
    requests[method.name] = { params };
  }
  return requests;
}
